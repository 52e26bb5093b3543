// A restarted replica's catch-up: it fetches what it missed from its partition's leader and then
// rejoins the ISR. Only a running leader serves fetches, and only the leader adds a follower to the
// ISR (Kafka's ReplicationControlManager.validateAlterPartitionData rejects an AlterPartition from
// any other broker), so a replica of an offline partition, or of one whose dead leader the
// controller has not fenced yet, waits until a leader is elected (faults.ts schedules it then).

import { NO_LEADER } from '../../kafka/leaderElection.ts'
import type { SimCore } from '../core.ts'
import { defer } from '../deferred.ts'
import type { WorldState } from '../worldState.ts'
import { brokerUp } from './clusterState.ts'
import { faultsOf } from './faultState.ts'
import { recordBytesOf } from './planRun.ts'
import { isAddingReplica } from './reassign.ts'

/** replica.fetch.max.bytes (ReplicaFetcherThread / ReplicationConfigs): what one follower fetch copies per partition. */
const REPLICA_FETCH_MAX_BYTES = 1_048_576

/** Partition p has a running leader for followers to fetch from (not offline, not a dead leader awaiting its fence). */
export function leaderServes(w: WorldState, p: number): boolean {
  const l = w.cluster.leader[p]!
  return l !== NO_LEADER && w.cluster.brokers[l]!.up
}

/**
 * Running replicas of partition p outside its ISR (a reassignment's adding replica aside: reassign.ts
 * drives its copy): those that came back while p had no leader to fetch from.
 */
export function waitingForLeader(w: WorldState, p: number): number[] {
  const up = brokerUp(w.cluster)
  return w.cluster.replicas[p]!.filter((r) => up(r) && !w.cluster.isr[p]!.includes(r) && !isAddingReplica(w, p, r))
}

/**
 * Each follower fetches the records appended since it left the ISR, at one replica.fetch.max.bytes
 * per round trip, then joins it: one 'isrJoin' timer per broker and moment, earliest first.
 */
export function catchUpTimers(sim: SimCore, followers: ReadonlyArray<{ partition: number; broker: number }>): void {
  const w = sim.w
  const f = faultsOf(w)
  const now = sim.kernel.now
  const lat = w.live.broker.networkLatencyMs
  const timers = new Map<string, { at: number; broker: number; partitions: number[] }>()
  for (const { partition: p, broker: b } of followers) {
    const missed = Math.max(0, w.leo[p]! - (f.leftIsrAt[p]![b] ?? w.leo[p]!))
    const bytes = missed * recordBytesOf(w)
    const at = now + Math.max(2 * lat, Math.ceil(bytes / REPLICA_FETCH_MAX_BYTES) * 2 * Math.max(1, lat))
    const key = `${b}@${at}`
    const t = timers.get(key) ?? { at, broker: b, partitions: [] }
    t.partitions.push(p)
    timers.set(key, t)
  }
  for (const t of [...timers.values()].sort((x, y) => x.at - y.at || x.broker - y.broker)) {
    t.partitions.sort((x, y) => x - y)
    defer(sim, t.at, { fault: { kind: 'isrJoin', partitions: t.partitions, broker: t.broker, restartedAt: f.restartedAt[t.broker]! } })
  }
}
