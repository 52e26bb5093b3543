// The keyless records of one send cycle, batch by batch, through the partitioner a Java producer
// runs for them (`partitioner.class`): the built-in KIP-794 partitioner, the KIP-480
// StickyPartitionCache or RoundRobinPartitioner. The simulation and `highway partition --keyless`
// both route through here, so the partitioners' vector tests cover the code that runs.
// Pure: plain state in, new state out; randomness arrives as a NextInt; no DOM, no Node, no clock.
import {
  createBuiltInPartitioner,
  peekCurrentPartition,
  updatePartitionInfo,
  withLoadStats,
  type BuiltInPartitionerState,
  type PartitionLoadStats,
} from './builtInPartitioner.ts';
import { emptyLegacySticky, legacySendPartition, type LegacyStickyState } from './legacyStickyPartitioner.ts';
import type { NextInt, PartitionerName, TopicMetadata } from './partitioner.ts';
import { initialRoundRobin, roundRobinDeal, type RoundRobinState } from './roundRobinPartitioner.ts';

/**
 * One producer's keyless partitioning state for every partitioner it may be switched to (the
 * simulation lets `partitioner.class` change live; each keeps its own state, as separate producer
 * instances would). Plain data, so it checkpoints by deep copy.
 */
export interface KeylessPartitionerState {
  /** `BuiltInPartitioner` (`partitioner.class` unset). */
  readonly builtIn: BuiltInPartitionerState;
  /** `StickyPartitionCache` (`UniformStickyPartitioner`, the 2.4–3.2 `DefaultPartitioner`). */
  readonly stickyCache: LegacyStickyState;
  /**
   * Bytes in the open batch of the cache's sticky partition; 0 = no open batch, so the next record
   * opens one, which (abort-on-new-batch) moves the cache to another partition first.
   */
  readonly stickyCacheBatchBytes: number;
  /** `RoundRobinPartitioner`'s counter. */
  readonly roundRobin: RoundRobinState;
}

export function createKeylessPartitioner(batchSize: number): KeylessPartitionerState {
  return {
    builtIn: createBuiltInPartitioner(batchSize),
    stickyCache: emptyLegacySticky,
    stickyCacheBatchBytes: 0,
    roundRobin: initialRoundRobin,
  };
}

/** The producer settings the keyless route depends on. */
export interface KeylessRouting {
  readonly partitioner: PartitionerName;
  /** `batch.size`: a batch is full, and a sticky partitioner moves on, after this many bytes. */
  readonly batchSize: number;
  /** KIP-794 adaptive partitioning (see `isAdaptivePartitioningEnabled`). */
  readonly adaptive: boolean;
  /** Serialized bytes per record (at least 1). */
  readonly recordBytes: number;
}

export interface KeylessRouted {
  readonly state: KeylessPartitionerState;
  /** Flat `[partition, count, …]` in routing order; consecutive runs on one partition merged. */
  readonly chunks: readonly number[];
}

/**
 * Routes `records` keyless records of `routing.recordBytes` each, one batch at a time.
 * - `default`: {@link peekCurrentPartition} then {@link updatePartitionInfo} per batch; a batch is
 *   full at `batch.size` bytes, so switching is enabled then (`allBatchesFull`). With adaptive
 *   partitioning `loadStats()` is asked, at most once per call and only when a partition is about to
 *   be chosen, for the queue sizes the sender's last readiness check saw.
 * - `uniform-sticky`, `legacy-sticky`: {@link legacySendPartition} for the first record of each
 *   batch: opening a batch moves the cache to a different partition (KIP-480).
 * - `round-robin`: {@link roundRobinDeal}, one partition per record.
 */
export function routeKeyless(
  state: KeylessPartitionerState,
  routing: KeylessRouting,
  topic: TopicMetadata,
  records: number,
  nextInt: NextInt,
  loadStats: () => PartitionLoadStats | null = () => null,
): KeylessRouted {
  if (!Number.isInteger(records) || records < 0) throw new RangeError(`records must be a non-negative integer, got ${records}`);
  if (!(routing.recordBytes >= 1)) throw new RangeError(`recordBytes must be at least 1, got ${routing.recordBytes}`);
  if (records === 0) return { state, chunks: [] };
  switch (routing.partitioner) {
    case 'round-robin': {
      const dealt = roundRobinDeal(state.roundRobin, topic, records);
      return { state: { ...state, roundRobin: dealt.state }, chunks: dealt.chunks };
    }
    case 'uniform-sticky':
    case 'legacy-sticky':
      return routeStickyCache(state, routing, topic, records, nextInt);
    case 'default':
      return routeBuiltIn(state, routing, topic, records, nextInt, loadStats);
  }
}

function routeBuiltIn(
  state: KeylessPartitionerState,
  routing: KeylessRouting,
  topic: TopicMetadata,
  records: number,
  nextInt: NextInt,
  loadStats: () => PartitionLoadStats | null,
): KeylessRouted {
  const { recordBytes } = routing;
  let b = state.builtIn;
  const size = createBuiltInPartitioner(routing.batchSize).stickyBatchSize;
  if (b.stickyBatchSize !== size) b = { ...b, stickyBatchSize: size };
  if (!routing.adaptive) {
    if (b.loadStats !== null) b = withLoadStats(b, null);
  } else if (b.sticky === null || b.sticky.producedBytes + records * recordBytes >= b.stickyBatchSize) {
    b = withLoadStats(b, loadStats());
  }
  const chunks: number[] = [];
  let remaining = records;
  while (remaining > 0) {
    const peeked = peekCurrentPartition(b, topic, nextInt);
    const produced = peeked.state.sticky?.producedBytes ?? 0;
    const take = Math.min(remaining, Math.max(1, Math.ceil((b.stickyBatchSize - produced) / recordBytes)));
    pushChunk(chunks, peeked.partition, take);
    b = updatePartitionInfo(peeked.state, take * recordBytes, true, topic, nextInt);
    remaining -= take;
  }
  return { state: { ...state, builtIn: b }, chunks };
}

function routeStickyCache(
  state: KeylessPartitionerState,
  routing: KeylessRouting,
  topic: TopicMetadata,
  records: number,
  nextInt: NextInt,
): KeylessRouted {
  const { recordBytes } = routing;
  const size = Math.max(1, Math.floor(routing.batchSize));
  const options = { ignoreKeys: routing.partitioner === 'uniform-sticky' };
  let cache = state.stickyCache;
  let open = state.stickyCacheBatchBytes;
  const chunks: number[] = [];
  let remaining = records;
  while (remaining > 0) {
    const sent = legacySendPartition(cache, null, topic, options, () => open === 0, nextInt);
    cache = sent.state;
    const take = Math.min(remaining, Math.max(1, Math.ceil((size - open) / recordBytes)));
    pushChunk(chunks, sent.partition, take);
    open += take * recordBytes;
    if (open >= size) open = 0;
    remaining -= take;
  }
  return { state: { ...state, stickyCache: cache, stickyCacheBatchBytes: open }, chunks };
}

function pushChunk(chunks: number[], partition: number, count: number): void {
  const n = chunks.length;
  if (n >= 2 && chunks[n - 2] === partition) chunks[n - 1]! += count;
  else chunks.push(partition, count);
}
