// What the page shows of broker faults: a dead broker's countdown to the controller noticing, and
// the lanes whose clients have no leader to talk to. Reads only.

import type { WorldState } from '../worldState.ts'

/** Ms until the controller fences broker b (down, not yet noticed); null when up or already fenced. */
export function noticeInMs(w: WorldState, b: number, now: number): number | null {
  const f = w.faults
  if (f === undefined || f.fenced[b] === true || (f.crashedAt[b] ?? -1) < 0) return null
  return Math.max(0, f.fenceAt[b]! - now)
}

/** Per partition, 1 while its producers or consumers cannot reach a leader at `now`. */
export function laneNoLeader(w: WorldState, now: number): Uint8Array {
  const out = new Uint8Array(w.P)
  const f = w.faults
  if (f === undefined) return out
  for (let p = 0; p < w.P; p++) {
    const leader = w.cluster.leader[p]!
    const dead = leader < 0 || w.cluster.brokers[leader]?.up !== true
    if (dead || now < f.fetchResumeAt[p]! || f.lostAt[p]! >= 0) out[p] = 1
  }
  return out
}
