// The two scenario fields an import needs to be faithful: a key histogram and a starting backlog.
// Both validate with paths, travel in links exactly, and stay absent from scenarios that do not use them.
import { describe, expect, it } from 'vitest'
import { applyCommandToScenario } from './applyCommand.ts'
import { decodeScenario, encodeScenario } from './codec.ts'
import { defaultScenario } from './defaults.ts'
import type { KeySpec, Scenario } from './types.ts'
import { validateScenario } from './validate.ts'

function imported(): Scenario {
  const s = defaultScenario()
  s.topic = { name: 'orders', partitions: 6, initialLag: [0, 1_200_000, 5, 0, 0, 17] }
  s.producers[0]!.keys = { kind: 'histogram', keys: [['tenant-42', 31], ['tenant-7', 4]], otherKeys: 900, otherShare: 0.65 }
  return s
}

const errorsOf = (input: unknown) => {
  const r = validateScenario(input)
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)
}

describe('key histogram and initial backlog in the schema', () => {
  it('round-trip through a link exactly', () => {
    expect(decodeScenario(encodeScenario(imported()))).toEqual({ ok: true, scenario: imported(), warnings: [] })
  })

  it('leave scenarios without them as they were (no initialLag field appears)', () => {
    const r = validateScenario({ topic: { name: 'x', partitions: 3 } })
    expect(r.ok && 'initialLag' in r.scenario.topic).toBe(false)
  })

  it.each<[string, unknown, string]>([
    ['a key twice', { kind: 'histogram', keys: [['a', 1], ['a', 2]], otherKeys: 0, otherShare: 0 }, 'producers[0].keys.keys[1][0]: "a" is already at producers[0].keys.keys[0]'],
    ['a negative weight', { kind: 'histogram', keys: [['a', -1]], otherKeys: 0, otherShare: 0 }, 'producers[0].keys.keys[0][1]: must be ≥ 0'],
    ['a pair that is not one', { kind: 'histogram', keys: [['a']], otherKeys: 0, otherShare: 0 }, 'producers[0].keys.keys[0]: must be a [key, weight] pair'],
    ['a share with no keys to land on', { kind: 'histogram', keys: [['a', 1]], otherKeys: 0, otherShare: 0.2 }, 'producers[0].keys.otherKeys: must be ≥ 1 while otherShare (0.2) is above 0'],
    ['named keys without weight', { kind: 'histogram', keys: [['a', 0]], otherKeys: 5, otherShare: 0.5 }, 'producers[0].keys.keys: must hold a key with a weight above 0 while otherShare (0.5) is below 1'],
    ['too many keys', { kind: 'histogram', keys: Array.from({ length: 4097 }, (_, i) => [`k${i}`, 1]), otherKeys: 0, otherShare: 0 }, 'producers[0].keys.keys: must have at most 4096 keys (got 4097); fold the rarest into otherKeys'],
  ])('reject a histogram with %s, naming the path', (_, keys, message) => {
    expect(errorsOf({ producers: [{ keys }] })).toEqual([message])
  })

  it.each<[string, unknown, string]>([
    ['more counts than partitions', [1, 2, 3, 4], 'topic.initialLag: must have at most one count per partition (3, got 4)'],
    ['a fraction', [1, 2.5], 'topic.initialLag[1]: must be an integer'],
    ['a negative count', [-1], 'topic.initialLag[0]: must be ≥ 0'],
    ['not an array', 7, 'topic.initialLag: must be an array of record counts, one per partition'],
  ])('reject an initial backlog with %s, naming the path', (_, initialLag, message) => {
    expect(errorsOf({ topic: { name: 't', partitions: 3, initialLag } })).toEqual([message])
  })

  it('accept a backlog shorter than the partitions (more partitions start empty), so "more partitions" stays valid', () => {
    const s = imported()
    const more = applyCommandToScenario(s, { do: 'addPartitions', count: 6 })
    expect(validateScenario({ ...more }).ok).toBe(true)
    expect(validateScenario({ ...s, topic: { ...s.topic, partitions: 12 } }).ok).toBe(true)
  })

  it('key sliders act on a histogram: the hot-key share takes over its most frequent key; the key count resizes the others', () => {
    const s = imported()
    const hot = applyCommandToScenario(s, { do: 'setHotKeyShare', share: 0.5 }).producers[0]!.keys
    expect(hot).toEqual<KeySpec>({ kind: 'hot', count: 902, hotKey: 'tenant-42', share: 0.5 })
    const resized = applyCommandToScenario(s, { do: 'setKeyCount', count: 102 }).producers[0]!.keys
    expect(resized).toEqual<KeySpec>({ kind: 'histogram', keys: [['tenant-42', 31], ['tenant-7', 4]], otherKeys: 100, otherShare: 0.65 })
    expect(validateScenario(applyCommandToScenario(s, { do: 'setKeyCount', count: 1 })).ok).toBe(true)
  })
})
