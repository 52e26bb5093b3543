// The brokers as plain data inside the world (`w.cluster`): who leads and who holds each partition,
// and each broker's load over the last metrics window. Checkpointed with the world; no classes.
// Placement comes from kafka/replicaPlacer.ts (KRaft's StripedReplicaPlacer) on the brokers' stream.

import type { Rng } from '../../engine/rng.ts'
import { placeReplicas } from '../../kafka/replicaPlacer.ts'
import type { ClusterSpec } from '../../scenario/types.ts'

export interface BrokerState {
  id: number
  up: boolean
  /** Slow disk: appends take this many times longer (1 = normal). */
  slowFactor: number
  /** Records appended as leader / bytes of them / records fetched from it, in the current window. */
  inWin: number
  bytesInWin: number
  outWin: number
  /** The same over the last closed metrics window, per second. */
  inRate: number
  bytesInRate: number
  outRate: number
  /** Broker hotspot (brokerLoad.ts): its in-rate is far above the brokers' mean. */
  hot: boolean
  /** Its appends reached cluster.brokerCapacityPerSec in the last window (brokerCapacity.ts). */
  saturated: boolean
  /** Appends held back by the capacity in the current window (becomes `saturated` at its close). */
  heldWin: number
  /** Unused append capacity carried to the next send cycle (records; at most one second's worth). */
  capCarry: number
}

export interface ClusterState {
  brokers: BrokerState[]
  /** Per partition, its replicas' broker ids, preferred leader first. */
  replicas: number[][]
  /** Per partition, the in-sync replicas (all of them until a broker fault). */
  isr: number[][]
  /** Per partition, the leader's broker id (-1 = offline). */
  leader: Int32Array
  leaderEpoch: Int32Array
}

function newBroker(id: number): BrokerState {
  return { id, up: true, slowFactor: 1, inWin: 0, bytesInWin: 0, outWin: 0, inRate: 0, bytesInRate: 0, outRate: 0, hot: false, saturated: false, heldWin: 0, capCarry: 0 }
}

/** The cluster at topic creation: P partitions placed on spec.brokers brokers, preferred leaders leading. */
export function createClusterState(spec: ClusterSpec, P: number, rng: Rng): ClusterState {
  const brokers = Array.from({ length: spec.brokers }, (_, i) => newBroker(i))
  const replicas = placeReplicas(brokers.map((b) => b.id), P, spec['replication.factor'], rng)
  return {
    brokers,
    replicas,
    isr: replicas.map((r) => r.slice()),
    leader: Int32Array.from(replicas, (r) => r[0]!),
    leaderEpoch: new Int32Array(P),
  }
}

/** Places the partitions added since (Kafka's CreatePartitions: the placer continues the stripe). */
export function growClusterPartitions(cs: ClusterState, spec: ClusterSpec, P: number, rng: Rng): void {
  const old = cs.replicas.length
  if (P <= old) return
  const added = placeReplicas(cs.brokers.map((b) => b.id), P - old, spec['replication.factor'], rng, cs.replicas)
  for (const r of added) {
    cs.replicas.push(r)
    cs.isr.push(r.slice())
  }
  const leader = new Int32Array(P)
  leader.set(cs.leader)
  for (let p = old; p < P; p++) leader[p] = cs.replicas[p]![0]!
  cs.leader = leader
  const epoch = new Int32Array(P)
  epoch.set(cs.leaderEpoch)
  cs.leaderEpoch = epoch
}

/** Partitions each broker leads now (offline partitions count nowhere). */
export function leaderCounts(cs: ClusterState): number[] {
  const out = new Array<number>(cs.brokers.length).fill(0)
  for (let p = 0; p < cs.leader.length; p++) {
    const b = cs.leader[p]!
    if (b >= 0) out[b]!++
  }
  return out
}

/** Replicas each broker holds (leaders included). */
export function replicaCounts(cs: ClusterState): number[] {
  const out = new Array<number>(cs.brokers.length).fill(0)
  for (const r of cs.replicas) for (const b of r) out[b]!++
  return out
}

/** The number people read for broker index `b` (page, narration, run --json): 1-based. */
/** Whether broker index b is running: the controller's view of who can lead (elections, ISRs). */
export function brokerUp(cs: ClusterState): (b: number) => boolean {
  return (b) => cs.brokers[b]?.up === true
}

export function brokerNumber(b: number): number {
  return b + 1
}

/** Partitions broker `b` leads now, ascending. */
export function ledBy(cs: ClusterState, b: number): number[] {
  const out: number[] = []
  for (let p = 0; p < cs.leader.length; p++) if (cs.leader[p] === b) out.push(p)
  return out
}
