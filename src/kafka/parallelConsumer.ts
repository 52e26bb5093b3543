// Confluent Parallel Consumer (PC) rules the simulator needs, as pure functions: its options and
// defaults (io.confluent.parallelconsumer.ParallelConsumerOptions), the list scheduling of a
// consumer's work over its maxConcurrency workers, the per-key order it gives up in UNORDERED mode,
// and the size of the offset map it writes into the commit metadata (offsets.OffsetMapCodecManager,
// BitSetEncoder, RunLengthEncoder). No sim state.

/** ParallelConsumerOptions.ProcessingOrder: PARTITION, KEY, UNORDERED (lower-cased here). */
export type ProcessingOrder = 'partition' | 'key' | 'unordered'

export const PROCESSING_ORDERS = ['partition', 'key', 'unordered'] as const satisfies readonly ProcessingOrder[]

export const PC_DEFAULTS = {
  /** ParallelConsumerOptions.ordering defaults to ProcessingOrder.KEY. */
  ordering: 'key' as ProcessingOrder,
  /** ParallelConsumerOptions.DEFAULT_MAX_CONCURRENCY. */
  maxConcurrency: 16,
  /** ParallelConsumerOptions.DEFAULT_COMMIT_INTERVAL = KAFKA_DEFAULT_AUTO_COMMIT_INTERVAL_MS (5000). */
  commitIntervalMs: 5000,
  /**
   * OffsetMapCodecManager.DefaultMaxMetadataSize = 4096, PC's mirror of the broker's
   * `offset.metadata.max.bytes` (Kafka's OffsetConfig default 4096).
   */
  'offset.metadata.max.bytes': 4096,
} as const

/**
 * PC's broker poller stops fetching once the records queued behind the ones in flight exceed
 * maxConcurrency × its load factor (WorkManager.isSufficientlyLoaded). DynamicLoadFactor starts at
 * 2 and steps up (to 100) each time the workers run dry, which is exactly what head-of-line
 * blocking does, so a blocked consumer holds up to maxConcurrency × (1 + 100) records.
 */
export const MAX_LOAD_FACTOR = 100

export function heldRecordsCap(maxConcurrency: number): number {
  return maxConcurrency * (1 + MAX_LOAD_FACTOR)
}

export interface SchedulePlan {
  /** Per job (in the order given): when its worker starts and ends it, ms from now. */
  start: Float64Array
  end: Float64Array
  /** When the first worker runs out of work it may take (0 when some worker gets none). */
  firstIdle: number
  /** When the last job ends. */
  makespan: number
  /** Workers that get at least one job. */
  busyWorkers: number
}

/**
 * List scheduling (Graham): each job, in the order given, goes to the worker that is free first
 * (lowest index on ties). A job is a chain that must run serially (one key's or one partition's
 * records), so it stays on one worker. PC hands out work oldest first, so callers list the chains
 * carried over from earlier polls first, then the new ones in offset order.
 */
export function listSchedule(lengths: ArrayLike<number>, workers: number): SchedulePlan {
  const n = lengths.length
  const m = Math.max(1, Math.floor(workers))
  const start = new Float64Array(n)
  const end = new Float64Array(n)
  // Worker loads in a binary min-heap keyed by (load, index): deterministic ties.
  const load = new Float64Array(Math.min(m, Math.max(1, n)))
  const idx = new Int32Array(load.length)
  for (let i = 0; i < load.length; i++) idx[i] = i
  const less = (a: number, b: number) => load[a]! < load[b]! || (load[a] === load[b] && idx[a]! < idx[b]!)
  const swap = (a: number, b: number) => {
    const l = load[a]!, x = idx[a]!
    load[a] = load[b]!
    idx[a] = idx[b]!
    load[b] = l
    idx[b] = x
  }
  let makespan = 0
  for (let j = 0; j < n; j++) {
    const s = load[0]!
    start[j] = s
    end[j] = s + Math.max(0, lengths[j]!)
    if (end[j]! > makespan) makespan = end[j]!
    load[0] = end[j]!
    // sift down
    let i = 0
    for (;;) {
      const l = 2 * i + 1, r = l + 1
      let best = i
      if (l < load.length && less(l, best)) best = l
      if (r < load.length && less(r, best)) best = r
      if (best === i) break
      swap(i, best)
      i = best
    }
  }
  const busyWorkers = Math.min(m, n)
  const firstIdle = busyWorkers < m ? 0 : load[0]!
  return { start, end, firstIdle, makespan, busyWorkers }
}

/**
 * UNORDERED mode: records of one key can run at the same time on different workers, so a later
 * one can finish (and have its effects) before an earlier one. PC hands out a partition's records
 * oldest first over `workers` parallel chains; with `n` of the key's records among `total`, each
 * round of `workers` records holds n·workers/total of them, and every one after the first in a
 * round overlaps an earlier one of its key. Counted as a violation: max(0, n − total/workers).
 */
export function unorderedOverlaps(n: number, total: number, workers: number): number {
  if (workers <= 1 || total <= 0) return 0
  return Math.max(0, n - total / workers)
}

/** Base64 length of `bytes` bytes (OffsetSimpleSerialisation.base64: standard, padded). */
export function base64Chars(bytes: number): number {
  return 4 * Math.ceil(bytes / 3)
}

/**
 * What PC writes into OffsetAndMetadata.metadata for one partition: the offsets from the committed
 * one (the lowest incomplete) up to the highest succeeded one, each complete or not, encoded every
 * way (OffsetSimultaneousEncoder) and the smallest kept, behind a one-byte magic, in base64.
 *  - BitSet v1: 2-byte length + one bit per offset (+1 spare byte PC allocates), only up to Short.MAX_VALUE offsets;
 *    BitSet v2: the same with a 4-byte length.
 *  - RunLength v1: 2 bytes per run (runs ≤ Short.MAX_VALUE); v2: 4 bytes per run.
 * Compressed variants (zstd, tried only when every plain one exceeds 200 bytes) are not modelled:
 * a blocked key's scattered offsets compress little, and leaving them out errs on the large side.
 * `range` = offsets from the committed one to the highest succeeded (inclusive); `runs` = the runs
 * of alternating incomplete/complete offsets in it. Returns 0 when nothing above the commit is done.
 */
export function offsetMapPayloadChars(range: number, runs: number): number {
  if (range <= 0) return 0
  const bits = Math.ceil(range / 8)
  const bitsetV2 = 4 + bits + 1
  const bitsetV1 = range <= SHORT_MAX ? 2 + bits + 1 : Infinity
  const rlV2 = 4 * runs
  const rlV1 = range <= SHORT_MAX ? 2 * runs : Infinity
  return base64Chars(1 + Math.min(bitsetV1, bitsetV2, rlV1, rlV2))
}

const SHORT_MAX = 32767
