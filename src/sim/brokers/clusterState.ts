// The brokers as plain data inside the world (`w.cluster`): who leads and who holds each partition,
// and each broker's load over the last metrics window. Checkpointed with the world; no classes.
// Placement comes from kafka/replicaPlacer.ts (KRaft's StripedReplicaPlacer) on the brokers' stream.

import type { Rng } from '../../engine/rng.ts'
import { placeReplicas } from '../../kafka/replicaPlacer.ts'
import type { ClusterSpec } from '../../scenario/types.ts'

export interface BrokerState {
  id: number
  up: boolean
  /**
   * In controlled shutdown since this sim ms (shutdownBroker): still running, but it leads nothing
   * and the controller elects it nowhere until it stops. Absent otherwise.
   */
  stoppingSince?: number
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

/**
 * The cluster at topic creation: P partitions on spec.brokers brokers, every replica in sync. With
 * `spec.assignment` (a placement imported as a real cluster printed it) the replicas are those,
 * preferred leader first, and each partition is led by `spec.leaders` (else its preferred leader);
 * the placer then draws nothing. Without it KRaft's StripedReplicaPlacer places them from `rng`
 * and the preferred leaders lead.
 */
export function createClusterState(spec: ClusterSpec, P: number, rng: Rng): ClusterState {
  const brokers = Array.from({ length: spec.brokers }, (_, i) => newBroker(i))
  const pasted = pastedPlacement(spec, P)
  const replicas = pasted?.replicas ?? placeReplicas(brokers.map((b) => b.id), P, spec['replication.factor'], rng)
  return {
    brokers,
    replicas,
    isr: replicas.map((r) => r.slice()),
    leader: pasted?.leader ?? Int32Array.from(replicas, (r) => r[0]!),
    leaderEpoch: new Int32Array(P),
  }
}

/**
 * The scenario's kept placement as broker indices (the scenario numbers brokers from 1), or null
 * when it has none or it does not fit (validation refuses that; a live copy of the scenario whose
 * partitions grew since still holds the t = 0 list, and the placer places the rest).
 */
function pastedPlacement(spec: ClusterSpec, P: number): { replicas: number[][]; leader: Int32Array } | null {
  const a = spec.assignment
  if (a === undefined || a.length !== P) return null
  const replicas = a.map((r) => r.map((b) => b - 1))
  const leaders = spec.leaders
  const leader = Int32Array.from(replicas, (r, p) => (leaders !== undefined && leaders.length === P ? leaders[p]! - 1 : r[0]!))
  return { replicas, leader }
}

/** Partitions whose leader is not their preferred replica (the controller's leader imbalance). */
export function notPreferred(cs: ClusterState): number[] {
  const out: number[] = []
  for (let p = 0; p < cs.leader.length; p++) if (cs.leader[p] !== cs.replicas[p]![0]) out.push(p)
  return out
}

/**
 * Places the partitions added since as KRaft's controller does (ReplicationControlManager
 * .createPartitions): the placer continues the stripe over the registered brokers, `fenced` ones
 * only as last-resort followers; a new partition's ISR is its replicas the controller has not
 * fenced, and it is led by the first of them (buildPartitionRegistration: leader = isr.get(0)).
 * Throws InvalidReplicationFactorError, with nothing changed, when the placer cannot place them.
 */
export function growClusterPartitions(cs: ClusterState, spec: ClusterSpec, P: number, rng: Rng, fenced: ReadonlySet<number> = new Set()): void {
  const old = cs.replicas.length
  if (P <= old) return
  const added = placeReplicas(cs.brokers.map((b) => b.id), P - old, spec['replication.factor'], rng, cs.replicas, fenced)
  for (const r of added) {
    cs.replicas.push(r)
    cs.isr.push(r.filter((b) => !fenced.has(b)))
  }
  const leader = new Int32Array(P)
  leader.set(cs.leader)
  for (let p = old; p < P; p++) leader[p] = cs.isr[p]![0]!
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

/**
 * Whether broker index b is a live candidate in the controller's view (elections, ISRs): running
 * and not in controlled shutdown (ClusterControlManager.isActive).
 */
export function brokerUp(cs: ClusterState): (b: number) => boolean {
  return (b) => cs.brokers[b]?.up === true && cs.brokers[b]?.stoppingSince === undefined
}

/** The number people read for broker index `b` (page, narration, run --json): 1-based. */
export function brokerNumber(b: number): number {
  return b + 1
}

/** Partitions broker `b` leads now, ascending. */
export function ledBy(cs: ClusterState, b: number): number[] {
  const out: number[] = []
  for (let p = 0; p < cs.leader.length; p++) if (cs.leader[p] === b) out.push(p)
  return out
}
