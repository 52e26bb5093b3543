import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../defaults.ts'
import { validateScenario } from '../validate.ts'

describe('group.type and group.share (KIP-932)', () => {
  it('absent: a consumer group exactly as before (no type, no share fields)', () => {
    const r = validateScenario({ group: { consumers: 3 } })
    expect(r.ok).toBe(true)
    expect(r.scenario.group).toEqual(defaultScenario().group)
  })

  it("'consumer' normalises to absent; 'share' takes Kafka's defaults for what is not given", () => {
    expect(validateScenario({ group: { type: 'consumer' } }).scenario.group.type).toBeUndefined()
    const r = validateScenario({ group: { type: 'share', share: { 'group.share.delivery.count.limit': 3 } } })
    expect(r.ok).toBe(true)
    expect(r.scenario.group.type).toBe('share')
    expect(r.scenario.group.share).toEqual({
      'group.share.record.lock.duration.ms': 30000,
      'group.share.delivery.count.limit': 3,
      'group.share.partition.max.record.locks': 2000,
      releaseShare: 0,
      rejectShare: 0,
    })
  })

  it('rejects bad values with their path and ShareGroupConfig limit', () => {
    const bad = (share: object) => {
      const r = validateScenario({ group: { type: 'share', share } })
      return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)
    }
    expect(bad({ 'group.share.delivery.count.limit': 11 })).toEqual(['group.share["group.share.delivery.count.limit"]: must be ≤ 10'])
    expect(bad({ 'group.share.record.lock.duration.ms': 999 })).toEqual(['group.share["group.share.record.lock.duration.ms"]: must be ≥ 1000'])
    expect(bad({ 'group.share.partition.max.record.locks': 99 })).toEqual(['group.share["group.share.partition.max.record.locks"]: must be ≥ 100'])
    expect(bad({ releaseShare: 0.7, rejectShare: 0.5 })[0]).toMatch(/^group\.share\.rejectShare: releaseShare \+ rejectShare must be ≤ 1/)
    const t = validateScenario({ group: { type: 'queue' } })
    expect(t.ok).toBe(false)
    if (!t.ok) expect(t.errors[0]!.path).toBe('group.type')
  })

  it('ignores share settings of a consumer group without changing it', () => {
    const r = validateScenario({ group: { share: { releaseShare: 0.5 } } })
    expect(r.scenario.group.share).toBeUndefined()
  })
})
