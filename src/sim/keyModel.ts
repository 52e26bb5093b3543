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
    case 'histogram':
      // The named keys are handled by histogramKeys(); here only the uniform others.
      return { names: keyName, count: spec.otherKeys, prob: () => (spec.otherKeys > 0 ? spec.otherShare / spec.otherKeys : 0), hot: null }
  }
}

/**
 * A histogram's named keys with their probabilities, most frequent first (ties by name): the top
 * ones and those with a cost are tracked, the rest go to the tail on their own murmur2 partitions.
 */
function histogramKeys(spec: Extract<KeySpec, { kind: 'histogram' }>, hasCost: (name: string) => boolean): { tracked: Array<[string, number]>; tail: Array<[string, number]> } {
  let sum = 0
  for (const [, w] of spec.keys) sum += w
  const mass = sum > 0 ? 1 - spec.otherShare : 0
  const named = spec.keys
    .map(([k, w]): [string, number] => [k, sum > 0 ? (w / sum) * mass : 0])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const tracked: Array<[string, number]> = []
  const tail: Array<[string, number]> = []
  named.forEach((e, i) => ((i < TOP_KEYS && e[1] > 0) || hasCost(e[0]) ? tracked : tail).push(e))
  return { tracked, tail }
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
  // A histogram's named keys: tracked ones by name; the rest folded into the tail right away.
  const named = spec.kind === 'histogram' ? histogramKeys(spec, (k) => costOf(k) !== 1) : { tracked: [], tail: [] }
  for (const [name, prob] of named.tracked) track(name, prob, costOf(name) !== 1 ? 'cost' : 'top')
  const trackedNames = new Set(named.tracked.map((e) => e[0]))
  let tailProb = 0
  for (const [name, prob] of named.tail) {
    tailWeights[partitionForKey(name, partitions)]! += prob
    tailProb += prob
  }
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
  // An ordinary key that is also a named one is the same key: it stays with the named one's entry.
  for (const i of trackedIdx) if (trackedNames.has(kp.names(i))) trackedIdx.delete(i)
  const sorted = [...trackedIdx].sort((a, b) => a - b)
  for (const i of sorted) {
    const name = kp.names(i)
    const role: TrackedRole = costOf(name) !== 1 ? 'cost' : spec.kind === 'zipf' && i < TOP_KEYS ? 'top' : 'sample'
    track(name, kp.prob(i), role)
  }
  // The tail: every ordinary key not tracked, weighted by its probability, folded per partition.
  for (let i = 0; i < kp.count; i++) {
    if (trackedIdx.has(i)) continue
    const p = kp.prob(i)
    tailWeights[partitionForKey(kp.names(i), partitions)]! += p
    tailProb += p
  }
  if (tailProb > 0) for (let p = 0; p < partitions; p++) tailWeights[p]! /= tailProb
  // Hottest first: colour index 0 is the hottest key.
  tracked.sort((a, b) => b.prob - a.prob || (a.name < b.name ? -1 : 1))
  return {
    keyless: false,
    keyCount: kp.count + (kp.hot ? 1 : 0) + named.tracked.length + named.tail.length,
    tracked,
    tailProb,
    tailKeys: kp.count - trackedIdx.size + named.tail.length,
    tailWeights,
  }
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
  const others = spec.kind === 'histogram' ? spec.otherKeys : spec.count
  for (let i = 0; i < others; i++) out.push(keyName(i))
  if (spec.kind === 'histogram') for (const [name] of spec.keys) if (!/^key-(0|[1-9]\d*)$/.test(name) || Number(name.slice(4)) >= others) out.push(name)
  if (spec.kind === 'hot') out.push(spec.hotKey)
  return out
}
