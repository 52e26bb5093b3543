// Broker crash, restart and slow disk, and what the KRaft controller does about them: it notices a
// dead broker when its heartbeats stop for broker.session.timeout.ms, fences it (ISR shrink, new
// leaders from the ISR: kafka/leaderElection.ts), lets a restarted broker catch up and rejoin the
// ISRs of partitions that have a leader to fetch from (an offline partition's other replicas wait
// for its last in-sync broker to return and lead), and moves leaders back to preferred replicas at
// its leader-imbalance check (leaderBalance.ts).
// The controller itself is assumed to stay up (a KRaft quorum apart from the brokers). The group coordinator moves with its __consumer_offsets partition's leader
// (coordinatorFailover.ts, hooked in below), and so do a share group's share coordinators
// (share/shareStateCoordinator.ts).

import { joinIsr, unfenceBroker } from '../../kafka/leaderElection.ts'
import { clusterOf } from '../../scenario/defaults.ts'
import type { SimCore } from '../core.ts'
import { defer } from '../deferred.ts'
import { wakeOwner } from '../pollLoop.ts'
import { shareLeaderChanged } from '../share/shareLeaderChange.ts'
import { onShareWriteRetry } from '../share/sharePersister.ts'
import { shareStateBrokerCrashed, shareStateBrokerFenced, shareStateBrokerRestarted, shareStateLoaded } from '../share/shareStateCoordinator.ts'
import { stopBrokerCapacity } from './brokerCapacity.ts'
import { brokerUp, leaderCounts, notPreferred } from './clusterState.ts'
import { coordinatorBrokerCrashed, coordinatorBrokerFenced, coordinatorBrokerRestarted, coordinatorLoaded } from './coordinatorFailover.ts'
import { brokerFaultOf, faultSettings, faultsOf, lastHeartbeat, producerDelivery, type FaultTimer } from './faultState.ts'
import { leaderCheck, maybeScheduleLeaderCheck, nextLeaderCheckAt, preferredElsewhere, registration } from './leaderBalance.ts'
import { isAddingReplica } from './reassign.ts'
import { catchUpTimers, leaderServes, waitingForLeader } from './catchUp.ts'
import { stopShutDownBroker } from './controlledShutdown.ts'
import { electAway } from './electAway.ts'
import { clientsLearnLeader, clientsLoseBroker, resumeTimers, setLeader } from './leadership.ts'


/** crashBroker: the process dies now; clients of the partitions it led lose their leader at once. */
export function crashBroker(sim: SimCore, b: number): void {
  const w = sim.w
  const br = w.cluster.brokers[b]
  if (br === undefined || !br.up) return
  const f = brokerFaultOf(w)
  const now = sim.kernel.now
  const cfg = faultSettings(w.live.cluster)
  br.up = false
  // A crash during a controlled shutdown ends it: the controller then waits for the session timeout.
  delete br.stoppingSince
  const atCapacity = stopBrokerCapacity(br)
  f.crashedAt[b] = now
  f.fenced[b] = false
  const lastHb = lastHeartbeat(w.live.seed, b, cfg.heartbeatIntervalMs, now)
  f.fenceAt[b] = Math.max(now, lastHb + cfg.sessionTimeoutMs)
  const acksAll = producerDelivery(w.live).acks === 'all'
  const led: number[] = []
  // The high watermark is the ISR's lowest log end: it stops where a dead follower stopped, and
  // acks=all requests wait for it, until the controller drops it from the ISR.
  for (let p = 0; p < w.P; p++) if (clientsLoseBroker(w, b, p, now, acksAll)) led.push(p)
  sim.say({ kind: 'broker.crash', broker: b, leaderOf: led, noticeInMs: f.fenceAt[b]! - now, ...(atCapacity ? { atCapacity: true as const } : {}) })
  // Hook: the group loses its coordinator if this broker led the group's offsets partition.
  coordinatorBrokerCrashed(sim, b)
  shareStateBrokerCrashed(sim, b)
  defer(sim, f.fenceAt[b]!, { fault: { kind: 'fence', broker: b, crashedAt: now } })
}

/** The controller fences broker b: it leaves the ISRs, and the partitions it led elect new leaders. */
function fence(sim: SimCore, b: number): void {
  const w = sim.w
  const f = faultsOf(w)
  if (f.fenced[b] || w.cluster.brokers[b]!.up) return
  const now = sim.kernel.now
  const cfg = faultSettings(w.live.cluster)
  f.fenced[b] = true
  const { moved, offline, followed, unreplicated: lost } = electAway(sim, b)
  const acks = producerDelivery(w.live).acks
  // Silent since its last heartbeat, not since the crash: the controller's clock
  // (broker.session.timeout.ms) started at that heartbeat, up to one interval before the crash.
  const crashedAt = f.crashedAt[b]!
  const lastHb = lastHeartbeat(w.live.seed, b, cfg.heartbeatIntervalMs, crashedAt)
  const silentMs = now - lastHb
  sim.say({ kind: 'broker.fenced', broker: b, silentMs, crashedAgoMs: now - crashedAt, timedOut: silentMs >= cfg.sessionTimeoutMs, moved, offline, unreplicated: lost, acks, followed })
  // Hook: the offsets partition elects too; its new leader loads the group.
  coordinatorBrokerFenced(sim, b)
  shareStateBrokerFenced(sim, b)
  // Its partitions now have other leaders: the controller's next leader-imbalance check is due.
  maybeScheduleLeaderCheck(sim)
}

/** restartBroker: the broker registers again; offline partitions it holds come back; it catches up. */
export function restartBroker(sim: SimCore, b: number): void {
  const w = sim.w
  const br = w.cluster.brokers[b]
  if (br === undefined || br.up) return
  const f = brokerFaultOf(w)
  // A new incarnation registering tells the controller the old one is gone: fenced now if not yet.
  if (!f.fenced[b]) fence(sim, b)
  const now = sim.kernel.now
  br.up = true
  f.crashedAt[b] = -1
  f.fenced[b] = false
  f.fenceAt[b] = Infinity
  f.restartedAt[b] = now
  const back: number[] = []
  const resume: Array<{ partition: number; at: number }> = []
  const followers: Array<{ partition: number; broker: number }> = []
  const noLeader: number[] = []
  for (let p = 0; p < w.P; p++) {
    const reg = registration(w, p)
    if (!reg.replicas.includes(b)) continue
    const change = unfenceBroker(reg, brokerUp(w.cluster))
    if (change.leaderChanged) {
      setLeader(w, p, change.leader)
      shareLeaderChanged(sim, p)
      resume.push({ partition: p, at: clientsLearnLeader(sim, p) })
      back.push(p)
      // Replicas that came back while p was offline can fetch now: they start catching up from it.
      for (const r of waitingForLeader(w, p)) followers.push({ partition: p, broker: r })
      continue
    }
    if (reg.isr.includes(b) || isAddingReplica(w, p, b)) continue
    // A follower catches up only by fetching from the leader: with none (p offline: its last
    // in-sync broker is down) b stays out of the ISR until that broker returns and leads; with a
    // dead leader the controller has not fenced yet, until it elects another.
    if (leaderServes(w, p)) followers.push({ partition: p, broker: b })
    else noLeader.push(p)
  }
  resumeTimers(sim, resume)
  catchUpTimers(sim, followers)
  maybeScheduleLeaderCheck(sim)
  // Back as a follower: the partitions that prefer it come back only at the controller's check.
  const cfg = faultSettings(w.live.cluster)
  sim.say({
    kind: 'broker.restart',
    broker: b,
    leaderAgain: back,
    // Those it cannot follow yet are no candidates for the next check either.
    preferred: preferredElsewhere(w, b).filter((p) => !noLeader.includes(p)),
    ...(noLeader.length > 0 ? { noLeader } : {}),
    leaderCheckAt: cfg.autoLeaderRebalance ? nextLeaderCheckAt(w) : null,
    intervalSec: cfg.imbalanceCheckIntervalMs / 1000,
  })
  // Hook: an offline offsets partition comes back with it.
  coordinatorBrokerRestarted(sim, b)
  shareStateBrokerRestarted(sim, b)
}

/**
 * slowBroker: its disk appends take `factor` times longer: records it appends, as leader or as an
 * in-sync follower, become readable later (slowDisk.ts); with a broker capacity set, the capacity
 * model (brokerCapacity.ts) also divides cluster.brokerCapacityPerSec by the factor.
 */
export function slowBroker(sim: SimCore, b: number, factor: number): void {
  const br = sim.w.cluster.brokers[b]
  if (br === undefined) return
  brokerFaultOf(sim.w)
  br.slowFactor = Math.max(1, factor)
  // Capacity banked at the old speed (up to a second of it, brokerCapacity.ts) is not the new disk's:
  // paid out, a broker running under its capacity kept its old rate for seconds after the disk slowed.
  br.capCarry = 0
  sim.say({ kind: 'broker.slow', broker: b, factor: br.slowFactor, capacityPerSec: clusterOf(sim.w.live).brokerCapacityPerSec })
}

/**
 * 0 s of a run whose placement was kept as imported (cluster.assignment): says so, and when some
 * partitions are led by another replica than their preferred one (cluster.leaders), the
 * controller finds the imbalance at its next check (auto.leader.rebalance.enable), as after a restart.
 * A placement by the placer says nothing and schedules nothing, so those runs replay exactly.
 */
export function startKeptPlacement(sim: SimCore): void {
  const w = sim.w
  const spec = w.live.cluster
  if (spec?.assignment === undefined) return
  const away = notPreferred(w.cluster)
  maybeScheduleLeaderCheck(sim)
  sim.say({
    kind: 'broker.placement',
    leaders: leaderCounts(w.cluster),
    notPreferred: away.map((p) => ({ partition: p, leader: w.cluster.leader[p]!, preferred: w.cluster.replicas[p]![0]! })),
    checkAtMs: nextLeaderCheckAt(w),
  })
}

/** A fault timer fired (a Deferred item). Stale timers (the broker restarted since) do nothing. */
export function runFaultTimer(sim: SimCore, t: FaultTimer): void {
  const w = sim.w
  const f = faultsOf(w)
  switch (t.kind) {
    case 'fence':
      if (f.crashedAt[t.broker] === t.crashedAt) fence(sim, t.broker)
      break
    case 'shutdownStop':
      stopShutDownBroker(sim, t.broker, t.since)
      break
    case 'resume': {
      // Partitions whose leader changed again since are another timer's business.
      const now = t.partitions.filter((p, i) => w.cluster.leaderEpoch[p] === t.epochs[i])
      if (now.length === 0) break
      sim.say({ kind: 'broker.clientsResumed', moved: now.map((p) => ({ partition: p, to: w.cluster.leader[p]! })) })
      for (const p of now) wakeOwner(sim, p)
      break
    }
    case 'isrJoin': {
      // A broker in controlled shutdown rejoins nothing: it is on its way out.
      const br = w.cluster.brokers[t.broker]!
      if (!br.up || br.stoppingSince !== undefined || f.restartedAt[t.broker] !== t.restartedAt) break
      const joined = t.partitions.filter((p) => {
        // Its leader died or went offline meanwhile: nothing to fetch from; it catches up from the
        // next leader (fence or restart schedules that).
        if (!leaderServes(w, p)) return false
        const before = w.cluster.isr[p]!.length
        w.cluster.isr[p] = joinIsr(registration(w, p), t.broker)
        delete f.leftIsrAt[p]![t.broker]
        return w.cluster.isr[p]!.length > before
      })
      if (joined.length > 0) {
        sim.say({ kind: 'broker.isrJoin', partitions: joined, broker: t.broker })
        maybeScheduleLeaderCheck(sim)
      }
      break
    }
    case 'leaderCheck':
      leaderCheck(sim)
      break
    case 'coordinatorLoaded':
      coordinatorLoaded(sim, t.epoch)
      break
    case 'shareStateLoaded':
      shareStateLoaded(sim, t.statePartition, t.epoch)
      break
    case 'shareWriteRetry':
      onShareWriteRetry(sim, t.id)
      break
  }
}
