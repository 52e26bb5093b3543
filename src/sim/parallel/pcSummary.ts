// The Parallel Consumer's figures for `run --json` (and the page): present only when the mode runs.

import type { WorldState } from '../worldState.ts'
import { pcOptions } from './pcState.ts'

export interface ParallelConsumerSummary {
  ordering: 'partition' | 'key' | 'unordered'
  maxConcurrency: number
  /** Most records one consumer processed at once (its busy workers). */
  inFlightMax: number
  /** Worker-idle ms while records waited behind a busy key or partition (head-of-line blocking), all consumers. */
  blockedMs: number
  /** Most incomplete offsets one partition's commit carried in its metadata. */
  incompleteOffsetsMax: number
  /** Partition commits whose offset map exceeded offset.metadata.max.bytes (committed without it). */
  metadataOverflows: number
  /** Completed records processed again after a move or restart because their offset map was lost. */
  reprocessed: number
  /** Records processed so far (complete). */
  processed: number
}

export function parallelSummary(w: WorldState): ParallelConsumerSummary | undefined {
  const o = pcOptions(w)
  if (!o) return undefined
  const s = w.parallel?.stats
  return {
    ordering: o.ordering,
    maxConcurrency: o.maxConcurrency,
    inFlightMax: s?.inFlightMax ?? 0,
    blockedMs: Math.round(s?.blockedMs ?? 0),
    incompleteOffsetsMax: Math.round(s?.incompleteOffsetsMax ?? 0),
    metadataOverflows: s?.metadataOverflows ?? 0,
    reprocessed: Math.round(s?.reprocessed ?? 0),
    processed: Math.round(s?.processed ?? 0),
  }
}
