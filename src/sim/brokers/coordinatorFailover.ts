// The group coordinator lives on a broker: the leader of the group's __consumer_offsets partition.
// When that broker crashes, the clients lose it at once (their connection breaks) and the group
// runtime stops answering; when the controller fences the broker it elects a new leader for the
// offsets partition from its ISR (the same rule as for data partitions), and that broker loads the
// group from the log. Loading ends with every member's session timer started afresh
// (GroupMetadataManager.onLoaded: scheduleConsumerGroupSessionTimeout /
// rescheduleClassicGroupMemberHeartbeat), so the failover itself rebalances nobody; a member that
// cannot heartbeat within session.timeout.ms after the load (it crashed meanwhile) is removed then.
// Members find the new coordinator at their next FindCoordinator retry (retry backoff, KIP-580).

import { NO_LEADER } from '../../kafka/leaderElection.ts'
import type { SimCore } from '../core.ts'
import { defer } from '../deferred.ts'
import { brokerUp } from './clusterState.ts'
import { coordinatorLoadMs, coordinatorReachableAt, coordinatorStateOf, fenceCoordinatorPartition, loseCoordinatorPartition, restartCoordinatorPartition, type CoordinatorState } from './coordinatorState.ts'
import { faultSettings } from './faultState.ts'
import { SHARE_SESSION_TIMEOUT_MS } from '../share/shareGroupRuntime.ts'


/**
 * Broker b crashed (brokers/faults.ts, after its own bookkeeping), or began a controlled shutdown
 * (`shutdown`: controlledShutdown.ts): if it was the coordinator, the group loses it.
 */
export function coordinatorBrokerCrashed(sim: SimCore, b: number, shutdown = false): void {
  const c = coordinatorStateOf(sim.w)
  if (c.leader !== b) return
  loseCoordinatorPartition(c, sim.kernel.now)
  sim.say({ kind: 'coordinator.lost', broker: b, group: sim.w.live.group.groupId, partition: c.partition, ...(sim.w.share ? { share: true } : {}), ...(shutdown ? { shutdown: true as const } : {}) })
  sim.group.coordinatorLost?.()
}

/**
 * The controller fenced broker b, or took it out of its partitions for a controlled shutdown
 * (`shutdown`): it leaves the offsets partition's ISR; if it led it, a new leader loads the group.
 */
export function coordinatorBrokerFenced(sim: SimCore, b: number, shutdown = false): void {
  const c = coordinatorStateOf(sim.w)
  const ledIt = c.leader === b
  if (fenceCoordinatorPartition(c, b, brokerUp(sim.w.cluster), faultSettings(sim.w.live.cluster).uncleanElection)) startLoad(sim, c, b, shutdown)
  else if (ledIt) sim.say({ kind: 'coordinator.offline', broker: b, group: sim.w.live.group.groupId, partition: c.partition })
}

/** Broker b registered again: back in the offsets partition's ISR; leads it again if it was offline. */
export function coordinatorBrokerRestarted(sim: SimCore, b: number): void {
  const c = coordinatorStateOf(sim.w)
  if (restartCoordinatorPartition(c, b, brokerUp(sim.w.cluster))) startLoad(sim, c, b)
}

function startLoad(sim: SimCore, c: CoordinatorState, from: number, shutdown = false): void {
  const ms = coordinatorLoadMs(sim.w)
  c.loadedAt = sim.kernel.now + ms
  c.failovers++
  sim.say({ kind: 'coordinator.moved', from, to: c.leader, group: sim.w.live.group.groupId, partition: c.partition, loadMs: ms, ...(shutdown ? { shutdown: true as const } : {}) })
  defer(sim, c.loadedAt, { fault: { kind: 'coordinatorLoaded', epoch: c.epoch } })
}

/** The load timer: the group is live on its new coordinator; the runtime restarts its timers and members find it. */
export function coordinatorLoaded(sim: SimCore, epoch: number): void {
  const c = sim.w.faults?.coordinator
  if (c === undefined || c.epoch !== epoch || c.lostAt < 0 || c.leader === NO_LEADER) return
  const now = sim.kernel.now
  const reachableAt = coordinatorReachableAt(sim.w)
  sim.say({
    kind: 'coordinator.loaded',
    broker: c.leader,
    group: sim.w.live.group.groupId,
    partition: c.partition,
    reachableInMs: reachableAt - now,
    failedCommits: c.failedCommits,
    sessionTimeoutMs: sessionTimeoutMs(sim),
    ...(sim.w.share ? { share: true } : {}),
  })
  sim.group.coordinatorLoaded?.(reachableAt)
}

/** The session timeout the coordinator restarts (classic: the member's; KIP-848: the group's config; share: KIP-932's). */
function sessionTimeoutMs(sim: SimCore): number {
  const g = sim.w.live.group
  if (sim.w.share) return SHARE_SESSION_TIMEOUT_MS
  return g.protocol === 'consumer' ? sim.w.live.broker['group.consumer.session.timeout.ms'] : g.config['session.timeout.ms']
}
