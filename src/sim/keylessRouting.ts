// Keyless records (null keys, or keys the partitioner ignores) of one producer's send cycle: handed
// to the kafka/partitioners functions (keylessRouter.ts), the code their vector tests cover, with
// this world's view of the topic and of the producers' queues. Pure.

import { collectPartitionLoadStats, type PartitionQueueSnapshot } from '../kafka/partitioners/builtInPartitioner.ts'
import { createKeylessPartitioner, routeKeyless as routeKeylessBatches } from '../kafka/partitioners/keylessRouter.ts'
import { isAdaptivePartitioningEnabled, type PartitionerName, type TopicMetadata } from '../kafka/partitioners/partitioner.ts'
import type { Rng } from '../engine/rng.ts'
import type { Scenario } from '../scenario/types.ts'
import type { ProducerState, WorldState } from './worldState.ts'

/** The partitioner a producer runs: `partitioner.class`, null meaning the built-in logic. */
export function partitionerName(w: WorldState): PartitionerName {
  return w.live.producerConfig['partitioner.class'] ?? 'default'
}

/** A new producer's partitioning state: nothing chosen yet (the first keyless record draws). */
export function initialKeylessRouting(live: Scenario): Pick<ProducerState, 'partitioner' | 'rideAlong'> {
  return { partitioner: createKeylessPartitioner(live.producerConfig['batch.size']), rideAlong: 0 }
}

// The producers' view of the topic, rebuilt only when their partition count changes.
let topicView: TopicMetadata = { numPartitions: 0, availablePartitions: [] }
function topicOf(P: number): TopicMetadata {
  if (topicView.numPartitions !== P) topicView = { numPartitions: P, availablePartitions: Array.from({ length: P }, (_, p) => p) }
  return topicView
}

/**
 * Null keys (or keys the partitioner ignores): the kafka/partitioners functions decide, batch by
 * batch (see keylessRouter.ts). Every partition has a leader here. Adaptive partitioning reads the
 * queue depth in batches from the records waiting in the producers' buffers (lanes at capacity).
 * Returns flat [partition, count].
 */
export function routeKeyless(w: WorldState, ps: ProducerState, n: number, recordBytes: number, rng: Rng): readonly number[] {
  const cfg = w.live.producerConfig
  const name = partitionerName(w)
  const P = w.producerPartitions
  const batchSize = Math.max(1, cfg['batch.size'])
  const routing = { partitioner: name, batchSize, adaptive: isAdaptivePartitioningEnabled(name, cfg), recordBytes }
  const loadStats = () => {
    const queues: PartitionQueueSnapshot[] = []
    for (let p = 0; p < P; p++) {
      queues.push({ partition: p, queueSize: Math.ceil((w.buffered[p]! * recordBytes) / batchSize), hasLeader: true, leaderOverAvailabilityTimeout: false })
    }
    return collectPartitionLoadStats(true, P, queues)
  }
  const routed = routeKeylessBatches(ps.partitioner, routing, topicOf(P), n, () => rng.nextInt32(), loadStats)
  ps.partitioner = routed.state
  return routed.chunks
}
