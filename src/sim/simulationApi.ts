// The one surface the adapters (worker, CLI, tests) use. Implemented by simulation.ts.

import type { GroupCoordinatorSummary } from './brokers/coordinatorView.ts'
import type { ShareGroupSummary } from './share/shareSummary.ts'
import type { ParallelConsumerSummary } from './parallel/pcSummary.ts'
import type { SimTime } from '../engine/time.ts'
import type { Command, Scenario, ScenarioAction } from '../scenario/types.ts'
import type { Frame, MetricsSample, TraceEntry } from './frameTypes.ts'
import type { RebalanceRecord } from './group/groupRuntime.ts'
import type { ClusterPlanView } from './brokers/planRun.ts'
import type { ClusterRebalanceSummary } from './brokers/reassign.ts'
import type { BrokerSummary } from './brokers/brokerView.ts'
import type { PausedLanesSummary } from './brokers/pausedLanes.ts'

export interface PartitionSummary {
  partition: number
  produced: number
  consumed: number
  lag: number
  /** Age of the oldest record not yet delivered, seconds (0 when caught up). */
  lagSeconds: number
  owner: string | null
  /** Only when a broker fault ran: the partition's leader, numbered from 1 as shown (null = offline). */
  leader?: number | null
  /** Only while its producers hold records (leader away or at capacity): how many (part of producerBuffered). */
  heldByProducers?: number
  /** With heldByProducers: seconds since the oldest of them was sent. */
  heldOldestSec?: number
}

/** What `highway run --json` prints. produced = consumed + lag holds exactly. */
export type { ShareGroupSummary }

export interface RunSummary {
  scenario: string
  seed: number
  simSeconds: number
  produced: number
  consumed: number
  lag: number
  producerBuffered: number
  /**
   * Part of `consumed`: records the group moved past without delivering them, because a partition
   * it was newly assigned had no committed offset and auto.offset.reset=latest (KAFKA-12261).
   */
  skippedByOffsetReset: number
  duplicates: number
  orderingViolations: number
  remappedKeys: number
  skewRatio: number
  /** null when nothing has been consumed yet (no data, never 0 ms). */
  latencyMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null }
  partitions: PartitionSummary[]
  rebalances: number
  generation: number
  /** Partitions given up with onPartitionsRevoked. */
  revokedPartitions: number
  /** Partitions lost without a commit (onPartitionsLost, or held by a crashed member). */
  lostPartitions: number
  stoppedPartitionSeconds: number
  maxLagDuringRebalance: number
  storm: boolean
  maxRebalancesPerMinute: number
  rebalanceLog: RebalanceSummary[]
  hotKeys: Array<{ key: string; share: number; flagged: boolean; partitions: number[] }>
  /**
   * The cluster's brokers, always (issue 12). Per-second figures are the mean over the last closed
   * metrics window (1 s of sim time), the same the page's broker strip shows at that moment.
   */
  brokers: BrokerSummary[]
  /** Where the group's coordinator lives (the leader of its __consumer_offsets partition) and its failovers. */
  groupCoordinator: GroupCoordinatorSummary
  /** The latest cluster rebalance (rebalanceCluster), present once one ran. */
  clusterRebalance?: ClusterRebalanceSummary
  events: number
  /**
   * Only when a broker fault ran (crashBroker / shutdownBroker / restartBroker / slowBroker): records a failed leader
   * had acknowledged (acks=1 or 0) but no follower had copied, and records that waited past
   * delivery.timeout.ms (or ran out of retries) and failed. produced + producerBuffered + lostRecords
   * + failedSends = every record the producers generated. failedSends also appears without a broker
   * fault once records a broker or lane at capacity held pass delivery.timeout.ms since send().
   */
  lostRecords?: number
  failedSends?: number
  /**
   * Only when a broker fault ran: lanes the brokers paused at the end (no leader the clients can
   * reach; under acks=all, an ISR below min.insync.replicas or holding a crashed broker), with Kafka's
   * OfflinePartitionsCount and UnderMinIsrPartitionCount, the most at once and the lane-seconds so far.
   */
  pausedLanes?: PausedLanesSummary
  /** Only for a share group (group.type=share, KIP-932). */
  shareGroup?: ShareGroupSummary
  /**
   * Only when some addPartitions failed (the controller could not place the new partitions:
   * InvalidReplicationFactorException, Kafka's message in `error`); the topic kept `from` partitions.
   */
  refusedPartitionAdds?: Array<{ atSec: number; from: number; to: number; error: string }>
  /** Confluent Parallel Consumer figures, when group.parallel runs (sim/parallel/pcSummary.ts). */
  parallelConsumer?: ParallelConsumerSummary
}

/** A rebalance as the run saw it: the runtime's record plus what it cost the data plane. */
export interface RebalanceSummary extends RebalanceRecord {
  /** Partition-seconds during this rebalance with nobody consuming (revoked, unowned, owner down). */
  stoppedPartitionSeconds: number
  /** The largest total lag sampled (every 1 s) while it ran. */
  maxLag: number
}

export interface Simulation {
  readonly scenario: Scenario
  now(): SimTime
  /** Runs every event up to `t` (ms). Deterministic: the same calls give the same world. */
  advanceTo(t: SimTime): void
  /**
   * Applies a live command at now() (rounded up to a whole ms) and records it in the script: the
   * returned action, replayed from the start, lands at the same point of the run.
   */
  apply(cmd: Command): ScenarioAction
  /** Every action, scripted and recorded, in the order they run. */
  script(): readonly ScenarioAction[]
  /** The world at now(), with up to `maxParticles` sampled records for animation. */
  frame(maxParticles?: number): Frame
  /**
   * frame(), except that its per-partition arrays of offsets, rates, owners and leaders are the
   * run's own: read them at once and keep none (the next step of the run changes them), never
   * transfer or write them. For the worker, which reduces a big topic's frame to the page's rows.
   */
  liveFrame(maxParticles?: number): Frame
  /** Metric rows sampled (every 1 s of sim time) since the previous call. */
  drainSamples(): MetricsSample[]
  /** Narration since the previous call. */
  drainTrace(): TraceEntry[]
  summary(): RunSummary
  /** A plain-data checkpoint; restoreSimulation(cp) continues exactly as this run would. */
  checkpoint(): SimCheckpoint
  /** The newest narration kept (bounded), drained or not: what a restored checkpoint knows of its past. */
  traceLog(): readonly TraceEntry[]
  /** Every rebalance so far, the open one last (cheap: the group's own log). */
  rebalanceLog(): readonly RebalanceRecord[]
  /** Events dispatched so far (for benchmarks and progress). */
  eventsProcessed(): number
  /** The cluster balancer's plan at now() (what rebalanceCluster would run), under `throttleBytesPerSec`. */
  clusterPlan(throttleBytesPerSec?: number): ClusterPlanView
}

export interface SimCheckpoint {
  readonly version: 1
  readonly scenario: Scenario
  readonly state: unknown
}
