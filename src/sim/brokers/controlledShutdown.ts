// shutdownBroker: a graceful stop (controlled.shutdown.enable=true, the default), as in a rolling
// upgrade. KRaft (KIP-631): the stopping broker's BrokerLifecycleManager sends a heartbeat at once
// with WantShutDown; the controller (ReplicationControlManager.handleBrokerInControlledShutdown)
// removes it from every ISR and elects new leaders for the partitions it led, the same records as a
// fence (electAway.ts) but now, not broker.session.timeout.ms after its last heartbeat. A partition
// whose only in-sync replica is this broker gets no leader (a broker in controlled shutdown is no
// acceptable leader) and keeps it in its ISR: it is offline until the broker is back, as after a
// crash. The controller lets the broker stop (BrokerHeartbeatManager.calculateNextBrokerState:
// SHUTDOWN_NOW) once it leads nothing and every active broker has reported, in a heartbeat, the
// metadata offset of those changes; it then fences it. Reads the seed's heartbeat phases only.

import { NO_LEADER } from '../../kafka/leaderElection.ts'
import type { SimCore } from '../core.ts'
import { defer } from '../deferred.ts'
import { shareStateBrokerCrashed, shareStateBrokerFenced } from '../share/shareStateCoordinator.ts'
import { stopBrokerCapacity } from './brokerCapacity.ts'
import { coordinatorBrokerCrashed, coordinatorBrokerFenced } from './coordinatorFailover.ts'
import { electAway } from './electAway.ts'
import { brokerFaultOf, faultSettings, faultsOf, lastHeartbeat, producerDelivery } from './faultState.ts'
import { maybeScheduleLeaderCheck } from './leaderBalance.ts'
import { clientsLoseBroker } from './leadership.ts'

/**
 * BrokerLifecycleManager: after the first heartbeat response in PENDING_CONTROLLED_SHUTDOWN that
 * does not yet allow the shutdown, the next heartbeat goes 50 ms later (then every
 * broker.heartbeat.interval.ms).
 */
export const PENDING_SHUTDOWN_RETRY_MS = 50

/**
 * When the controller grants broker b's controlled shutdown that began at `t` (sim ms): at b's
 * first heartbeat after every other running broker has heartbeated once since `t` (their metadata
 * offsets then include the leader moves: BrokerHeartbeatManager.lowestActiveOffset). b's
 * heartbeats: `t` (the request), t + 50 ms, then every broker.heartbeat.interval.ms. Pure.
 */
export function shutdownGrantedAt(seed: number, b: number, others: readonly number[], intervalMs: number, t: number): number {
  let caughtUp = t
  for (const o of others) if (o !== b) caughtUp = Math.max(caughtUp, lastHeartbeat(seed, o, intervalMs, t) + intervalMs)
  const second = t + PENDING_SHUTDOWN_RETRY_MS
  if (caughtUp <= second) return second
  return second + Math.ceil((caughtUp - second) / intervalMs) * intervalMs
}

/** shutdownBroker: leadership and ISR membership move off broker b now; b stops when the controller allows it. */
export function shutdownBroker(sim: SimCore, b: number): void {
  const w = sim.w
  const br = w.cluster.brokers[b]
  if (br === undefined || !br.up || br.stoppingSince !== undefined) return
  brokerFaultOf(w)
  const now = sim.kernel.now
  const cfg = faultSettings(w.live.cluster)
  const led: number[] = []
  for (let p = 0; p < w.P; p++) if (w.cluster.leader[p] === b) led.push(p)
  // From now on the controller counts b as no candidate leader (ClusterControlManager.isActive).
  br.stoppingSince = now
  const acksAll = producerDelivery(w.live).acks === 'all'
  // What the new leaders had copied of the partitions b led (the rest is truncated: electAway).
  for (const p of led) clientsLoseBroker(w, b, p, now, acksAll)
  // b still answers: NOT_LEADER_OR_FOLLOWER naming the new leader (KIP-951), so clients follow after
  // one round trip, as after a preferred-leader move (leaderBalance.ts).
  const r = electAway(sim, b, now + 2 * w.live.broker.networkLatencyMs)
  // Leading nothing, b may stop at once (calculateNextBrokerState: "granted an immediate shutdown").
  const running = w.cluster.brokers.filter((x) => x.up && x.stoppingSince === undefined).map((x) => x.id)
  const stopAt = led.length === 0 ? now : shutdownGrantedAt(w.live.seed, b, running, cfg.heartbeatIntervalMs, now)
  sim.say({ kind: 'broker.shutdown', broker: b, moved: r.moved, offline: r.offline, followed: r.followed, unreplicated: r.unreplicated, acks: producerDelivery(w.live).acks, stopInMs: stopAt - now })
  // Hook: the offsets partition's leadership moves too (its coordinator resigns; the new leader loads the group).
  coordinatorBrokerCrashed(sim, b, true)
  coordinatorBrokerFenced(sim, b, true)
  shareStateBrokerCrashed(sim, b)
  shareStateBrokerFenced(sim, b)
  maybeScheduleLeaderCheck(sim)
  if (stopAt === now) stopShutDownBroker(sim, b, now)
  else defer(sim, stopAt, { fault: { kind: 'shutdownStop', broker: b, since: now } })
}

/** The controller granted the shutdown (SHUTDOWN_NOW): it fences b, whose process stops. Stale (b crashed meanwhile): nothing. */
export function stopShutDownBroker(sim: SimCore, b: number, since: number): void {
  const w = sim.w
  const br = w.cluster.brokers[b]!
  if (!br.up || br.stoppingSince !== since) return
  const f = faultsOf(w)
  const now = sim.kernel.now
  delete br.stoppingSince
  br.up = false
  stopBrokerCapacity(br)
  f.crashedAt[b] = now
  f.fenced[b] = true
  f.fenceAt[b] = now
  // handleBrokerFenced: the same removal again, a no-op unless partitions were added meanwhile.
  electAway(sim, b)
  // Partitions whose only in-sync replica it was stay offline after it stops: they wait for it.
  const waiting: number[] = []
  for (let p = 0; p < w.P; p++) if (w.cluster.leader[p] === NO_LEADER && w.cluster.isr[p]!.includes(b)) waiting.push(p)
  sim.say({ kind: 'broker.stopped', broker: b, afterMs: now - since, offline: waiting })
}
