// Broker faults as plain data inside the world (`w.faults`), created by the first broker command
// (or the first leader-imbalance check), so runs without one carry nothing new and replay exactly. What the controller and the clients
// know about dead brokers, per partition what the clients are waiting for, and the counts of
// records lost (acks=1 on a leader crash) and failed (delivery.timeout.ms). Checkpointed with the world.

import { Rng } from '../../engine/rng.ts'
import { DELIVERY_DEFAULTS, deliveryConfig, type DeliveryConfig } from '../../kafka/producerDelivery.ts'
import type { ClusterSpec, Scenario } from '../../scenario/types.ts'
import type { CoordinatorState } from './coordinatorState.ts'
import { createPausedAccount, type PausedAccount } from './pausedLanes.ts'
import type { ShareStateCoordinators } from '../share/shareStateCoordinator.ts'
import type { WorldState } from '../worldState.ts'

/** A timer of the fault machinery (a Deferred item's payload). */
export type FaultTimer =
  | { kind: 'fence'; broker: number; crashedAt: number }
  /** The controller grants a controlled shutdown begun at `since` (controlledShutdown.ts). */
  | { kind: 'shutdownStop'; broker: number; since: number }
  /** Clients of these partitions learned their leaders (each as of its leader epoch then). */
  | { kind: 'resume'; partitions: number[]; epochs: number[] }
  | { kind: 'isrJoin'; partitions: number[]; broker: number; restartedAt: number }
  | { kind: 'leaderCheck' }
  /** The offsets partition's new leader has loaded the group (coordinatorFailover.ts). */
  | { kind: 'coordinatorLoaded'; epoch: number }
  /** A __share_group_state partition's new leader has loaded it (share/shareStateCoordinator.ts). */
  | { kind: 'shareStateLoaded'; statePartition: number; epoch: number }
  /** The persister looks up the share coordinator again for a waiting write (share/sharePersister.ts). */
  | { kind: 'shareWriteRetry'; id: number }

export interface FaultState {
  /** Per broker index: when it crashed (-1 = running), and whether the controller has fenced it. */
  crashedAt: number[]
  fenced: boolean[]
  /** Per broker index: when the controller fences it (its last heartbeat + broker.session.timeout.ms). */
  fenceAt: number[]
  /** Per broker index: when it last restarted (-1 = never), so a catch-up timer of an earlier restart is ignored. */
  restartedAt: number[]
  /**
   * Per partition: producers / consumers cannot reach a leader before this sim ms (Infinity = until
   * one is elected and they learn it; 0 = reachable). Producers also wait here, with acks=all,
   * for a dead follower to leave the ISR.
   */
  produceResumeAt: Float64Array
  fetchResumeAt: Float64Array
  /** Per partition: when the clients lost the leader (start of their retry backoff), -1 = not lost. */
  lostAt: Float64Array
  /** Per partition: a dead follower still in the ISR freezes the high watermark here (Infinity = none). */
  hwCap: Float64Array
  /** Per partition: the end of what the followers had copied when its leader crashed (-1 = no crash pending). */
  replicatedEnd: Float64Array
  /** Per partition: log end when each broker left its ISR (broker index → offset), to size the catch-up. */
  leftIsrAt: Array<Record<number, number>>
  /** Records a failed (or, in a controlled shutdown, moved) leader had acknowledged (acks=1 / 0) that the new leader did not have: lost. */
  lostRecords: number
  /** Records that waited past delivery.timeout.ms (or ran out of retries) and failed. */
  failedSends: number
  /** Records an acks=all producer sent again because the failed leader never acknowledged them. */
  retriedRecords: number
  /**
   * When the controller's pending leader-imbalance check runs (sim ms; -1 = none pending): KRaft's
   * QuorumController keeps one scheduled while a partition is away from its preferred leader.
   */
  leaderCheckAt: number
  /**
   * A broker fault (crashBroker, shutdownBroker, restartBroker, slowBroker) ran. The state also exists without one
   * (the controller's leader-imbalance check after pasted leaders or a reassignment needs it), but
   * the fault figures (lostRecords, failedSends, each partition's leader, each broker's up) are
   * shown only from a fault on: see faultRan.
   */
  brokerFault: boolean
  /** Lanes the brokers paused: lane-ms so far and the most at once (pausedLanes.ts). */
  paused: PausedAccount
  /** The group coordinator, once a broker fault touched it (coordinatorState.ts). */
  coordinator?: CoordinatorState
  /** The share coordinators of a share group's state partitions, once a broker fault touched them. */
  shareState?: ShareStateCoordinators
}

/** The controller settings of the fault model, with Kafka's defaults (KafkaConfig / ReplicationConfigs). */
export interface FaultSettings {
  sessionTimeoutMs: number
  heartbeatIntervalMs: number
  uncleanElection: boolean
  autoLeaderRebalance: boolean
  imbalanceCheckIntervalMs: number
}

export const FAULT_DEFAULTS = {
  'broker.session.timeout.ms': 9000, // KRaftConfigs, KIP-631
  'broker.heartbeat.interval.ms': 2000, // KRaftConfigs, KIP-631
  'unclean.leader.election.enable': false, // ReplicationConfigs
  'auto.leader.rebalance.enable': true, // ReplicationConfigs
  'leader.imbalance.check.interval.seconds': 300, // ReplicationConfigs
  // leader.imbalance.per.broker.percentage is not here: only the ZooKeeper controller read it, and
  // Kafka 4.0 removed it (KAFKA-18743). Older links that carry it get a warning (validation/clusterFaults.ts).
} as const

type FaultKeys = keyof typeof FAULT_DEFAULTS
export type ClusterFaultSpec = Partial<{ [K in FaultKeys]: (typeof FAULT_DEFAULTS)[K] extends boolean ? boolean : number }>

export function faultSettings(spec: (ClusterSpec & ClusterFaultSpec) | undefined): FaultSettings {
  const s = spec ?? {}
  const get = <K extends FaultKeys>(k: K) => ((s as ClusterFaultSpec)[k] ?? FAULT_DEFAULTS[k]) as (typeof FAULT_DEFAULTS)[K] extends boolean ? boolean : number
  return {
    sessionTimeoutMs: get('broker.session.timeout.ms'),
    heartbeatIntervalMs: get('broker.heartbeat.interval.ms'),
    uncleanElection: get('unclean.leader.election.enable'),
    autoLeaderRebalance: get('auto.leader.rebalance.enable'),
    imbalanceCheckIntervalMs: get('leader.imbalance.check.interval.seconds') * 1000,
  }
}

/** The producers' delivery settings (one producerConfig for all producers). */
export function producerDelivery(s: Scenario): DeliveryConfig {
  return deliveryConfig(s.producerConfig)
}

/** The consumer's retry.backoff.ms: not a scenario field; ConsumerConfig's default. */
export const CONSUMER_RETRY_BACKOFF_MS = DELIVERY_DEFAULTS['retry.backoff.ms']

/**
 * The world's fault state, created by the first broker fault or the first leader-imbalance check
 * (runs with neither carry none).
 */
export function faultsOf(w: WorldState): FaultState {
  if (w.faults === undefined) w.faults = createFaultState(w.cluster.brokers.length, w.P)
  return w.faults
}

/** The fault state, for a broker fault (crashBroker, shutdownBroker, restartBroker, slowBroker) running now. */
export function brokerFaultOf(w: WorldState): FaultState {
  const f = faultsOf(w)
  f.brokerFault = true
  return f
}

/**
 * A broker fault ran: the summary's and the frame's fault figures are shown from then on (run
 * --json's lostRecords, failedSends, partitions[].leader, brokers[].up). A kept placement's pasted
 * leaders and the controller moving them back are no fault: those runs print what others do.
 */
export function faultRan(w: WorldState): boolean {
  return w.faults?.brokerFault === true
}

export function createFaultState(brokers: number, P: number): FaultState {
  return {
    crashedAt: new Array<number>(brokers).fill(-1),
    fenced: new Array<boolean>(brokers).fill(false),
    fenceAt: new Array<number>(brokers).fill(Infinity),
    restartedAt: new Array<number>(brokers).fill(-1),
    produceResumeAt: new Float64Array(P),
    fetchResumeAt: new Float64Array(P),
    lostAt: new Float64Array(P).fill(-1),
    hwCap: new Float64Array(P).fill(Infinity),
    replicatedEnd: new Float64Array(P).fill(-1),
    leftIsrAt: Array.from({ length: P }, () => ({})),
    lostRecords: 0,
    failedSends: 0,
    retriedRecords: 0,
    leaderCheckAt: -1,
    brokerFault: false,
    paused: createPausedAccount(),
  }
}

/** Partitions were added: they start with every client able to reach their (fresh) leaders. */
export function growFaultState(f: FaultState, P: number): void {
  const grow = (a: Float64Array, fill: number) => {
    const b = new Float64Array(P).fill(fill)
    b.set(a)
    return b
  }
  const old = f.produceResumeAt.length
  if (P <= old) return
  f.produceResumeAt = grow(f.produceResumeAt, 0)
  f.fetchResumeAt = grow(f.fetchResumeAt, 0)
  f.lostAt = grow(f.lostAt, -1)
  f.hwCap = grow(f.hwCap, Infinity)
  f.replicatedEnd = grow(f.replicatedEnd, -1)
  for (let p = old; p < P; p++) {
    f.leftIsrAt.push({})
  }
}

/**
 * Broker `b`'s heartbeats to the controller run every broker.heartbeat.interval.ms from a phase
 * drawn on the broker-faults stream (5) of the seed: a pure function of (seed, broker), so
 * nothing needs checkpointing. Returns the last heartbeat at or before `t`.
 */
export function lastHeartbeat(seed: number, broker: number, intervalMs: number, t: number): number {
  const rng = Rng.create(seed, 5)
  let phase = 0
  for (let i = 0; i <= broker; i++) phase = rng.next() * intervalMs
  return phase + Math.floor((t - phase) / intervalMs) * intervalMs
}
