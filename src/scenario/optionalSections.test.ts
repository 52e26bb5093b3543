import { describe, expect, it } from 'vitest'
import { defaultScenario } from './defaults.ts'
import { applyOverrides, parseVariant, variantScenario } from './overrides.ts'

describe('override paths into optional sections', () => {
  it('a share-group setting can be set before the section exists, in either order with group.type', () => {
    for (const set of [
      { 'group.share.releaseShare': 0.2, 'group.type': 'share' },
      { 'group.type': 'share', 'group.share.group.share.record.lock.duration.ms': 5000 },
    ]) {
      const r = applyOverrides(defaultScenario(), set)
      expect(r.ok).toBe(true)
      if (r.ok) expect(r.scenario.group.type).toBe('share')
    }
    const r = applyOverrides(defaultScenario(), { 'group.type': 'share', 'group.share.group.share.record.lock.duration.ms': 5000 })
    if (r.ok) expect(r.scenario.group.share!['group.share.record.lock.duration.ms']).toBe(5000)
  })

  it('a bad value names its path; a consumer group drops the share section', () => {
    const bad = applyOverrides(defaultScenario(), { 'group.type': 'share', 'group.share.group.share.delivery.count.limit': 20 })
    expect(bad).toMatchObject({ ok: false, path: 'group.share.group.share.delivery.count.limit' })
    const consumer = applyOverrides(defaultScenario(), { 'group.share.releaseShare': 0.2 })
    expect(consumer.ok && consumer.scenario.group.share).toBe(undefined)
  })

  it("a compare variant 'share: group.type=share' runs the same scenario as a share group", () => {
    const v = parseVariant('share: group.type=share, group.share.rejectShare=0.1')
    expect(v.ok).toBe(true)
    if (!v.ok) return
    const r = variantScenario(defaultScenario(), v.variant)
    expect(r.ok && r.scenario.group.share?.rejectShare).toBe(0.1)
  })
})
