// The countdowns a frame carries (frameTypes.ts Countdown) and their words for the narration and
// the consumer cards: "consumer-3 missed heartbeats for 31 s of 45 s". Reads the world and the
// group runtime's timers; writes nothing.

import type { Countdown, Frame, MemberView } from './frameTypes.ts'
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
    out.push({ kind: 'session', elapsedMs: now - setAt, limitMs: dueAt - setAt, config: kip848 ? 'group.consumer.session.timeout.ms' : 'session.timeout.ms' })
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

/** As a room reads a countdown: whole seconds ("31 s"), tenths under ten seconds ("2.4 s"); never rounded up. */
export function secs(ms: number): string {
  const m = Math.max(0, ms)
  return m < 10_000 ? `${(Math.floor(m / 100) / 10).toFixed(1)} s` : `${Math.floor(m / 1000)} s`
}

/** One countdown in words; `who` is the member's name (ignored for the group's own timers). */
export function countdownText(c: Countdown, who = ''): string {
  switch (c.kind) {
    case 'session':
      return `${who} missed heartbeats for ${secs(c.elapsedMs)} of ${secs(c.limitMs)} (${c.config})`
    case 'poll':
      return `${who} has not called poll() for ${secs(c.elapsedMs)} of ${secs(c.limitMs)} (${c.config})`
    case 'initialDelay':
      return `the coordinator has waited ${secs(c.elapsedMs)} of ${secs(c.limitMs)} for more members (${c.config})`
    case 'metadata': {
      const whose = c.client === 'producer' ? 'the producers' : 'the consumers'
      const then = c.revealsPartitions ? (c.client === 'producer' ? ': they will route to the added partitions' : ': the group will take the added partitions') : ''
      return `${whose} refresh metadata in ${secs(c.limitMs - c.elapsedMs)} (${c.config} = ${secs(c.limitMs)})${then}`
    }
  }
}

/** The short form on a consumer card: "no heartbeat 31/45 s", "in poll 12/15 s". */
export function countdownShort(c: Countdown): string {
  const pair = `${secs(c.elapsedMs).slice(0, -2)}/${secs(c.limitMs)}`
  return c.kind === 'session' ? `no heartbeat ${pair}` : c.kind === 'poll' ? `in poll ${pair}` : pair
}

/**
 * What the room is waiting for, in words: every member's countdown, the initial rebalance delay,
 * and a metadata refresh that will show added partitions (routine refreshes change nothing).
 */
export function countdownLines(frame: Pick<Frame, 'members' | 'group'>): string[] {
  const lines = frame.members.flatMap((m: MemberView) => m.countdowns.map((c) => countdownText(c, m.name)))
  for (const c of frame.group.countdowns) if (c.kind !== 'metadata' || c.revealsPartitions) lines.push(countdownText(c))
  return lines
}
