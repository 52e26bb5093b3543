// Narration as data: the simulation emits typed facts (who, what, why), stamped with sim time;
// this module alone (with narrationGroup.ts for the group protocols' facts) turns them into
// English. Nothing parses the English back: the store and the tests read the facts.

import { formatSimTime, type SimTime } from '../engine/time.ts'
import type { Command, PartitionerName } from '../scenario/types.ts'
import { narrateGroup, type GroupFact } from './narrationGroup.ts'
import { narrateCluster, type ClusterFact } from './brokers/reassignNarration.ts'
import { isBrokerFact, narrateBroker, type BrokerFact } from './brokers/narrationBrokers.ts'
import { isBrokerFaultFact, narrateBrokerFault, onDownBrokers, type BrokerFaultFact } from './brokers/narrationFaults.ts'
import type { ReplicaOnDownBroker } from './brokers/addedPartitions.ts'
import { isShareFact, narrateShare, type ShareFact } from './share/shareFacts.ts'
import { isCoordinatorFact, narrateCoordinator, type CoordinatorFact } from './brokers/coordinatorFacts.ts'

export type { GroupFact } from './narrationGroup.ts'

export type Fact =
  | GroupFact
  | BrokerFact
  | BrokerFaultFact
  | ShareFact
  // The group coordinator's failover (brokers/coordinatorFailover.ts).
  | CoordinatorFact
  | { kind: 'lane.saturated'; partition: number; capacityPerSec: number }
  | { kind: 'hotspot.keyFlagged'; key: string; share: number; partition: number }
  | { kind: 'hotspot.keyCleared'; key: string; share: number }
  | { kind: 'hotspot.laneFlagged'; partition: number; ratePerSec: number; timesMean: number }
  | { kind: 'dynamic.salted'; key: string; splits: number; partitions: number[] }
  | { kind: 'dynamic.routed'; key: string }
  | { kind: 'dynamic.set'; detection: boolean; salting: boolean; splits: number; loadAware: boolean }
  | { kind: 'autoscaler.scaleOut'; lag: number; threshold: number }
  | { kind: 'autoscaler.scaleIn'; lag: number; threshold: number }
  | { kind: 'autoscaler.set'; enabled: boolean; lagThreshold: number; cooldownSec: number; maxConsumers: number }
  | { kind: 'member.start'; member: string; topic: string; rejoin: boolean }
  | { kind: 'member.close'; member: string }
  | { kind: 'member.crash'; member: string }
  | { kind: 'member.gcPause'; member: string; durationMs: number }
  | { kind: 'member.slow'; member: string; factor: number }
  | { kind: 'member.restart'; member: string; downMs: number }
  | { kind: 'group.rollingRestart'; members: number; intervalMs: number }
  | { kind: 'producer.rate'; perSec?: number; multiplier?: number }
  | { kind: 'producer.keys'; change: KeysChange }
  | { kind: 'producer.partitioner'; partitioner: PartitionerName | null; ignoreKeys: boolean }
  | { kind: 'producer.metadataRefresh'; partitions: number; movedKeys: number }
  | { kind: 'topic.partitionsAdded'; from: number; to: number; producersInMs: number; groupInMs: number; groupAtCoordinator: boolean; onDownBrokers?: ReplicaOnDownBroker[] }
  /** CreatePartitions failed (InvalidReplicationFactorException, Kafka's message): the topic keeps `from`. */
  | { kind: 'topic.partitionsRefused'; from: number; to: number; error: string }
  | { kind: 'group.handover'; partition: number; to: string; from: string }
  | { kind: 'group.metadataRefresh'; partitions: number }
  | { kind: 'partition.offsetReset'; partition: number; skipped: number }
  | ClusterFact

export type KeysChange = Extract<Command, { do: 'setHotKeyShare' | 'setKeyCount' | 'setZipf' | 'setKeyCost' }>

export type FactKind = Fact['kind']

/** One line of narration: a fact and the sim time it happened. */
export interface TraceEntry {
  t: SimTime
  fact: Fact
}

const pct = (x: number): string => `${(x * 100).toFixed(0)} %`
const onOff = (b: boolean): string => (b ? 'on' : 'off')
const secs = (ms: number, digits = 1): string => `${(ms / 1000).toFixed(digits)} s`

function delay(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${+(ms / 1000).toFixed(1)} s`
}

function keysChange(c: KeysChange): string {
  switch (c.do) {
    case 'setHotKeyShare':
      return `hot-key share set to ${pct(c.share)}`
    case 'setKeyCount':
      return `key count set to ${c.count}`
    case 'setZipf':
      return `keys now Zipf(s = ${c.s})`
    case 'setKeyCost':
      return `key "${c.key}" now costs ${c.cost}× to process`
  }
}

/** The English for one fact (without the time stamp). */
export function narrate(f: Fact): string {
  switch (f.kind) {
    case 'lane.saturated':
      return `partition ${f.partition} at its append capacity (${f.capacityPerSec} rec/s): producer batches queue up`
    case 'hotspot.keyFlagged':
      return `hot key "${f.key}" flagged: ${pct(f.share)} of records, all on partition ${f.partition}`
    case 'hotspot.keyCleared':
      return `key "${f.key}" no longer hot (${pct(f.share)})`
    case 'hotspot.laneFlagged':
      return `partition ${f.partition} is hot: ${Math.round(f.ratePerSec)} rec/s, ${f.timesMean.toFixed(1)}× the mean`
    case 'dynamic.salted':
      return `salting "${f.key}" over ${f.splits} salts → partitions ${f.partitions.join(', ')} (its per-key order is no longer guaranteed)`
    case 'dynamic.routed':
      return `load-aware routing sends "${f.key}" to the least-loaded lane (its per-key order is no longer guaranteed)`
    case 'dynamic.set':
      return `dynamic partitioning: detection ${onOff(f.detection)}, salting ${onOff(f.salting)}${f.salting ? ` (${f.splits} splits)` : ''}, load-aware ${onOff(f.loadAware)}`
    case 'autoscaler.scaleOut':
      return `autoscaler: lag ${Math.round(f.lag)} > ${f.threshold} → adding a consumer`
    case 'autoscaler.scaleIn':
      return `autoscaler: lag ${Math.round(f.lag)} < ${f.threshold} → removing a consumer`
    case 'autoscaler.set':
      return f.enabled ? `autoscaler on: a consumer is added while lag > ${f.lagThreshold} (cooldown ${f.cooldownSec} s, at most ${f.maxConsumers})` : 'autoscaler off'
    case 'member.start':
      return f.rejoin ? `${f.member} is back up and rejoins` : `${f.member} starts and subscribes to "${f.topic}"`
    case 'member.close':
      return `${f.member} shuts down cleanly (close())`
    case 'member.crash':
      return `${f.member} crashed: no LeaveGroup, its heartbeats stop`
    case 'member.gcPause':
      return `${f.member} stops the world for ${secs(f.durationMs)} (GC pause): no polls, no heartbeats`
    case 'member.slow':
      return f.factor === 1 ? `${f.member} processes at normal speed again` : `${f.member} now processes ${f.factor}× slower (at ${+(1 / f.factor).toFixed(2)}× speed)`
    case 'member.restart':
      return `${f.member} restarts (down for ${secs(f.downMs)})`
    case 'group.rollingRestart':
      return `rolling restart of ${f.members} consumers, one every ${secs(f.intervalMs, 0)}`
    case 'producer.rate':
      return f.multiplier !== undefined ? `load ×${f.multiplier}` : `producer rate set to ${f.perSec} rec/s`
    case 'producer.keys':
      return keysChange(f.change)
    case 'producer.partitioner':
      return `partitioner: ${f.partitioner ?? 'built-in'}${f.ignoreKeys ? ' (keys ignored)' : ''}`
    case 'producer.metadataRefresh':
      return `producers see ${f.partitions} partitions (metadata refresh): ${f.movedKeys} keys now hash to a different partition`
    case 'topic.partitionsAdded':
      return (
        (f.groupAtCoordinator
          ? `partitions ${f.from} → ${f.to} on the broker (existing data does not move); producers see them at their metadata refresh in ${delay(f.producersInMs)}, the group coordinator at once (KIP-848)`
          : `partitions ${f.from} → ${f.to} on the broker (existing data does not move); producers see them at their metadata refresh in ${delay(f.producersInMs)}, the group leader in ${delay(f.groupInMs)}`) + onDownBrokers(f.onDownBrokers ?? [])
      )
    case 'topic.partitionsRefused':
      return `adding partitions ${f.from} → ${f.to} failed: InvalidReplicationFactorException: ${f.error} The topic keeps ${f.from} partitions.`
    case 'group.metadataRefresh':
      return `the group leader sees ${f.partitions} partitions → rebalance`
    case 'group.handover':
      return `partition ${f.partition} goes to ${f.to} while ${f.from} is still processing records from it`
    case 'partition.offsetReset':
      return `partition ${f.partition} has no committed offset: auto.offset.reset=latest skips ${f.skipped} records`
    case 'cluster.plan':
    case 'cluster.leaderMoved':
    case 'cluster.replicaMoveStarted':
    case 'cluster.replicaMoveDone':
    case 'cluster.moveSkipped':
    case 'cluster.rebalanceDone':
      return narrateCluster(f)
    default:
      // Brokers' and share groups' facts (issue 12) are told by their own modules.
      if (isBrokerFaultFact(f)) return narrateBrokerFault(f)
      if (isShareFact(f)) return narrateShare(f)
      if (isCoordinatorFact(f)) return narrateCoordinator(f)
      return isBrokerFact(f) ? narrateBroker(f) : narrateGroup(f)
  }
}

/** "12.345 s  text": the line as logs and golden traces print it. */
export function narrationLine(e: TraceEntry): string {
  return `${formatSimTime(e.t)} ${narrate(e.fact)}`
}

/**
 * Two facts that set the same setting (a slider dragged through values): the later one makes the
 * earlier one not worth reading.
 */
export function sameSetting(a: Fact, b: Fact): boolean {
  if (a.kind !== b.kind) return false
  switch (a.kind) {
    case 'producer.rate':
      return (a.multiplier === undefined) === ((b as typeof a).multiplier === undefined)
    case 'producer.keys':
      return a.change.do === (b as typeof a).change.do && (a.change.do !== 'setKeyCost' || a.change.key === ((b as typeof a).change as typeof a.change).key)
    case 'dynamic.set':
    case 'producer.partitioner':
    case 'autoscaler.set':
      return true
    default:
      return false
  }
}
