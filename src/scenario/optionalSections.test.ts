// Dotted override paths into an optional section the scenario lacks (`cluster`): the CLI's --set,
// compare --variant and the page's compare sides all go through applyOverrides.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from './defaults.ts'
import { applyOverrides, parseVariant, variantScenario } from './overrides.ts'

describe('overrides into an absent optional section', () => {
  it('sets one field of the default cluster', () => {
    const s = defaultScenario()
    const r = applyOverrides(s, { 'cluster.brokers': 6, 'cluster.replication.factor': 3 })
    expect(r.ok && r.scenario.cluster).toEqual({ brokers: 6, 'replication.factor': 3, 'min.insync.replicas': 1, brokerCapacityPerSec: null })
    expect('cluster' in s).toBe(false)
  })

  it('names the path of a value the validator rejects, and of a field the cluster does not have', () => {
    expect(applyOverrides(defaultScenario(), { 'cluster.replication.factor': 4 })).toEqual({
      ok: false,
      path: 'cluster.replication.factor',
      message: 'must be at most the number of brokers (3): each replica needs its own broker',
    })
    const r = applyOverrides(defaultScenario(), { 'cluster.racks': 2 })
    expect(r.ok).toBe(false)
    expect(!r.ok && r.message).toMatch(/unknown path/)
  })

  it('reads a compare variant of the broker count, and refuses it mid-run (a restart-level setting)', () => {
    const v = parseVariant('six brokers: cluster.brokers=6')
    expect(v.ok).toBe(true)
    if (!v.ok) return
    const r = variantScenario(defaultScenario(), v.variant)
    expect(r.ok && r.scenario.cluster?.brokers).toBe(6)
    const late = parseVariant('six brokers@10: cluster.brokers=6')
    if (!late.ok) throw new Error(late.message)
    const l = variantScenario(defaultScenario(), late.variant)
    expect(!l.ok && l.message).toMatch(/cannot change during a run/)
  })
})
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
