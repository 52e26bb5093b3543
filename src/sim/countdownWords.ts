// Countdowns in words, for the narration, the consumer cards and the consumer menu:
// "consumer-3 missed heartbeats for 31 s of 45 s (session.timeout.ms)". Pure; imports only types.

import type { Countdown, Frame, MemberView } from './frameTypes.ts'

/** As a room reads a countdown: whole seconds ("31 s"), tenths under ten seconds ("2.4 s"); never rounded up. */
export function secs(ms: number): string {
  const m = Math.max(0, ms)
  return m < 10_000 ? `${(Math.floor(m / 100) / 10).toFixed(1)} s` : `${Math.floor(m / 1000)} s`
}

/** One countdown in words; `who` is the member's name (ignored for the group's own timers). */
export function countdownText(c: Countdown, who = ''): string {
  switch (c.kind) {
    case 'session':
      return c.config === 'new-member join timeout'
        ? `${who} has waited ${secs(c.elapsedMs)} of ${secs(c.limitMs)} to finish its first join (the coordinator's new-member join timeout)`
        : `${who} missed heartbeats for ${secs(c.elapsedMs)} of ${secs(c.limitMs)} (${c.config})`
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

/**
 * A consumer card's countdown, longest form first, for a card too narrow for the first: "no
 * heartbeat 3.9/45 s", "no hb 3.9/45 s", "3.9/45 s"; "in poll 12/15 s", "poll 12/15 s", "12/15 s"
 * (the card's accessible name keeps countdownText's whole sentence).
 */
export function countdownShorts(c: Countdown): string[] {
  const pair = `${secs(c.elapsedMs).slice(0, -2)}/${secs(c.limitMs)}`
  return c.kind === 'session' ? [`no heartbeat ${pair}`, `no hb ${pair}`, pair] : c.kind === 'poll' ? [`in poll ${pair}`, `poll ${pair}`, pair] : [pair]
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
