// The standard kernel workload of performance-anchors.md: 64 partitions, each an M/M/1 queue
// (arrivals λ = 800/s, service μ = 1 000/s). "hot": each arrival carries a Zipf(1.1) key over
// 10 000 keys and joins the queue of the partition Kafka's default partitioner hashes it to.
// Shared by both implementations so they run exactly the same model and random draws.

import type { Rng } from '../src/engine/rng.ts'
import { partitionForKey } from '../src/kafka/murmur2.ts'

export const PARTITIONS = 64
export const MEAN_INTERARRIVAL_MS = 1000 / 800
export const MEAN_SERVICE_MS = 1000 / 1000
export const MODEL_EVENTS = 2_000_000

export type Variant = 'uniform' | 'hot'

/** What a run reports; two implementations of the same run must agree on everything but wallMs. */
export interface Mm1Result {
  events: number
  wallMs: number
  /** Process CPU time (user + system) over the same span: steadier than wall time on a shared machine. */
  cpuMs: number
  /** Simulated ms at the last event: equal across implementations ⇔ they ran the same trajectory. */
  simMs: number
  served: number
}

/**
 * Where an arrival from source `src` goes. Keys' partitions are hashed once up front with
 * murmur2 (as a producer's key → partition is a pure function), so the draw per event is a Zipf
 * rank by binary search over the CDF, the same cost in both implementations.
 */
export interface Router {
  route(src: number, rng: Rng): number
}

const uniformRouter: Router = { route: (src) => src }

function zipfRouter(keys: number, s: number, partitions: number): Router {
  const cdf = new Float64Array(keys)
  let acc = 0
  for (let k = 0; k < keys; k++) cdf[k] = acc += 1 / Math.pow(k + 1, s)
  for (let k = 0; k < keys; k++) cdf[k]! /= acc
  const partitionOf = new Int32Array(keys)
  for (let k = 0; k < keys; k++) partitionOf[k] = partitionForKey(`key-${k}`, partitions)
  return {
    route(_src, rng) {
      const u = rng.next()
      let lo = 0
      let hi = keys - 1
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (cdf[mid]! > u) hi = mid
        else lo = mid + 1
      }
      return partitionOf[lo]!
    },
  }
}

let hotRouter: Router | null = null

export function router(v: Variant): Router {
  if (v === 'uniform') return uniformRouter
  return (hotRouter ??= zipfRouter(10_000, 1.1, PARTITIONS))
}
