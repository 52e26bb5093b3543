// Where a share-partition's persisted state lives (KIP-932). The share-partition leader writes its
// state through the persister (DefaultStatePersister / PersisterStateManager) to the share
// coordinator, which keeps it in the internal topic __share_group_state; the coordinator for one
// share-partition is whichever broker leads the state partition its key hashes to. The key is
// SharePartitionKey.asCoordinatorKey: "groupId:topicId:partition", so the partitions of one topic
// spread over the state topic's partitions, and over its leaders. Pure functions.
//
// Sources (apache/kafka): ShareCoordinatorService.partitionFor (`Utils.abs(key.hashCode()) %
// numPartitions`), SharePartitionKey.asCoordinatorKey, ShareCoordinatorConfig (the state topic's
// defaults), PersisterStateManager (REQUEST_BACKOFF_MS, REQUEST_BACKOFF_MAX_MS,
// MAX_FIND_COORD_ATTEMPTS), org.apache.kafka.common.Uuid (toString, hashCode).

import { javaStringHashCode } from './assignors/javaHashMapOrder.ts'
import { kafkaAbs } from './coordinatorPlacement.ts'
import { murmur2OfString } from './murmur2.ts'

export const SHARE_STATE_TOPIC = '__share_group_state'

/** ShareCoordinatorConfig: share.coordinator.state.topic.num.partitions and .replication.factor. */
export const SHARE_STATE_TOPIC_DEFAULTS = {
  'share.coordinator.state.topic.num.partitions': 50,
  'share.coordinator.state.topic.replication.factor': 3,
} as const

/** SharePartitionKey.asCoordinatorKey: `String.format("%s:%s:%d", groupId, topicId, partition)`. */
export function shareCoordinatorKey(groupId: string, topicId: string, partition: number): string {
  return `${groupId}:${topicId}:${partition}`
}

/** The __share_group_state partition holding that share-partition's state: its leader is its share coordinator. */
export function shareStatePartitionFor(key: string, numPartitions: number = SHARE_STATE_TOPIC_DEFAULTS['share.coordinator.state.topic.num.partitions']): number {
  if (!(numPartitions >= 1)) throw new Error(`share.coordinator.state.topic.num.partitions must be at least 1, got ${numPartitions}`)
  return kafkaAbs(javaStringHashCode(key)) % numPartitions
}

/**
 * A topic's id as Uuid.toString() writes it (the 16 bytes, most significant long first, in URL-safe
 * base64 without padding: 22 characters). Kafka's ids are random; this stand-in is made from the
 * name, so runs repeat, and it is built so that its Uuid.hashCode() ((int)(h >> 32) ^ (int) h,
 * h = msb ^ lsb) equals `topicIdHash`, the hash the share assignor orders partitions by.
 */
export function topicIdString(topicName: string, topicIdHash: number): string {
  const words = new Int32Array(4) // msb high, msb low, lsb high, lsb low
  words[0] = murmur2OfString(`${topicName}#0`)
  words[2] = murmur2OfString(`${topicName}#2`)
  words[3] = murmur2OfString(`${topicName}#3`)
  words[1] = topicIdHash ^ words[0]! ^ words[2]! ^ words[3]!
  const bytes = new Uint8Array(16)
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) bytes[i * 4 + j] = (words[i]! >>> (24 - 8 * j)) & 0xff
  return base64UrlNoPadding(bytes)
}

/** Uuid.hashCode() of the id `topicIdString` wrote (for its test: it must agree with the hash it was given). */
export function uuidHashCode(id: string): number {
  const b = fromBase64Url(id)
  const word = (i: number): number => (b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!
  return (word(0) ^ word(8)) ^ (word(4) ^ word(12))
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function base64UrlNoPadding(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >>> (18 - 6 * k)) & 63]
  }
  return out
}

function fromBase64Url(s: string): Uint8Array {
  const out: number[] = []
  let acc = 0
  let bits = 0
  for (const ch of s) {
    acc = (acc << 6) | ALPHABET.indexOf(ch)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out.push((acc >>> bits) & 0xff)
    }
  }
  return Uint8Array.from(out)
}

/** PersisterStateManager: FindCoordinator retries for a share-state RPC (1 s doubling, at most 30 s, 5 attempts). */
export const PERSISTER_RETRY = { backoffMs: 1000, backoffMaxMs: 30_000, maxFindCoordAttempts: 5 } as const

/**
 * When the persister looks the share coordinator up for a write or read that starts at `t`: at once,
 * then after each failed lookup n (1-based) it waits ExponentialBackoff.backoff(n) =
 * min(1 s · 2^n, 30 s) (without its ±20 % jitter) and looks again; after the fifth failure the RPC
 * fails. Returns the lookup times, the first at `t`.
 */
export function persisterLookupTimes(t: number): number[] {
  const out = [t]
  for (let n = 1; n < PERSISTER_RETRY.maxFindCoordAttempts; n++) out.push(out[n - 1]! + Math.min(PERSISTER_RETRY.backoffMs * 2 ** n, PERSISTER_RETRY.backoffMaxMs))
  return out
}
