// Which keys a producer's records carry, reduced to what the batch engine needs:
// a few *tracked* keys followed individually (the hot key, the top Zipf ranks, keys with a cost,
// and a handful of ordinary sample keys for per-key order checks), and the *tail*: every other
// key, folded into per-partition weights by the default partitioner (murmur2, Kafka's rule).
// Pure; recomputed when the partition count or the key distribution changes.

import { partitionForKey } from '../kafka/murmur2.ts'
import type { KeySpec } from '../scenario/types.ts'

export type TrackedRole = 'hot' | 'top' | 'cost' | 'sample'

export interface TrackedKey {
  name: string
  /** Probability that a record carries this key. */
  prob: number
  cost: number
  role: TrackedRole
  /** Partition under the default partitioner for the current partition count. */
  partition: number
}

export interface KeyModel {
  keyless: boolean
  /** Number of distinct keys (0 when keyless). */
  keyCount: number
  tracked: TrackedKey[]
  /** Probability mass of untracked keys. */
  tailProb: number
  /** Untracked keys (count), for extrapolating per-key figures from the sample keys. */
  tailKeys: number
  /** For the tail: share of tail records each partition receives (sums to 1), length = partitions. */
  tailWeights: Float64Array
}

const TOP_KEYS = 12
const SAMPLE_KEYS = 8
/** Below this many keys, every key is tracked and there is no tail. */
const TRACK_ALL_BELOW = 24

export function keyName(i: number): string {
  return `key-${i}`
}

/** Probability of the i-th ordinary key (0-based), before tracking. */
function keyProbabilities(spec: KeySpec): { names: (i: number) => string; count: number; prob: (i: number) => number; hot: { name: string; share: number } | null } {
  switch (spec.kind) {
    case 'keyless':
      return { names: keyName, count: 0, prob: () => 0, hot: null }
    case 'uniform':
      return { names: keyName, count: spec.count, prob: () => 1 / spec.count, hot: null }
    case 'zipf': {
      let h = 0
      for (let i = 0; i < spec.count; i++) h += Math.pow(i + 1, -spec.s)
      return { names: keyName, count: spec.count, prob: (i) => Math.pow(i + 1, -spec.s) / h, hot: null }
    }
    case 'hot': {
      const rest = 1 - spec.share
      return { names: keyName, count: spec.count, prob: () => rest / spec.count, hot: { name: spec.hotKey, share: spec.share } }
    }
  }
}

export function buildKeyModel(spec: KeySpec, keyCost: Readonly<Record<string, number>>, partitions: number): KeyModel {
  const tailWeights = new Float64Array(partitions)
  if (spec.kind === 'keyless') {
    return { keyless: true, keyCount: 0, tracked: [], tailProb: 0, tailKeys: 0, tailWeights }
  }
  const kp = keyProbabilities(spec)
  const tracked: TrackedKey[] = []
  const trackedIdx = new Set<number>()
  // Own properties only: a key named "constructor" must not find Object.prototype's.
  const costOf = (name: string) => (Object.prototype.hasOwnProperty.call(keyCost, name) ? (keyCost[name] ?? 1) : 1)
  const track = (name: string, prob: number, role: TrackedRole) =>
    tracked.push({ name, prob, cost: costOf(name), role, partition: partitionForKey(name, partitions) })

  if (kp.hot) track(kp.hot.name, kp.hot.share, 'hot')
  if (kp.count <= TRACK_ALL_BELOW) {
    for (let i = 0; i < kp.count; i++) trackedIdx.add(i)
  } else {
    if (spec.kind === 'zipf') for (let i = 0; i < TOP_KEYS; i++) trackedIdx.add(i)
    for (let j = 0; j < SAMPLE_KEYS; j++) trackedIdx.add(Math.floor(((j + 0.5) * kp.count) / SAMPLE_KEYS))
    for (const name of Object.keys(keyCost)) {
      const m = /^key-(\d+)$/.exec(name)
      if (m && Number(m[1]) < kp.count) trackedIdx.add(Number(m[1]))
    }
  }
  const sorted = [...trackedIdx].sort((a, b) => a - b)
  for (const i of sorted) {
    const name = kp.names(i)
    const role: TrackedRole = costOf(name) !== 1 ? 'cost' : spec.kind === 'zipf' && i < TOP_KEYS ? 'top' : 'sample'
    track(name, kp.prob(i), role)
  }
  // The tail: every ordinary key not tracked, weighted by its probability, folded per partition.
  let tailProb = 0
  for (let i = 0; i < kp.count; i++) {
    if (trackedIdx.has(i)) continue
    const p = kp.prob(i)
    tailWeights[partitionForKey(kp.names(i), partitions)]! += p
    tailProb += p
  }
  if (tailProb > 0) for (let p = 0; p < partitions; p++) tailWeights[p]! /= tailProb
  // Hottest first: colour index 0 is the hottest key.
  tracked.sort((a, b) => b.prob - a.prob || (a.name < b.name ? -1 : 1))
  return { keyless: false, keyCount: kp.count + (kp.hot ? 1 : 0), tracked, tailProb, tailKeys: kp.count - trackedIdx.size, tailWeights }
}

/** The key a salted record carries: salt `s` of `key` (hot-key salting, "key#0" … "key#k-1"). */
export function saltedKey(key: string, s: number): string {
  return `${key}#${s}`
}

/** The distinct partitions a key salted over `splits` salts lands on, ascending. */
export function saltedPartitions(key: string, splits: number, partitions: number): number[] {
  const set = new Set<number>()
  for (let s = 0; s < splits; s++) set.add(partitionForKey(saltedKey(key, s), partitions))
  return [...set].sort((a, b) => a - b)
}

/** Every key name of a spec (for counting remapped keys when partitions are added). */
export function allKeyNames(spec: KeySpec): string[] {
  if (spec.kind === 'keyless') return []
  const out: string[] = []
  for (let i = 0; i < spec.count; i++) out.push(keyName(i))
  if (spec.kind === 'hot') out.push(spec.hotKey)
  return out
}
