// Where a consumer group's coordinator lives. Kafka keeps group state and committed offsets in the
// internal topic __consumer_offsets; the group's coordinator is whichever broker leads the offsets
// partition its group.id hashes to. Pure functions; the sim places that partition's replicas.
//
// Sources (apache/kafka): GroupCoordinatorService.partitionFor / the old GroupMetadataManager
// (`Utils.abs(groupId.hashCode()) % numPartitions`), org.apache.kafka.common.utils.Utils.abs,
// java.lang.String.hashCode, and GroupCoordinatorConfig for the offsets topic's defaults.

import { javaStringHashCode } from './assignors/javaHashMapOrder.ts'

/** GroupCoordinatorConfig: offsets.topic.num.partitions and offsets.topic.replication.factor. */
export const OFFSETS_TOPIC_DEFAULTS = {
  'offsets.topic.num.partitions': 50,
  'offsets.topic.replication.factor': 3,
} as const

export const OFFSETS_TOPIC = '__consumer_offsets'

/** Kafka's Utils.abs: Math.abs, except that Integer.MIN_VALUE (whose negation overflows) maps to 0. */
export function kafkaAbs(n: number): number {
  return n === -2147483648 ? 0 : Math.abs(n)
}

/** The __consumer_offsets partition that holds `groupId`: its leader is the group's coordinator. */
export function offsetsPartitionFor(groupId: string, numPartitions: number = OFFSETS_TOPIC_DEFAULTS['offsets.topic.num.partitions']): number {
  if (!(numPartitions >= 1)) throw new Error(`offsets.topic.num.partitions must be at least 1, got ${numPartitions}`)
  return kafkaAbs(javaStringHashCode(groupId)) % numPartitions
}
