// Which keys an imported scenario's records carry, so that a run reproduces what was measured.
// With a key sample: its histogram (the most frequent keys by name, the rest as uniform others).
// Without one but with per-partition rates: synthetic keys placed by murmur2 so each partition gets
// exactly its measured share (a uniform base over many keys, plus one key per partition for the
// excess over that base). Pure.

import { partitionForKey } from '../../kafka/murmur2.ts'
import type { KeySpec } from '../types.ts'
import { LIMITS } from '../validation/limits.ts'
import type { KeySample } from './types.ts'

/** Named keys a sample's histogram keeps (the rest fold into `otherKeys`), so links stay short. */
export const SAMPLE_NAMED_KEYS = 100

export interface KeysFromSample {
  keys: KeySpec
  /** Records of the sample without a key, folded into the others (a histogram has no null key). */
  nullRecords: number
  named: number
  others: number
}

const KEY_NAME_MAX = LIMITS.keyNameChars

/**
 * Share of the sample's keyed records seen on another partition than murmur2 puts their key on
 * with `partitions` partitions: above a few percent, the producer has its own partitioner (or the
 * sample is from another partition count), and a run routing by murmur2 will place them elsewhere.
 */
export function misroutedShare(sample: KeySample, partitions: number): number {
  let keyed = 0
  let off = 0
  for (const e of sample.keys) {
    if (e.key === null || e.partitions.length !== 1) continue
    keyed += e.count
    if (e.partitions[0] !== partitionForKey(e.key, partitions)) off += e.count
  }
  return keyed > 0 ? off / keyed : 0
}

/** A histogram from a record sample: the top keys by count, the rest uniform; null when it has no keyed record. */
export function keysFromSample(sample: KeySample): KeysFromSample | null {
  let nullRecords = 0
  const keyed: Array<[string, number]> = []
  for (const e of sample.keys) {
    if (e.key === null) nullRecords += e.count
    // A key the schema cannot carry (too long) is counted with the others.
    else if (e.count > 0 && e.key !== '__proto__' && [...e.key].length <= KEY_NAME_MAX) keyed.push([e.key, e.count])
    else nullRecords += e.count
  }
  if (keyed.length === 0) return null
  keyed.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const top = keyed.slice(0, SAMPLE_NAMED_KEYS)
  const rest = keyed.slice(SAMPLE_NAMED_KEYS)
  const total = keyed.reduce((s, [, c]) => s + c, 0) + nullRecords
  const restRecords = rest.reduce((s, [, c]) => s + c, 0) + nullRecords
  // The others stand for the keys seen once or a few times: at least as many as were seen.
  const others = restRecords > 0 ? Math.max(1, rest.length) : 0
  return {
    keys: { kind: 'histogram', keys: top, otherKeys: others, otherShare: total > 0 ? restRecords / total : 0 },
    nullRecords,
    named: top.length,
    others,
  }
}

/** Ordinary keys per partition behind the uniform base (more keys: closer to even; capped for cost). */
const BASE_KEYS_PER_PARTITION = 100
const BASE_KEYS_MAX = 100_000

/** A hundred ordinary keys a partition (at least the default scenario's 1000), at most `cap`. */
function keysPerPartition(P: number, cap: number): number {
  return Math.min(cap, Math.max(1000, BASE_KEYS_PER_PARTITION * P))
}

/**
 * How many uniform keys an import assumes when it has neither a key sample nor per-partition rates:
 * a hundred a partition, so each partition's share is within a few per cent of the mean and none
 * looks hot. At 10 000 partitions 1000 keys left nine lanes in ten empty and flagged the others hot.
 * At most the key model's limit.
 */
export function assumedKeyCount(P: number): number {
  return keysPerPartition(P, LIMITS.keyCount.max)
}

/**
 * Keys that put `rates[p]` of every `sum(rates)` records on partition p under murmur2 with
 * `rates.length` partitions, exactly. The base is `key-0 …` uniform, scaled as high as every
 * partition allows; each partition's excess over it is one named key `synthetic-N` that hashes there.
 */
export function keysForRates(rates: readonly number[]): KeySpec | null {
  const P = rates.length
  const total = rates.reduce((s, r) => s + r, 0)
  if (P === 0 || !(total > 0)) return null
  const others = keysPerPartition(P, BASE_KEYS_MAX)
  const hits = new Array<number>(P).fill(0)
  for (let i = 0; i < others; i++) hits[partitionForKey(`key-${i}`, P)]!++
  // The base rate B: records/s over all others, as high as the least-loaded partition allows.
  let base = Infinity
  for (let p = 0; p < P; p++) if (hits[p]! > 0) base = Math.min(base, (rates[p]! * others) / hits[p]!)
  if (!Number.isFinite(base)) base = 0
  const excess = rates.map((r, p) => Math.max(0, r - (base * hits[p]!) / others))
  const names = keysOnPartitions(excess.map((e) => e > total * 1e-9), P)
  const keys: Array<[string, number]> = []
  for (let p = 0; p < P; p++) {
    const name = names[p]
    if (name !== undefined) keys.push([name, excess[p]!])
  }
  if (keys.length === 0) return { kind: 'uniform', count: others }
  return { kind: 'histogram', keys, otherKeys: base > 0 ? others : 0, otherShare: base > 0 ? Math.min(1, base / total) : 0 }
}

/** For each wanted partition, a name `synthetic-N` that murmur2 puts there (first come, first kept). */
function keysOnPartitions(want: readonly boolean[], P: number): Array<string | undefined> {
  const out: Array<string | undefined> = new Array(P)
  let missing = want.filter(Boolean).length
  // About P·ln P names fill every partition; the cap only guards against a pathological P.
  const cap = 64 * P * Math.ceil(Math.log(P + 1)) + 1024
  for (let i = 0; missing > 0 && i < cap; i++) {
    const name = `synthetic-${i}`
    const p = partitionForKey(name, P)
    if (want[p] && out[p] === undefined) {
      out[p] = name
      missing--
    }
  }
  return out
}
