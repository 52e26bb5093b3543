// A mergeable log-bucket histogram of latencies (ms), weighted by record counts.
// Buckets grow by 2 % so any percentile is within ±1 % of the exact value; two histograms merge
// by adding their arrays. Plain data (a Float64Array), so it checkpoints by copy.

const GROWTH = 1.02
const LOG_GROWTH = Math.log(GROWTH)
/** Bucket 0 holds [0, 0.1 ms); bucket i ≥ 1 holds [0.1·g^(i-1), 0.1·g^i). Covers up to ~10 days. */
const BASE = 0.1
export const HISTOGRAM_BUCKETS = 1300

export function createHistogram(): Float64Array {
  return new Float64Array(HISTOGRAM_BUCKETS)
}

export function bucketOf(ms: number): number {
  if (!(ms >= BASE)) return 0
  const i = 1 + Math.floor(Math.log(ms / BASE) / LOG_GROWTH)
  return i < HISTOGRAM_BUCKETS ? i : HISTOGRAM_BUCKETS - 1
}

/** The geometric middle of a bucket: what a percentile reports. */
export function bucketValue(i: number): number {
  if (i === 0) return 0
  return BASE * Math.pow(GROWTH, i - 0.5)
}

// A small cache of latency → bucket: one poll's partitions deliver records of the same few send
// cycles at the same moment, so the same latencies come again and again (Math.log was 4–6 % of a
// 10 000-partition run). Direct-mapped on the value's bits; the same bucket either way.
const CACHE = 16
const cacheMs = new Float64Array(CACHE).fill(-1)
const cacheBucket = new Int32Array(CACHE)

export function recordLatency(h: Float64Array, ms: number, count: number): void {
  const k = Math.imul((ms * 1024) | 0, 0x9e3779b1) >>> 28 // Fibonacci hashing: send cycles 5 ms apart must not share a slot
  let b: number
  if (cacheMs[k] === ms) b = cacheBucket[k]!
  else {
    b = bucketOf(ms)
    cacheMs[k] = ms
    cacheBucket[k] = b
  }
  h[b]! += count
}

export function mergeInto(into: Float64Array, from: Float64Array): void {
  for (let i = 0; i < HISTOGRAM_BUCKETS; i++) into[i]! += from[i]!
}

/** The q-quantile (0..1), or null when the histogram is empty: no records, no latency (not 0 ms). */
export function quantile(h: Float64Array, q: number): number | null {
  let total = 0
  for (let i = 0; i < HISTOGRAM_BUCKETS; i++) total += h[i]!
  if (total === 0) return null
  const target = q * total
  let acc = 0
  for (let i = 0; i < HISTOGRAM_BUCKETS; i++) {
    acc += h[i]!
    if (acc >= target && h[i]! > 0) return bucketValue(i)
  }
  return bucketValue(HISTOGRAM_BUCKETS - 1)
}

export function maxValue(h: Float64Array): number {
  for (let i = HISTOGRAM_BUCKETS - 1; i >= 0; i--) if (h[i]! > 0) return bucketValue(i)
  return 0
}
