// The Kafka world as plain data: partition logs (columnar typed arrays), producers' accumulators,
// consumers' poll loops, per-key order tracking, metrics. No classes, no closures, so a deep copy
// is a checkpoint. Only sim/ reads or writes it.

import { Rng } from '../engine/rng.ts'
import type { KeylessPartitionerState } from '../kafka/partitioners/keylessRouter.ts'
import { clusterOf } from '../scenario/defaults.ts'
import type { Command, Scenario, ScenarioAction } from '../scenario/types.ts'
import { createHistogram } from './latencyHistogram.ts'
import { createLedger, type Ledger } from './ledger.ts'
import type { KeyModel } from './keyModel.ts'
import type { ReassignState } from './brokers/reassign.ts'
import { createClusterState, type ClusterState } from './brokers/clusterState.ts'
import type { ShareWorld } from './share/shareState.ts'
import type { MetricsSample, TraceEntry } from './frameTypes.ts'
import type { FaultState, FaultTimer } from './brokers/faultState.ts'
import type { PcWorld } from './parallel/pcState.ts'
import { createSegStore, type SegStore } from './segLog.ts'
import { LANE_WAKE } from './laneExtras.ts'

/**
 * A command scheduled by another command, a restarted consumer slot coming back up, or a metadata
 * refresh (metadata.max.age.ms) by which the producers or the group leader see added partitions.
 */
export type Deferred =
  | { cmd: Command }
  | { up: number; first?: boolean }
  | { refresh: 'producers' | 'group' }
  | { fault: FaultTimer }
  | { reassign: number }

export type ConsumerStatus = 'running' | 'crashed' | 'closed' | 'down'

export interface ConsumerState {
  name: string
  status: ConsumerStatus
  /** Has run at least once: 'down' before that is a process not started yet, not a restart. */
  everStarted: boolean
  /** GC pause: no polls, no heartbeats until then. */
  pausedUntil: number
  speed: number
  /**
   * Records returned by the last poll and being processed: flat [partition, from, to, …]. Kept for
   * the Parallel Consumer and share groups, which read it; a classic consumer's stays empty.
   */
  batch: number[]
  /** Pending poll event id, or -1, and its time. */
  pollEvent: number
  pollAt: number
  /** When the application last called poll() (-1: never): a long poll counts against max.poll.interval.ms. */
  lastPollAt: number
  /** Idle long-poll: woken when data arrives on an owned partition. */
  waiting: boolean
  lastAutoCommit: number
  /** Processing ms accumulated in the current metrics window (a batch's whole time, when it starts). */
  busyMsWin: number
  /** When the batch being processed ends (sim ms): its time past a window's end is that window's overflow. */
  busyUntil: number
  utilization: number
  /** Partitions this consumer owns, ascending (mirrors `owner`; change both through setOwner). */
  owned: number[]
  /** Round-robin start (index into `owned`) for fetching across owned partitions. */
  rr: number
  /** Generation of the process (bumps on restart), so stale events are ignored. */
  incarnation: number
}

/** A run of one tracked key's records on one partition awaiting first delivery. */
export interface KeySegments {
  producer: number
  key: number
  partition: number
  t: number[]
  end: number[]
  n: number[]
  head: number
}

export interface ProducerState {
  model: KeyModel
  /** Fractional record carry, so the rate integrates exactly across ticks of any size. */
  carry: number
  trackedCarry: number[]
  /** Per tracked key: rotating salt index and carry per salt. */
  saltCarry: number[][]
  tailCarry: Float64Array
  /** Per tracked key: latest production time delivered (per-key order check). */
  maxDeliveredT: number[]
  /** Per tracked key: ordering violations seen. */
  violations: number[]
  /** Per tracked key: records produced in the current metrics window / total. */
  keyWin: number[]
  keyTotal: number[]
  keyShare: number[]
  flagged: boolean[]
  /** Records of ordinary sample keys produced (extrapolation base for the tail). */
  sampleProduced: number
  /** Records of untracked (tail) keys produced. */
  tailProduced: number
  /** Violations counted under key models that were since replaced (slider moves rebuild models). */
  retiredViolations: number
  retiredSampleViolations: number
  retiredSampleProduced: number
  /** Tracked keys already counted in remappedKeys (salted or routed away), by name. */
  remapCounted: string[]
  /** The keyless partitioners' state (kafka/partitioners/keylessRouter), for null keys or ignored keys. */
  partitioner: KeylessPartitionerState
  /** Rotates which of a cycle's keyless chunks a tracked key rides along with (when keys are ignored). */
  rideAlong: number
}

export interface Sample {
  partition: number
  keyIndex: number
  producedAt: number
  consumedAt: number
  offset: number
  lagAtProduce: number
}

export interface WorldState {
  live: Scenario
  /**
   * The script: the scenario's actions plus every command applied live, in time order. Actions at or
   * before `scriptCursor` have run. Each runs at the end of its instant (after every event at that
   * millisecond), which is exactly when a live command lands, so a recorded run replays identically.
   */
  script: ScenarioAction[]
  scriptCursor: number
  /** Partitions the broker has (the logs). */
  P: number
  /** Partitions the producers route over: P as of their last metadata refresh (≤ P). */
  producerPartitions: number
  /** A metadata refresh is scheduled that will show added partitions to the producers / the group leader. */
  producerRefreshPending: boolean
  groupRefreshPending: boolean
  // ---- partitions (columnar) ----
  leo: Float64Array
  pos: Float64Array
  delivered: Float64Array
  skipped: Float64Array
  committed: Float64Array
  owner: Int32Array
  buffered: Float64Array
  /** Per partition, when the records in `buffered` were sent, oldest first: flat [sentAt, count, …] (producerHeld.ts). */
  held: number[][]
  capCarry: Float64Array
  inWin: Float64Array
  /**
   * Records the producers sent to each lane this metrics window, appended or held back in their
   * queue: what the keys ask of the lane, which a leader change's catch-up burst does not change.
   */
  sentWin: Float64Array
  outWin: Float64Array
  inRate: Float64Array
  outRate: Float64Array
  hotLane: Uint8Array
  /** The last member that was assigned each partition, and when it last changed hands (-Infinity: never). */
  lastOwner: Int32Array
  movedAt: Float64Array
  /** Log segments per partition (segLog.ts): append time, end offset, mean cost per record, producer wait; kept from the committed offset on. segHead = first segment not yet delivered. */
  segs: SegStore
  segHead: number[]
  keySegs: KeySegments[]
  /** Per partition: indices into keySegs with pending segments there. */
  partKeySegs: number[][]
  /**
   * Per partition, bits that let the data plane skip what most lanes do not have (laneExtras.ts):
   * LANE_KEY_SEGS when partKeySegs[p] is not empty, LANE_SAMPLES when it may hold samples not yet
   * delivered, LANE_WAKE when its owner may be idle in its long poll. At 10 000 lanes, looking into
   * each lane's lists and owner on every fetch and append cost cache misses.
   */
  laneExtras: Uint8Array
  // ---- producers / consumers ----
  producers: ProducerState[]
  consumers: ConsumerState[]
  // ---- totals ----
  duplicates: number
  remappedKeys: number
  /** Partitions given up with onPartitionsRevoked. */
  revokedPartitions: number
  /** Partitions lost without a commit (onPartitionsLost, a crashed member's). */
  lostPartitions: number
  stoppedPartitionMs: number
  stoppedCount: number
  stoppedSince: number
  maxLagDuringRebalance: number
  /** Per rebalance (index into the runtime's log): stopped partition-ms and the largest total lag seen while it ran. */
  rebalanceStoppedMs: number[]
  rebalanceMaxLag: number[]
  maxRebalancesPerMinute: number
  latency: Float64Array
  latencyWin: Float64Array
  // ---- samples, trace, metrics ----
  /** Animation samples per partition, in offset order; head = first not yet delivered. */
  samplesByP: Sample[][]
  sampleHead: number[]
  sampleCarry: number
  trace: TraceEntry[]
  undrainedTrace: TraceEntry[]
  /** Rows not yet drained by an adapter (the page's store and the CLI keep the history, not the world). */
  undrainedMetrics: MetricsSample[]
  lastScaleAt: number
  consumerSeq: number
  /** Records produced in the current metrics window (hot-key shares). */
  producedWin: number
  /**
   * Sim ms the hot-key share window restarted at (a producer's keys changed: slider, script), or -1
   * when it began with the metrics window. Shares shown and judged then count from the change.
   */
  shareWindowFrom: number
  /** Partitions the producers knew when the metrics window began: only those are judged hot lanes. */
  lanesAtWindowStart: number
  /** Commands scheduled by other commands (rolling restarts, restarts coming back up). */
  deferred: Deferred[]
  /** Independent counts for the conservation checks (ledger.ts); written, never read, by the run. */
  ledger: Ledger
  /** A cluster rebalance (rebalanceCluster) running or done; absent until the first one. */
  reassign?: ReassignState
  /** addPartitions the controller refused (CreatePartitions failed), in order; absent until one. */
  refusedPartitionAdds?: RefusedPartitionAdd[]
  /** The brokers: placement, leaders, per-broker load (brokers/clusterState.ts). */
  cluster: ClusterState
  /** Broker faults (brokers/faultState.ts): absent until the first broker command, so other runs carry nothing. */
  faults?: FaultState
  /** A share group's share-partitions and counts (KIP-932); absent for a consumer group. */
  share?: ShareWorld
  /** Parallel Consumer state (group.parallel), created at the first such poll; absent otherwise. */
  parallel?: PcWorld
}

/** An addPartitions that failed: the topic kept `from` partitions; Kafka's error message. */
export interface RefusedPartitionAdd {
  atMs: number
  from: number
  to: number
  error: string
}

/** `brokersRng` places the replicas (the simulation passes its brokers stream, 4). */
export function createWorldState(live: Scenario, P: number, brokersRng: Rng = Rng.create(live.seed, 4)): WorldState {
  return {
    live,
    script: live.actions.map((a) => ({ ...a })),
    scriptCursor: 0,
    P,
    producerPartitions: P,
    producerRefreshPending: false,
    groupRefreshPending: false,
    leo: new Float64Array(P),
    pos: new Float64Array(P),
    delivered: new Float64Array(P),
    skipped: new Float64Array(P),
    committed: new Float64Array(P),
    owner: new Int32Array(P).fill(-1),
    buffered: new Float64Array(P),
    held: Array.from({ length: P }, () => []),
    capCarry: new Float64Array(P),
    inWin: new Float64Array(P),
    sentWin: new Float64Array(P),
    outWin: new Float64Array(P),
    inRate: new Float64Array(P),
    outRate: new Float64Array(P),
    hotLane: new Uint8Array(P),
    lastOwner: new Int32Array(P).fill(-1),
    movedAt: new Float64Array(P).fill(-Infinity),
    segs: createSegStore(P),
    segHead: new Array<number>(P).fill(0),
    keySegs: [],
    partKeySegs: Array.from({ length: P }, () => []),
    laneExtras: new Uint8Array(P),
    producers: [],
    consumers: [],
    duplicates: 0,
    remappedKeys: 0,
    revokedPartitions: 0,
    lostPartitions: 0,
    stoppedPartitionMs: 0,
    stoppedCount: P,
    stoppedSince: 0,
    maxLagDuringRebalance: 0,
    rebalanceStoppedMs: [],
    rebalanceMaxLag: [],
    maxRebalancesPerMinute: 0,
    latency: createHistogram(),
    latencyWin: createHistogram(),
    samplesByP: Array.from({ length: P }, () => []),
    sampleHead: new Array<number>(P).fill(0),
    sampleCarry: 0,
    trace: [],
    undrainedTrace: [],
    undrainedMetrics: [],
    lastScaleAt: -Infinity,
    consumerSeq: 0,
    producedWin: 0,
    shareWindowFrom: -1,
    lanesAtWindowStart: P,
    deferred: [],
    ledger: createLedger(P),
    cluster: createClusterState(clusterOf(live), P, brokersRng),
  }
}

/** Moves partition p to consumer c (-1 = nobody), keeping `owner` and each consumer's `owned` in step. */
export function setOwner(w: WorldState, p: number, c: number): void {
  const prev = w.owner[p]!
  if (prev === c) return
  if (prev >= 0) {
    const list = w.consumers[prev]!.owned
    const i = list.indexOf(p)
    if (i >= 0) list.splice(i, 1)
  }
  w.owner[p] = c
  // The new owner may be waiting in its long poll: the next append must look (laneExtras.ts).
  w.laneExtras[p]! |= LANE_WAKE
  if (c >= 0) {
    const list = w.consumers[c]!.owned
    let i = list.length
    while (i > 0 && list[i - 1]! > p) i--
    list.splice(i, 0, p)
  }
}
