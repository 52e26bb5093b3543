// The countdowns a frame carries (frameTypes.ts Countdown): the pending timers that decide what
// happens next. Reads the world and the group runtime's timers; writes nothing. Their words are
// in countdownWords.ts (the page imports those without the simulation).

import type { Countdown } from './frameTypes.ts'
import type { MemberProtocolView } from './group/groupRuntime.ts'
import { nextPhase } from './metadataRefresh.ts'
import type { WorldState } from './worldState.ts'

/**
 * A poll outstanding this long is shown against max.poll.interval.ms. Routine polls come back in
 * milliseconds (an idle one in fetch.max.wait.ms, inside poll() where the timer does not count).
 */
export const LONG_POLL_MS = 1000

/** A member's countdowns: the session a silent process lets run down, and a long poll. */
export function memberCountdowns(w: WorldState, c: number, pv: MemberProtocolView, now: number): Countdown[] {
  const out: Countdown[] = []
  const kip848 = w.live.group.protocol === 'consumer'
  if (pv.sessionTimer) {
    const { setAt, dueAt } = pv.sessionTimer
    // A classic group's new member, parked in its first JoinGroup, is timed by the coordinator's
    // new-member join timeout (GroupCoordinatorConfig: 5 min), not its session (classicGroupLogic.ts).
    const newMember = !kip848 && dueAt - setAt !== w.live.group.config['session.timeout.ms']
    out.push({ kind: 'session', elapsedMs: now - setAt, limitMs: dueAt - setAt, config: kip848 ? 'group.consumer.session.timeout.ms' : newMember ? 'new-member join timeout' : 'session.timeout.ms' })
  }
  const cs = w.consumers[c]!
  const sincePoll = now - cs.lastPollAt
  const maxPoll = w.live.group.config['max.poll.interval.ms']
  // Past the limit the member has already left the group: the timer no longer decides anything.
  if (cs.status === 'running' && cs.lastPollAt >= 0 && !cs.waiting && sincePoll >= LONG_POLL_MS && sincePoll < maxPoll) {
    out.push({ kind: 'poll', elapsedMs: sincePoll, limitMs: maxPoll, config: 'max.poll.interval.ms' })
  }
  return out
}

/**
 * The clients' metadata refreshes run on a fixed phase since t = 0 (metadataRefresh.ts): the
 * producers at multiples of their metadata.max.age.ms, the consumers half a period later.
 */
export function metadataCountdowns(w: WorldState, now: number): Countdown[] {
  const producerAge = Math.max(1, w.live.producerConfig['metadata.max.age.ms'])
  const consumerAge = Math.max(1, w.live.group.config['metadata.max.age.ms'])
  const since = (age: number, phase: number): number => age - (nextPhase(now, age, phase) - now)
  return [
    { kind: 'metadata', client: 'producer', elapsedMs: since(producerAge, 0), limitMs: producerAge, config: 'metadata.max.age.ms', revealsPartitions: w.producerRefreshPending },
    { kind: 'metadata', client: 'consumer', elapsedMs: since(consumerAge, consumerAge / 2), limitMs: consumerAge, config: 'metadata.max.age.ms', revealsPartitions: w.groupRefreshPending },
  ]
}
