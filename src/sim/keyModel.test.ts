import { describe, expect, it } from 'vitest'
import { partitionForKey } from '../kafka/murmur2.ts'
import { buildKeyModel } from './keyModel.ts'

describe('key model', () => {
  it("puts the hot key's share on its murmur2 partition and spreads the rest by the keys' own hashes", () => {
    const m = buildKeyModel({ kind: 'hot', count: 1000, hotKey: 'global-marketplace', share: 0.45 }, {}, 12)
    expect(m.tracked[0]).toMatchObject({ name: 'global-marketplace', prob: 0.45, role: 'hot', partition: partitionForKey('global-marketplace', 12) })
    const total = m.tracked.reduce((a, t) => a + t.prob, 0) + m.tailProb
    expect(total).toBeCloseTo(1, 12)
    expect(m.tailWeights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    // the tail weights are the untracked keys' hash partitions, counted
    const counts = new Array<number>(12).fill(0)
    const tracked = new Set(m.tracked.map((t) => t.name))
    for (let i = 0; i < 1000; i++) if (!tracked.has(`key-${i}`)) counts[partitionForKey(`key-${i}`, 12)]!++
    const n = counts.reduce((a, b) => a + b, 0)
    counts.forEach((c, p) => expect(m.tailWeights[p]).toBeCloseTo(c / n, 12))
  })

  it('tracks the top Zipf ranks hottest first, and keys that have a cost', () => {
    const m = buildKeyModel({ kind: 'zipf', count: 5000, s: 1.1 }, { 'key-4000': 3 }, 8)
    expect(m.tracked[0]!.name).toBe('key-0')
    for (let i = 1; i < m.tracked.length; i++) expect(m.tracked[i - 1]!.prob).toBeGreaterThanOrEqual(m.tracked[i]!.prob)
    expect(m.tracked.find((t) => t.name === 'key-4000')).toMatchObject({ cost: 3, role: 'cost' })
  })

  it('ignores inherited property names as key costs', () => {
    const m = buildKeyModel({ kind: 'uniform', count: 10 }, {}, 4)
    expect(m.tracked.every((t) => t.cost === 1)).toBe(true)
    expect(m.tailProb).toBe(0) // below 24 keys every key is tracked
  })

  it.each(['constructor', 'toString', 'valueOf', '__defineGetter__'])('gives a hot key named %s the cost 1 unless it has one of its own', (hotKey) => {
    const plain = buildKeyModel({ kind: 'hot', count: 100, hotKey, share: 0.5 }, {}, 4)
    expect(plain.tracked.find((t) => t.role === 'hot')).toMatchObject({ name: hotKey, cost: 1 })
    const costly = buildKeyModel({ kind: 'hot', count: 100, hotKey, share: 0.5 }, { [hotKey]: 2.5 }, 4)
    expect(costly.tracked.find((t) => t.role === 'hot')!.cost).toBe(2.5)
  })

  it('has no keys when keyless', () => {
    const m = buildKeyModel({ kind: 'keyless' }, {}, 4)
    expect(m.keyless).toBe(true)
    expect(m.tracked).toEqual([])
  })
})

describe('key model of a histogram', () => {
  it('gives each named key its weight share on its own murmur2 partition and spreads the others uniformly', () => {
    const keys: Array<[string, number]> = Array.from({ length: 30 }, (_, i) => [`tenant-${i}`, i === 0 ? 300 : 10])
    const m = buildKeyModel({ kind: 'histogram', keys, otherKeys: 2000, otherShare: 0.2 }, {}, 16)
    const named = 300 + 29 * 10
    expect(m.tracked[0]).toMatchObject({ name: 'tenant-0', prob: (300 / named) * 0.8, role: 'top', partition: partitionForKey('tenant-0', 16) })
    // each partition's expected share: tracked keys on their partitions + tail weights
    const byPartition = new Array<number>(16).fill(0)
    for (const t of m.tracked) byPartition[t.partition]! += t.prob
    for (let p = 0; p < 16; p++) byPartition[p]! += m.tailProb * m.tailWeights[p]!
    const expected = new Array<number>(16).fill(0)
    for (const [k, w] of keys) expected[partitionForKey(k, 16)]! += (w / named) * 0.8
    for (let i = 0; i < 2000; i++) expected[partitionForKey(`key-${i}`, 16)]! += 0.2 / 2000
    byPartition.forEach((x, p) => expect(x).toBeCloseTo(expected[p]!, 12))
    expect(m.keyCount).toBe(2030)
  })

  it('treats a named key that is also an ordinary key-N as one key, tracked once', () => {
    const m = buildKeyModel({ kind: 'histogram', keys: [['key-3', 5]], otherKeys: 10, otherShare: 0.5 }, {}, 4)
    expect(m.tracked.filter((t) => t.name === 'key-3')).toHaveLength(1)
    const total = m.tracked.reduce((a, t) => a + t.prob, 0) + m.tailProb
    expect(total).toBeCloseTo(1, 12)
  })
})
