// The group coordinator as plain data in the world: which __consumer_offsets partition holds the
// group (kafka/coordinatorPlacement.ts), where that partition's replicas sit, who leads it now, and,
// after its leader crashed, when the clients lost it and when a new leader has loaded the group.
// Absent until a broker fault touches it (`w.faults.coordinator`), so other runs carry nothing.

import { Rng } from '../../engine/rng.ts'
import { fenceBroker, NO_LEADER, unfenceBroker } from '../../kafka/leaderElection.ts'
import { OFFSETS_TOPIC_DEFAULTS, offsetsPartitionFor } from '../../kafka/coordinatorPlacement.ts'
import { learnsLeaderAt } from '../../kafka/producerDelivery.ts'
import { placeReplicas } from '../../kafka/replicaPlacer.ts'
import type { WorldState } from '../worldState.ts'
import { CONSUMER_RETRY_BACKOFF_MS } from './faultState.ts'

/**
 * The offsets topic's placement draws from its own stream of the seed: Kafka creates
 * __consumer_offsets on its own (at the first FindCoordinator), apart from the data topic, and
 * adding draws here must not shift the data topic's placement (stream 4).
 */
const OFFSETS_PLACEMENT_STREAM = 16

/**
 * An internal topic's partition whose leader is a coordinator (__consumer_offsets for a group,
 * __share_group_state for share-partition state): its registration and its failover's clock.
 */
export interface CoordinatorPartition {
  /** Its replicas (preferred leader first) and in-sync replicas. */
  replicas: number[]
  isr: number[]
  /** The broker leading it: the coordinator (-1: offline, no coordinator). */
  leader: number
  /** When the clients lost the coordinator (its broker crashed); -1 = they have it. */
  lostAt: number
  /** When the new leader has loaded its state (Infinity: not elected yet); read while lostAt >= 0. */
  loadedAt: number
  /** A load timer of an earlier failover is stale when this moved on. */
  epoch: number
}

export interface CoordinatorState extends CoordinatorPartition {
  /** The __consumer_offsets partition of the group. */
  partition: number
  /** Commits that failed because the coordinator was unreachable (retried later). */
  failedCommits: number
  failovers: number
}

/** A coordinator partition as placed, led by its preferred replica, no outage. */
export function newCoordinatorPartition(replicas: readonly number[]): CoordinatorPartition {
  return { replicas: replicas.slice(), isr: replicas.slice(), leader: replicas[0]!, lostAt: -1, loadedAt: Infinity, epoch: 0 }
}

/** Its leader's broker crashed: the clients lost the coordinator now; a load timer set before is stale. */
export function loseCoordinatorPartition(c: CoordinatorPartition, now: number): void {
  c.lostAt = now
  c.loadedAt = Infinity
  c.epoch++
}

/**
 * How long a new leader takes to load a coordinator partition's state: it learns it leads (one
 * network latency) and reads the records from the log (one more). The simulator's internal
 * partitions are small, so loading is that quick; a real one can take longer.
 */
export function coordinatorLoadMs(w: WorldState): number {
  return 2 * Math.max(1, w.live.broker.networkLatencyMs)
}

/**
 * The controller fenced broker b: it leaves the partition's ISR, and if it led it a new leader is
 * elected from the ISR (the same rule as for data partitions). True when that new leader must load.
 */
export function fenceCoordinatorPartition(c: CoordinatorPartition, b: number, alive: (b: number) => boolean, uncleanElection: boolean): boolean {
  if (!c.replicas.includes(b)) return false
  const wasLeader = c.leader === b
  const change = fenceBroker({ replicas: c.replicas, isr: c.isr, leader: c.leader }, b, alive, uncleanElection)
  c.isr = change.isr
  if (!wasLeader) return false
  c.leader = change.leader
  return change.leader !== NO_LEADER
}

/** Broker b registered again: back in the ISR (an internal partition is small: no catch-up). True when an offline partition has a leader again, which must load. */
export function restartCoordinatorPartition(c: CoordinatorPartition, b: number, alive: (b: number) => boolean): boolean {
  if (!c.replicas.includes(b)) return false
  const wasOffline = c.leader === NO_LEADER
  const change = unfenceBroker({ replicas: c.replicas, isr: c.isr, leader: c.leader }, alive)
  if (!c.isr.includes(b)) c.isr = [...c.isr, b]
  if (!wasOffline || change.leader === NO_LEADER) return false
  c.leader = change.leader
  return true
}

interface Placement {
  partition: number
  replicas: number[]
}

// Cache of the pure placements (seed, brokers, rf, stream → every partition's replicas): the page
// asks every frame. Not state.
const placements = new Map<string, number[][]>()

/**
 * An internal topic's replicas (numPartitions of them), placed as KRaft's placer would from its own
 * stream of the seed. The replication factor cannot exceed the brokers there are: Kafka would
 * refuse to create the topic; the simulator takes every broker instead.
 */
export function internalTopicPlacement(w: WorldState, numPartitions: number, replicationFactor: number, stream: number): number[][] {
  const brokers = w.cluster.brokers.length
  const rf = Math.min(replicationFactor, brokers)
  const key = `${w.live.seed}|${brokers}|${rf}|${numPartitions}|${stream}`
  let all = placements.get(key)
  if (all === undefined) {
    all = placeReplicas(w.cluster.brokers.map((b) => b.id), numPartitions, rf, Rng.create(w.live.seed, stream))
    if (placements.size > 64) placements.clear()
    placements.set(key, all)
  }
  return all
}

/** The offsets partition of the world's group and its replicas. */
export function coordinatorPlacement(w: WorldState): Placement {
  const n = OFFSETS_TOPIC_DEFAULTS['offsets.topic.num.partitions']
  const partition = offsetsPartitionFor(w.live.group.groupId, n)
  return { partition, replicas: internalTopicPlacement(w, n, OFFSETS_TOPIC_DEFAULTS['offsets.topic.replication.factor'], OFFSETS_PLACEMENT_STREAM)[partition]! }
}

/** The broker that coordinates the group now (-1: none while its offsets partition is offline). */
export function coordinatorBroker(w: WorldState): number {
  const c = w.faults?.coordinator
  return c === undefined ? coordinatorPlacement(w).replicas[0]! : c.leader
}

/** The coordinator's state, created at the first broker fault that needs it. */
export function coordinatorStateOf(w: WorldState): CoordinatorState {
  const f = w.faults!
  if (f.coordinator === undefined) {
    const p = coordinatorPlacement(w)
    f.coordinator = { partition: p.partition, ...newCoordinatorPartition(p.replicas), failedCommits: 0, failovers: 0 }
  }
  return f.coordinator
}

/**
 * When the group's members reach the coordinator again: they lost it at `lostAt` and retried
 * FindCoordinator with the consumer's retry backoff (KIP-580's exponential backoff, as for leaders);
 * the first lookup after the load answers, then one round trip to the new coordinator. 0 = reachable
 * (no outage); Infinity = not yet (no leader has loaded the group).
 */
export function coordinatorReachableAt(w: WorldState): number {
  const c = w.faults?.coordinator
  if (c === undefined || c.lostAt < 0) return 0
  if (c.loadedAt === Infinity) return Infinity
  return learnsLeaderAt(c.lostAt, c.loadedAt, CONSUMER_RETRY_BACKOFF_MS).at + 2 * w.live.broker.networkLatencyMs
}

/**
 * Whether an OffsetCommit sent now reaches the coordinator. If not it fails
 * (COORDINATOR_NOT_AVAILABLE / NOT_COORDINATOR / COORDINATOR_LOAD_IN_PROGRESS) and is counted;
 * the client commits again later (auto-commit at its next poll, after retry.backoff.ms).
 */
export function commitReachesCoordinator(w: WorldState, now: number): boolean {
  const c = w.faults?.coordinator
  if (c === undefined || c.lostAt < 0) return true
  if (now >= coordinatorReachableAt(w)) return true
  c.failedCommits++
  return false
}
