// The read-only view model the simulation hands out: one Frame per rendered instant.
// Plain data with typed arrays, so the worker can transfer it and the view can draw it without
// touching the simulation. Nothing here is written back.

import type { ShareGroupView } from './share/shareSummary.ts'
import type { ParallelConsumerSummary } from './parallel/pcSummary.ts'
import type { SimTime } from '../engine/time.ts'
import type { ClusterPlanView } from './brokers/planRun.ts'
import type { ReassignProgress } from './brokers/reassign.ts'
import type { PausedLaneCounts } from './brokers/pausedLanes.ts'
import type { GroupedLanes } from './laneRows/laneRowTypes.ts'
export type { PausedLaneCounts }

/** Lane state flags (bit set in `Frame.laneFlags`). */
export const LANE_STOPPED = 1 // unowned or revoked: nobody consumes it (rebalance barrier, dead owner)
export const LANE_PAUSED = 2 // owner alive but not polling (GC pause, stuck in processing)
export const LANE_HOT = 4 // flagged by hotspot detection
export const LANE_MOVING = 8 // handed to a different owner in the last few seconds (a rebalance moved it)
export const LANE_SATURATED = 16 // append capacity reached: producer queue backing up
export const LANE_STATE_WAIT = 32 // a share group's lane whose share coordinator is down: acknowledgements wait (KIP-932)

/** Protocol state of a member as shown on the page (Kafka's client-side words). */
export type MemberPhase =
  | 'stable' // consuming its assignment
  | 'joining' // sent JoinGroup, waiting (eager: owns nothing)
  | 'syncing' // sent SyncGroup, waiting for its assignment
  | 'revoking' // running onPartitionsRevoked
  | 'reconciling' // KIP-848: UNREVOKED_PARTITIONS / UNRELEASED_PARTITIONS
  | 'paused' // GC pause or stuck: heartbeats or polls stopped
  | 'restarting' // process down, will come back
  | 'starting' // process not started yet (the group's consumers start at different moments)
  | 'dead' // crashed or left

/** Which pending timer a countdown shows. */
export type CountdownKind = 'session' | 'poll' | 'initialDelay' | 'metadata'

/** The Kafka setting that sets a countdown's limit. */
export type CountdownConfig =
  | 'session.timeout.ms'
  | 'group.consumer.session.timeout.ms'
  | 'max.poll.interval.ms'
  | 'group.initial.rebalance.delay.ms'
  | 'metadata.max.age.ms'
  /** A classic group's new member parked in its first JoinGroup: the coordinator's 5-minute join timeout (not a setting). */
  | 'new-member join timeout'

/**
 * A pending timer that decides what happens next, as the page shows it: `elapsedMs` of `limitMs`
 * have passed (a crashed member's time since its last heartbeat against the session timeout, a long
 * poll against max.poll.interval.ms, the coordinator's initial rebalance delay, the time since a
 * client's last metadata refresh).
 */
export interface Countdown {
  kind: CountdownKind
  elapsedMs: number
  limitMs: number
  config: CountdownConfig
  /** metadata: whose refresh (the producers, or the consumers: the classic group leader rejoins then). */
  client?: 'producer' | 'consumer'
  /** metadata: this refresh shows partitions added since the last one. */
  revealsPartitions?: boolean
}

export interface MemberView {
  /** Display name, e.g. "consumer-3". Stable for the run. */
  name: string
  /** Kafka member.id (dynamic: clientId-uuid, changes on restart) or '' before joining. */
  memberId: string
  groupInstanceId: string | null
  phase: MemberPhase
  /** Partitions it owns now (empty in a grouped frame, Frame.grouped: then `ownedCount` says how many). */
  owned: number[]
  /** PAGESCALE: how many partitions it owns, in a grouped frame (10 000 lane numbers need not cross to the page). */
  ownedCount?: number
  /** Fraction of the last second spent processing (0..1+). */
  utilization: number
  /** Processing speed factor (1 = normal; < 1 slowed down). */
  speed: number
  generation: number
  /** Its pending timers that matter now: no heartbeats (crashed, paused, a static member away), a long poll. */
  countdowns: Countdown[]
}

export interface GroupView {
  /** Coordinator state: Empty, PreparingRebalance, CompletingRebalance, Stable, Dead (classic) or KIP-848 epochs. */
  state: string
  generation: number
  /** 'share': a KIP-932 share group (no rebalances; the `simple` assignor may share partitions). */
  protocol: 'eager' | 'cooperative' | 'consumer' | 'share'
  assignor: string
  rebalancing: boolean
  leader: string | null
  rebalances: number
  /** Rebalances started in the last 60 s of sim time; a storm when ≥ stormThreshold. */
  rebalancesLastMinute: number
  storm: boolean
  /** The coordinator's initial rebalance delay while it runs; the producers' and consumers' next metadata refresh. */
  countdowns: Countdown[]
}

export interface Totals {
  /** Records appended to partition logs. */
  produced: number
  /** Distinct records delivered to the group (produced = consumed + lag, exactly). */
  consumed: number
  lag: number
  /** Records waiting in producers' accumulators because a lane is at capacity. */
  producerBuffered: number
  duplicates: number
  orderingViolations: number
  remappedKeys: number
  skewRatio: number
  /** Over the whole run so far; null until a record has been consumed. */
  latencyMs: { p50: number | null; p95: number | null; p99: number | null }
  rebalances: number
  /** Partitions given up with onPartitionsRevoked (their owner could commit first). */
  revokedPartitions: number
  /** Partitions lost without a commit: onPartitionsLost, or a crashed member's. */
  lostPartitions: number
  stoppedPartitionSeconds: number
  /** Hook (BROKERCLASS): only once a broker fault ran, records lost as run --json counts them (compare's strip). */
  lostRecords?: number
  /** Once a broker fault ran, or once a record failed: records held past delivery.timeout.ms since send() (run --json's failedSends). */
  failedSends?: number
  /** Only once a broker fault ran: lane-seconds the brokers paused so far (no reachable leader, acks=all waiting on the ISR). */
  pausedPartitionSeconds?: number
  /** Only once a broker fault ran: the lanes the brokers pause now, by reason (sim/brokers/pausedLanes.ts). */
  pausedLanes?: PausedLaneCounts
}

export interface HotKeyView {
  key: string
  /** Share of all records over the last window. */
  share: number
  ratePerSec: number
  /** Partitions its records go to now (more than one when salted or routed). */
  partitions: number[]
  flagged: boolean
}

/**
 * Sampled records for animation, packed 6 numbers each:
 * [partition, keyIndex (colour: -1 = keyless, 0 = the hottest key, 1.. the next tracked keys by share,
 *  16..21 = ordinary keys in six colours), producedAt (ms),
 *  consumedAt (ms, or -1 while in the log), offset, lagAtProduce (records ahead of it)].
 */
export const PARTICLE_STRIDE = 6

/** Numbers per lane in `Frame.heldLanes`: [lane, records held, oldest one's send() time (ms)]. */
export const HELD_STRIDE = 3

/** One broker as the page shows it (issue 12). `id` is its index; people read it as `id + 1`. */
export interface BrokerView {
  id: number
  up: boolean
  /** Partitions it leads now / replicas it holds (leaders included). */
  leaders: number
  replicas: number
  /** Per second over the last metrics window (1 s): records and bytes appended as leader, records fetched from it. */
  inRate: number
  bytesInRate: number
  outRate: number
  /** Broker hotspot: in-rate far above the brokers' mean (sim/brokers/brokerLoad.ts). */
  hot: boolean
  /** At cluster.brokerCapacityPerSec in the last window: the lanes it leads are held back. */
  saturated: boolean
  /** cluster.brokerCapacityPerSec (null = unlimited). */
  capacityPerSec: number | null
  /** Slow disk (slowBroker): its appends take this many times longer (1 = normal). */
  slowFactor: number
  /** Down and not yet noticed: ms until the controller fences it (broker.session.timeout.ms); null otherwise. */
  noticeInMs: number | null
  /** In controlled shutdown (shutdownBroker): running, leads nothing, stops when the controller allows it. Absent otherwise. */
  stopping?: true
  /** It leads the group's __consumer_offsets partition: the group's coordinator (brokers/coordinatorState.ts). */
  coordinator: boolean
  /** A share group's partitions whose state it holds as share coordinator (leads their __share_group_state partitions); absent for a consumer group. */
  shareStateFor?: number
}

export interface Frame {
  t: SimTime
  partitions: number
  /** Per-partition arrays, length = partitions. */
  logEndOffset: Float64Array
  /** The group's position (next offset to deliver). */
  position: Float64Array
  committed: Float64Array
  lag: Float64Array
  /** Age of the oldest record not yet delivered, ms. */
  lagMs: Float64Array
  inRate: Float64Array
  outRate: Float64Array
  /** Owning member index into `members`, or -1. */
  owner: Int32Array
  laneFlags: Uint8Array
  members: MemberView[]
  group: GroupView
  totals: Totals
  hotKeys: HotKeyView[]
  particles: Float64Array
  /** CLUSTERBAL: what "Rebalance cluster" would run now (refreshed once a sim second; null on very large topics). */
  clusterPlan?: ClusterPlanView | null
  /** CLUSTERBAL: the cluster rebalance in progress or last run (null before the first). */
  reassign?: ReassignProgress | null
  /** The cluster's brokers (always at least one). */
  brokers: BrokerView[]
  /** Per partition: the broker index leading it (-1 = offline). */
  laneLeader: Int32Array
  /** Per partition: 1 while its producers or consumers cannot reach a leader (dead, offline, not yet learned). */
  laneNoLeader: Uint8Array
  /**
   * Only while some lane's producers hold records (its leader at capacity or away): those lanes,
   * packed HELD_STRIDE numbers each in lane order (sim/laneHeld.ts). Sparse, as most frames have
   * none. Absent from a grouped frame, whose arrays hold rows: LaneFigures.held carries it there.
   */
  heldLanes?: Float64Array
  /**
   * Partitions addPartitions asked for that the controller refused so far (every broker fenced:
   * "All brokers are currently fenced."); absent when none. The settings replay the script with
   * them, so the topic has this many fewer than they say (the page's Partitions field).
   */
  refusedPartitions?: number
  /** Only for a share group (KIP-932): its counts and the records locked to members that stopped. */
  shareGroup?: ShareGroupView
  /** Confluent Parallel Consumer, when group.parallel runs (sim/parallel/pcFrame.ts). */
  parallel?: ParallelView
  /**
   * PAGESCALE: only in frames the worker sends for a topic of more than GROUP_ABOVE partitions. Then
   * the per-partition arrays above hold one entry per ROW (a lane group, or a lane of the open
   * group) and `partitions` counts rows; this says what the rows are (sim/laneRows/pageFrame.ts).
   */
  grouped?: GroupedLanes
}

export type { GroupedLanes, LaneFigures, LaneGroupInfo, LaneGrouping, LaneHeld, LaneView } from './laneRows/laneRowTypes.ts'

/** One Parallel Consumer (index = member index; null when not running). */
export interface ParallelMemberView {
  /** Worker threads busy now (≤ maxConcurrency). */
  busy: number
  /** Records it holds: fetched, not yet complete. */
  held: number
  /** The key (KEY order) or partition (PARTITION order) its idle workers wait behind now, or null. */
  blockedBy: { partition: number; key: string | null } | null
}

export interface ParallelView extends ParallelConsumerSummary {
  members: Array<ParallelMemberView | null>
}

export type { TraceEntry } from './narration.ts'

/** One row of metrics, sampled on a fixed sim-time grid (1 s). */
export interface MetricsSample {
  t: SimTime
  inRate: number
  outRate: number
  totalLag: number
  /** p99 send() → consume latency (time held in the producer included) of the records first consumed in this window; null if none was. */
  p99Ms: number | null
  skewRatio: number
  /** Per-partition lag at this instant. */
  lag: Float64Array
  rebalancing: boolean
}
