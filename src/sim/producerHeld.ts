// Records a producer holds for a lane (w.buffered[p]): when each was sent, oldest first, so that
// what a lane appends late keeps its send() time. A consumer measuring latency from a record's
// CreateTime (set by the producer at send(), KafkaProducer.doSend) sees the time a record waited in
// the producer's RecordAccumulator for a leader or for broker capacity; delivery.timeout.ms counts
// from there too (RecordAccumulator.expiredBatches). The queue is a flat [sentAt, count, …] per
// lane, whose counts always sum to w.buffered[p].

import { faultsOf } from './brokers/faultState.ts'
import { pushSeg } from './segLog.ts'
import type { WorldState } from './worldState.ts'

/**
 * Records sent less than this apart share one entry, timed by the first of them (bounds the queue
 * at ten entries a second of holding; latency errs high, and a send fails early, by less than this).
 */
export const HELD_BUCKET_MS = 100

/** `count` records sent at `now` join lane p's held records (the caller adds them to w.buffered). */
export function holdRecords(w: WorldState, p: number, count: number, now: number): void {
  if (count <= 0) return
  const q = w.held[p]!
  const n = q.length
  if (n > 0 && now - q[n - 2]! < HELD_BUCKET_MS) q[n - 1]! += count
  else q.push(now, count)
}

/**
 * Lane p appends `count` of its held records, oldest first, from offset `start` at `now`: one
 * segment per held entry, each with the time its records waited. Returns the offset they end at.
 * The caller takes them from w.buffered.
 */
export function appendHeld(w: WorldState, p: number, count: number, start: number, now: number, cost: number): number {
  const q = w.held[p]!
  let end = start
  let k = 0
  while (count > 0 && k < q.length) {
    const sentAt = q[k]!
    const c = q[k + 1]!
    const take = Math.min(c, count)
    end += take
    count -= take
    pushSeg(w.segs, p, now, end, cost, now - sentAt)
    if (take < c) q[k + 1] = c - take
    else k += 2
  }
  if (k > 0) q.splice(0, k)
  return end
}

/**
 * Lane p, which held `before` records, appends `m` from offset `start` at `now`: the held ones
 * first, each stretch its own segment with the time it waited, then this cycle's `added` as far as
 * `m` reaches, the rest of them held behind the others. (The common case, a lane holding nothing,
 * is appendBatches.ts's own: one segment.) The caller has set w.buffered.
 */
export function appendAfterHeld(w: WorldState, p: number, before: number, start: number, m: number, added: number, now: number, cost: number): void {
  const fromHeld = Math.min(m, before)
  const heldEnd = appendHeld(w, p, fromHeld, start, now, cost)
  const end = start + m
  if (end > heldEnd) pushSeg(w.segs, p, now, end, cost, 0)
  holdRecords(w, p, added - (m - fromHeld), now)
}

/** Lane p's oldest held record was sent at (undefined: it holds none). */
export function oldestHeldAt(w: WorldState, p: number): number | undefined {
  const q = w.held[p]!
  return q.length > 0 ? q[0] : undefined
}

/** Drops lane p's oldest held entry (its records failed); returns how many records it held. */
export function dropOldestHeld(w: WorldState, p: number): number {
  const q = w.held[p]!
  const n = Math.min(q[1]!, w.buffered[p]!)
  q.splice(0, 2)
  w.buffered[p]! -= n
  return n
}

/**
 * Lane p's held records sent at or before `sentBy` (now less delivery.timeout.ms) fail, whatever
 * held them (a leader away or a broker at capacity: RecordAccumulator.expiredBatches expires any
 * batch past its delivery timeout), counted as failed sends. Returns what the lane still holds.
 */
export function expireHeld(w: WorldState, p: number, sentBy: number): number {
  let n = 0
  for (let sent = oldestHeldAt(w, p); sent !== undefined && sent <= sentBy; sent = oldestHeldAt(w, p)) n += dropOldestHeld(w, p)
  if (n > 0) faultsOf(w).failedSends += n
  return w.buffered[p]!
}

/**
 * Records a new leader's log no longer has go back to the producer under acks=all, to be sent
 * again ahead of what it still holds: [sentAt, count, …], oldest first (the caller adds their
 * count to w.buffered).
 */
export function returnToHeld(w: WorldState, p: number, entries: readonly number[]): void {
  if (entries.length > 0) w.held[p]!.unshift(...entries)
}

/**
 * A checkpoint from before the held queue: a lane's waiting list under a broker fault (flat
 * [since, count, …], which its records had joined) becomes its queue; records held for capacity,
 * which had no time kept, count as sent at the checkpoint's moment. Returns the world as it is when
 * there is nothing to convert.
 */
export function migrateHeld<W extends WorldState>(w: W, now: number): W {
  if (w.held !== undefined) return w
  const waiting = (w.faults as { waiting?: number[][] } | undefined)?.waiting
  w.held = Array.from({ length: w.P }, (_, p) => {
    const q = waiting?.[p] !== undefined ? [...waiting[p]!] : []
    let listed = 0
    for (let i = 1; i < q.length; i += 2) listed += q[i]!
    if (w.buffered[p]! > listed) q.push(now, w.buffered[p]! - listed)
    while (listed > w.buffered[p]! && q.length > 0) {
      // An old list could name records already failed: its oldest go first.
      const cut = Math.min(q[1]!, listed - w.buffered[p]!)
      listed -= cut
      if (cut === q[1]) q.splice(0, 2)
      else q[1] = q[1]! - cut
    }
    return q
  })
  if (waiting !== undefined) delete (w.faults as { waiting?: number[][] }).waiting
  return w
}
