// The consumers' side of the data plane: each consumer's poll loop (poll, process, poll again),
// its idle long-poll, GC-pause resume, and a consumer process starting, stopping or closing.

import { commitReachesCoordinator } from './brokers/coordinatorState.ts'
import { commitOwned, fetchForConsumer } from './consume.ts'
import { shareAcknowledge, shareFetch, shareMemberLeft, wakeShareMembers } from './share/shareDataPlane.ts'
import { onParallelPoll } from './parallel/pcPoll.ts'
import { cycleMs, EV, type SimCore } from './core.ts'
import { recountStopped } from './stoppedTime.ts'
import { LANE_WAKE, startWaiting } from './laneExtras.ts'
import type { ConsumerState } from './worldState.ts'
import { generatedName, startingNames } from '../scenario/consumerNames.ts'

export function schedulePoll(sim: SimCore, c: number, at: number): void {
  const cs = sim.w.consumers[c]!
  if (cs.pollEvent >= 0) sim.kernel.cancel(cs.pollEvent)
  cs.pollAt = Math.max(at, sim.kernel.now)
  cs.pollEvent = sim.kernel.at(cs.pollAt, EV.poll, c)
}

/** Data arrived on partition p: an owner idle in its long poll (fetch.max.wait.ms) returns now. */
export function wakeOwner(sim: SimCore, p: number): void {
  if (sim.w.share) return wakeShareMembers(sim, p)
  const w = sim.w
  const c = w.owner[p]!
  const cs = c >= 0 ? w.consumers[c]! : null
  if (cs === null || !cs.waiting) {
    w.laneExtras[p]! &= ~LANE_WAKE // nobody to wake until the owner waits again or the lane moves
    return
  }
  if (cs.status !== 'running' || sim.kernel.now < cs.pausedUntil) return
  cs.waiting = false
  w.laneExtras[p]! &= ~LANE_WAKE
  schedulePoll(sim, c, sim.kernel.now + w.live.broker.networkLatencyMs)
}

/**
 * The application calls poll(): what the last poll returned is processed by now. Commits as
 * configured, lets the group protocol run (joins and callbacks happen inside poll in the Java
 * client), fetches up to max.poll.records, and schedules the next poll after processing them.
 */
export function onPoll(sim: SimCore, c: number): void {
  // Hook: a Parallel Consumer runs its own loop (sim/parallel/pcPoll.ts).
  if (sim.w.live.group.parallel) return onParallelPoll(sim, c)
  const w = sim.w
  const cs = w.consumers[c]!
  cs.pollEvent = -1
  if (cs.status !== 'running') return
  const now = sim.kernel.now
  if (now < cs.pausedUntil) return // the resume event polls
  const g = w.live.group
  // A share group acknowledges what the last poll returned instead of committing offsets.
  if (w.share) shareAcknowledge(sim, c)
  // Hook: without a reachable group coordinator a commit fails; the next poll tries again (brokers/coordinatorState.ts).
  else if (g.processing.commitMode === 'after-processing') {
    if (commitReachesCoordinator(w, now)) commitOwned(w, c)
  } else if (g.config['enable.auto.commit'] && now - cs.lastAutoCommit >= g.config['auto.commit.interval.ms'] && commitReachesCoordinator(w, now)) {
    commitOwned(w, c)
    cs.lastAutoCommit = now
  }
  if (cs.batch.length !== 0) cs.batch.length = 0
  cs.lastPollAt = now
  sim.group.memberPolled(c)
  if (cs.status !== 'running' || cs.pollEvent >= 0) return
  const lat = w.live.broker.networkLatencyMs
  const fetched = (w.share ? shareFetch : fetchFor)(sim, c, g.config['max.poll.records'], now, cycleMs(sim) / 2 + lat)
  if (fetched.records === 0) {
    startWaiting(w, c)
    schedulePoll(sim, c, now + g.config['fetch.max.wait.ms'])
    return
  }
  cs.waiting = false
  const msPerRecord = 1000 / Math.max(1e-9, g.processing.recordsPerSec)
  const procMs = ((fetched.costUnits * msPerRecord) / Math.max(1e-6, cs.speed)) * sim.rng.consume.lognormalUnitMean(g.processing.cv)
  cs.busyMsWin += procMs
  cs.busyUntil = now + procMs
  schedulePoll(sim, c, now + procMs + lat)
}

/** A GC pause ended: the consumer polls again. */
export function onResume(sim: SimCore, c: number): void {
  const cs = sim.w.consumers[c]!
  if (cs.status !== 'running') return
  recountStopped(sim)
  if (cs.pollEvent < 0) schedulePoll(sim, c, sim.kernel.now)
}

/**
 * A new consumer slot (not started yet). `name`: one of the scenario's own consumers' names
 * (group.consumerNames, e.g. an import's client ids); otherwise generated, counting up for the
 * whole run (consumer-1, -2, …) and never a name another consumer has.
 */
export function newConsumer(sim: SimCore, name?: string): number {
  const w = sim.w
  w.consumerSeq++
  const cs = consumerSlot(name ?? generatedName(w.consumerSeq, (n) => w.consumers.some((c) => c.name === n)), sim.kernel.now)
  w.consumers.push(cs)
  return w.consumers.length - 1
}

/** A consumer's state before its process starts: running, owning nothing, nothing fetched. */
export function consumerSlot(name: string, now: number): ConsumerState {
  return {
    name,
    status: 'running',
    everStarted: false,
    pausedUntil: 0,
    speed: 1,
    batch: [],
    pollEvent: -1,
    pollAt: 0,
    lastPollAt: -1,
    waiting: false,
    lastAutoCommit: now,
    busyMsWin: 0,
    busyUntil: 0,
    utilization: 0,
    owned: [],
    rr: 0,
    incarnation: 0,
  }
}

export function startConsumer(sim: SimCore, c: number): void {
  const cs = sim.w.consumers[c]!
  cs.status = 'running'
  cs.everStarted = true
  cs.lastAutoCommit = sim.kernel.now
  cs.waiting = false
  sim.group.memberStarted(c)
  schedulePoll(sim, c, sim.kernel.now)
}

/**
 * A warm start: the scenario's consumers have been running for a while and their group is formed
 * and Stable. Their processes are up, each owns its share, and each polls at once (offsets 0).
 */
export function startWarm(sim: SimCore): void {
  const slots: number[] = []
  const names = startingNames(sim.w.live.group)
  for (let i = 0; i < sim.w.live.group.consumers; i++) {
    const c = newConsumer(sim, names[i])
    const cs = sim.w.consumers[c]!
    cs.everStarted = true
    cs.lastAutoCommit = sim.kernel.now
    slots.push(c)
  }
  // A group with no members is Empty, warm or not.
  if (slots.length > 0) sim.group.startFormed(slots)
  for (const c of slots) schedulePoll(sim, c, sim.kernel.now)
  recountStopped(sim)
}

export function stopConsumer(sim: SimCore, c: number, status: 'crashed' | 'closed' | 'down'): void {
  const cs = sim.w.consumers[c]!
  if (cs.pollEvent >= 0) sim.kernel.cancel(cs.pollEvent)
  cs.pollEvent = -1
  cs.waiting = false
  cs.status = status
  cs.incarnation++
  // A share-group member's unacknowledged records stay locked until their locks expire.
  if (sim.w.share) cs.batch = []
}

/** close(): commits if auto-commit is on (as KafkaConsumer.close does), then leaves the group. */
export function closeGracefully(sim: SimCore, c: number): void {
  if (sim.w.share) {
    const released = shareMemberLeft(sim, c)
    sim.say({ kind: 'share.left', member: sim.w.consumers[c]!.name, released })
  } else if (sim.w.live.group.config['enable.auto.commit'] && commitReachesCoordinator(sim.w, sim.kernel.now)) commitOwned(sim.w, c)
  sim.group.memberClosed(c)
}

export function consumerByName(sim: SimCore, name: string | undefined): number {
  if (name === undefined) return -1
  return sim.w.consumers.findIndex((c) => c.name === name)
}

export function lastRunning(sim: SimCore): number {
  for (let c = sim.w.consumers.length - 1; c >= 0; c--) if (sim.w.consumers[c]!.status === 'running') return c
  return -1
}

function fetchFor(sim: SimCore, c: number, maxRecords: number, now: number, extraLatencyMs: number) {
  return fetchForConsumer(sim.w, c, maxRecords, now, extraLatencyMs)
}
