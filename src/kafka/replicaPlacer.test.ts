// KRaft's StripedReplicaPlacer with one rack: Kafka's own vectors where they do not depend on its
// MockRandom, and the properties the placer guarantees (StripedReplicaPlacer javadoc, its tests).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Rng } from '../engine/rng.ts'
import { InvalidReplicationFactorError, placeReplicas } from './replicaPlacer.ts'

const ids = (n: number) => Array.from({ length: n }, (_, i) => i)
/** A random stream that always draws `x` (Java's nextInt(bound) = floor(x × bound)). */
const fixed = (x: number) => ({ next: () => x })
const count = (n: number, of: number[][], pick: (r: number[]) => number[]) => {
  const c = new Array<number>(n).fill(0)
  for (const r of of) for (const b of pick(r)) c[b]!++
  return c
}
const spread = (c: number[]) => Math.max(...c) - Math.min(...c)

describe('placeReplicas (StripedReplicaPlacer, one rack)', () => {
  it('continues the stripe after the last partition\'s leader when partitions are added (Kafka testPlaceShiftsInitialOffsetsRackUnaware)', () => {
    const existing = [[7, 8, 9], [8, 9, 10]]
    const two = placeReplicas(ids(12), 2, 3, fixed(0.99), existing)
    expect(two).toEqual([[9, 10, 11], [10, 11, 0]])
    const four = placeReplicas(ids(12), 4, 3, fixed(0.99), [...existing, ...two])
    expect(four).toEqual([[11, 0, 1], [0, 1, 2], [1, 2, 3], [2, 3, 4]])
  })

  it('starts a new topic at a random broker and stripes from there', () => {
    // nextInt(4) with 0.5 → offset 2: replicas 2,3,0 then 3,0,1 … (Kafka testSuccessfulPlacement's first four).
    expect(placeReplicas([0, 3, 2, 1], 4, 3, fixed(0.5))).toEqual([[2, 3, 0], [3, 0, 1], [0, 1, 2], [1, 2, 3]])
  })

  it('refuses a replication factor it cannot place, with Kafka\'s messages', () => {
    expect(() => placeReplicas(ids(2), 1, 3, fixed(0))).toThrow('The target replication factor of 3 cannot be reached because only 2 broker(s) are registered.')
    expect(() => placeReplicas(ids(2), 1, 0, fixed(0))).toThrow('Invalid replication factor 0: the replication factor must be positive.')
  })

  const shape = fc.record({ brokers: fc.integer({ min: 1, max: 64 }), partitions: fc.integer({ min: 1, max: 300 }), seed: fc.nat() }).chain((s) =>
    fc.record({ brokers: fc.constant(s.brokers), partitions: fc.constant(s.partitions), seed: fc.constant(s.seed), rf: fc.integer({ min: 1, max: s.brokers }) }),
  )

  it('gives every partition rf replicas on distinct brokers, and leader counts that differ by at most one', () => {
    fc.assert(
      fc.property(shape, ({ brokers, partitions, rf, seed }) => {
        const placed = placeReplicas(ids(brokers), partitions, rf, Rng.create(seed, 4))
        expect(placed).toHaveLength(partitions)
        // Plain checks in the loop (an expect per replica makes the property slow), one assertion.
        const bad = placed.filter((r) => r.length !== rf || new Set(r).size !== rf || r.some((b) => !(b >= 0 && b < brokers)))
        expect(bad).toEqual([])
        expect(spread(count(brokers, placed, (r) => [r[0]!]))).toBeLessThanOrEqual(1)
      }),
      { numRuns: 300, seed: 12 },
    )
  })

  it('gives every broker the same number of replicas over whole stripes (partitions a multiple of brokers)', () => {
    fc.assert(
      fc.property(shape, ({ brokers, partitions, rf, seed }) => {
        const whole = brokers * Math.max(1, Math.floor(partitions / brokers))
        const placed = placeReplicas(ids(brokers), whole, rf, Rng.create(seed, 4))
        expect(spread(count(brokers, placed, (r) => r))).toBe(0)
      }),
      { numRuns: 200, seed: 13 },
    )
  })

  it('spreads the leaders of added partitions too, each on distinct brokers', () => {
    fc.assert(
      fc.property(shape, fc.integer({ min: 1, max: 200 }), ({ brokers, partitions, rf, seed }, added) => {
        const rng = Rng.create(seed, 4)
        const first = placeReplicas(ids(brokers), partitions, rf, rng)
        const more = placeReplicas(ids(brokers), added, rf, rng, first)
        expect(more.filter((r) => new Set(r).size !== rf)).toEqual([])
        expect(spread(count(brokers, more, (r) => [r[0]!]))).toBeLessThanOrEqual(1)
        // The stripe goes on from the broker after the last leader.
        expect(more[0]![0]).toBe((first[first.length - 1]![0]! + 1) % brokers)
      }),
      { numRuns: 200, seed: 14 },
    )
  })

  it('leads on unfenced brokers and takes a fenced one only when the unfenced run out (Kafka testPlacementOnFencedReplicaOnSingleRack)', () => {
    // Unfenced 2 and 3, fenced 1, rf 3: the fenced broker is every partition's last replica, never its leader.
    expect(placeReplicas([3, 1, 2], 4, 3, fixed(0.99), [], new Set([1]))).toEqual([[3, 2, 1], [2, 3, 1], [3, 2, 1], [2, 3, 1]])
    // One unfenced broker, rf 1: all on it (Kafka testMultiPartitionTopicPlacementOnSingleUnfencedBroker).
    expect(placeReplicas([0, 1], 3, 1, fixed(0.5), [], new Set([1]))).toEqual([[0], [0], [0]])
    // Added partitions whose last leader (1) is fenced now: no offset to continue from, a random start
    // over the unfenced 0, 2, 3 (nextInt(3) = 0 here) instead of the broker after it.
    expect(placeReplicas(ids(4), 2, 2, fixed(0.1), [[0, 1], [1, 2]], new Set([1]))).toEqual([[0, 2], [2, 3]])
    expect(placeReplicas(ids(4), 2, 2, fixed(0.1), [[0, 1], [1, 2]])).toEqual([[2, 3], [3, 0]])
  })

  it('refuses to place when every broker is fenced, and counts fenced brokers as registered (Kafka\'s messages)', () => {
    expect(() => placeReplicas(ids(3), 2, 1, fixed(0), [[0]], new Set([0, 1, 2]))).toThrow(InvalidReplicationFactorError)
    expect(() => placeReplicas(ids(3), 2, 1, fixed(0), [[0]], new Set([0, 1, 2]))).toThrow('All brokers are currently fenced.')
    expect(() => placeReplicas(ids(3), 1, 4, fixed(0), [], new Set([2]))).toThrow('The target replication factor of 4 cannot be reached because only 3 broker(s) are registered.')
    // rf 3 with one of three brokers fenced is placeable: the fenced one is a last-resort follower.
    expect(placeReplicas(ids(3), 1, 3, fixed(0), [], new Set([2]))[0]).toEqual([0, 1, 2])
  })

  it('with some brokers fenced: unfenced leaders spread evenly, fenced replicas only to make up rf', () => {
    const withFenced = fc.record({ brokers: fc.integer({ min: 2, max: 24 }), partitions: fc.integer({ min: 1, max: 120 }), seed: fc.nat(), mask: fc.nat(), added: fc.boolean() }).chain((s) =>
      fc.record({ s: fc.constant(s), rf: fc.integer({ min: 1, max: s.brokers }) }),
    )
    fc.assert(
      fc.property(withFenced, ({ s, rf }) => {
        // A non-empty fenced subset that leaves at least one broker unfenced.
        const fenced = new Set(ids(s.brokers).filter((b) => b > 0 && ((s.mask >> (b % 30)) & 1) === 1))
        const unfenced = s.brokers - fenced.size
        const rng = Rng.create(s.seed, 4)
        const existing = s.added ? placeReplicas(ids(s.brokers), 5, rf, rng) : []
        const placed = placeReplicas(ids(s.brokers), s.partitions, rf, rng, existing, fenced)
        const bad = placed.filter((r) => r.length !== rf || new Set(r).size !== rf || fenced.has(r[0]!) || r.filter((b) => fenced.has(b)).length !== Math.max(0, rf - unfenced))
        expect(bad).toEqual([])
        const leaders = count(s.brokers, placed, (r) => [r[0]!]).filter((_, b) => !fenced.has(b))
        expect(spread(leaders)).toBeLessThanOrEqual(1)
      }),
      { numRuns: 300, seed: 15 },
    )
  })

  it('is a pure function of its random stream: the same seed places the same way', () => {
    expect(placeReplicas(ids(7), 40, 3, Rng.create(5, 4))).toEqual(placeReplicas(ids(7), 40, 3, Rng.create(5, 4)))
    expect(placeReplicas(ids(7), 40, 3, Rng.create(5, 4))).not.toEqual(placeReplicas(ids(7), 40, 3, Rng.create(6, 4)))
  })
})
