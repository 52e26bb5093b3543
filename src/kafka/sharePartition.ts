// A share-partition's in-flight records (KIP-932, SharePartition in Kafka's broker), as pure
// functions on plain data. Records between the share-partition start offset (SPSO) and end offset
// (SPEO) are in flight: AVAILABLE, ACQUIRED by one member under a time lock, ACKNOWLEDGED or
// ARCHIVED. Like Kafka's InFlightBatch, state is kept per run of offsets, not per record.
//
// Kafka's rules modelled here:
// - acquisition hands out AVAILABLE records first (lowest offsets), then new ones from the log,
//   while the in-flight window stays within group.share.partition.max.record.locks; every
//   acquisition increments the record's delivery count;
// - a lock that expires, or a release, makes the record AVAILABLE again, unless its delivery
//   count has reached group.share.delivery.count.limit: then it is ARCHIVED
//   (InFlightState.tryUpdateState with maxDeliveryCount);
// - accept → ACKNOWLEDGED, reject → ARCHIVED; only the member holding the lock may acknowledge;
// - the start offset moves past a prefix of ACKNOWLEDGED / ARCHIVED records, freeing the window.

export type ShareRecordState = 'available' | 'acquired' | 'acknowledged' | 'archived'

/** Offsets [from, to) in one state. `member` and `lockUntil` matter while ACQUIRED (-1 / 0 otherwise). */
export interface InFlightRun {
  from: number
  to: number
  state: ShareRecordState
  deliveryCount: number
  member: number
  lockUntil: number
}

export interface SharePartitionState {
  /** SPSO: every offset below is acknowledged or archived. */
  start: number
  /** SPEO: the next offset never acquired; [start, end) is covered by `runs`, in order. */
  end: number
  runs: InFlightRun[]
}

export interface ShareLimits {
  lockDurationMs: number
  deliveryCountLimit: number
  maxRecordLocks: number
}

/** An acquired range, with the delivery count its records now have (1 = first delivery). */
export interface Acquired {
  from: number
  to: number
  deliveryCount: number
}

export type AckType = 'accept' | 'release' | 'reject'

/** Records moved by an acknowledgement or a lock expiry. */
export interface Moved {
  acknowledged: number
  /** Back to AVAILABLE, to be delivered again. */
  released: number
  archived: number
  /** Offsets the member no longer held (its lock expired first): Kafka rejects these (INVALID_RECORD_STATE). */
  invalid: number
}

export function createSharePartition(start: number): SharePartitionState {
  return { start, end: start, runs: [] }
}

/** Records in flight: between SPSO and SPEO (what max.record.locks bounds). */
export function inFlight(sp: SharePartitionState): number {
  return sp.end - sp.start
}

/**
 * Acquires up to `max` records for `member`: AVAILABLE ones first (redeliveries), then new records
 * up to `logEnd` while the window stays within the lock limit. Locks expire at now + lock duration.
 */
export function acquire(sp: SharePartitionState, member: number, max: number, logEnd: number, now: number, lim: ShareLimits): Acquired[] {
  const out: Acquired[] = []
  let budget = Math.floor(max)
  const lockUntil = now + lim.lockDurationMs
  for (let i = 0; i < sp.runs.length && budget > 0; i++) {
    const r = sp.runs[i]!
    if (r.state !== 'available') continue
    if (r.to - r.from > budget) splitAt(sp, i, r.from + budget)
    const run = sp.runs[i]!
    run.state = 'acquired'
    run.deliveryCount++
    run.member = member
    run.lockUntil = lockUntil
    budget -= run.to - run.from
    out.push({ from: run.from, to: run.to, deliveryCount: run.deliveryCount })
  }
  const room = sp.start + lim.maxRecordLocks - sp.end
  const take = Math.min(budget, room, logEnd - sp.end)
  if (take > 0) {
    const run: InFlightRun = { from: sp.end, to: sp.end + take, state: 'acquired', deliveryCount: 1, member, lockUntil }
    sp.runs.push(run)
    sp.end += take
    out.push({ from: run.from, to: run.to, deliveryCount: 1 })
  }
  mergeRuns(sp)
  return out
}

/** The member acknowledges [from, to): only offsets it still holds change state. */
export function acknowledge(sp: SharePartitionState, member: number, from: number, to: number, type: AckType, lim: ShareLimits): Moved {
  const moved: Moved = { acknowledged: 0, released: 0, archived: 0, invalid: 0 }
  if (to <= from) return moved
  let held = 0
  forEachRunIn(sp, from, to, (r) => {
    if (r.state !== 'acquired' || r.member !== member) return
    held += r.to - r.from
    settle(r, type, lim, moved)
  })
  moved.invalid = to - from - held
  advanceStart(sp)
  return moved
}

/** Locks due by `now` end: their records become AVAILABLE, or ARCHIVED at the delivery limit. */
export function expireLocks(sp: SharePartitionState, now: number, lim: ShareLimits): Moved {
  const moved: Moved = { acknowledged: 0, released: 0, archived: 0, invalid: 0 }
  for (const r of sp.runs) if (r.state === 'acquired' && r.lockUntil <= now) settle(r, 'release', lim, moved)
  mergeRuns(sp)
  advanceStart(sp)
  return moved
}

/** A member leaves (its share session closes): every record it holds is released at once. */
export function releaseMember(sp: SharePartitionState, member: number, lim: ShareLimits): Moved {
  const moved: Moved = { acknowledged: 0, released: 0, archived: 0, invalid: 0 }
  for (const r of sp.runs) if (r.state === 'acquired' && r.member === member) settle(r, 'release', lim, moved)
  mergeRuns(sp)
  advanceStart(sp)
  return moved
}

/** The earliest lock still held, or Infinity. */
export function nextLockExpiry(sp: SharePartitionState): number {
  let t = Infinity
  for (const r of sp.runs) if (r.state === 'acquired' && r.lockUntil < t) t = r.lockUntil
  return t
}

/** Records in a state, in the window. */
export function countIn(sp: SharePartitionState, state: ShareRecordState): number {
  let n = 0
  for (const r of sp.runs) if (r.state === state) n += r.to - r.from
  return n
}

function settle(r: InFlightRun, type: AckType, lim: ShareLimits, moved: Moved): void {
  const n = r.to - r.from
  if (type === 'accept') {
    r.state = 'acknowledged'
    moved.acknowledged += n
  } else if (type === 'reject' || r.deliveryCount >= lim.deliveryCountLimit) {
    r.state = 'archived'
    moved.archived += n
  } else {
    r.state = 'available'
    moved.released += n
  }
  r.member = -1
  r.lockUntil = 0
}

/** Calls `f` on the runs exactly covering [from, to) ∩ window, splitting runs at the edges. */
function forEachRunIn(sp: SharePartitionState, from: number, to: number, f: (r: InFlightRun) => void): void {
  const lo = Math.max(from, sp.start)
  const hi = Math.min(to, sp.end)
  if (hi <= lo) return
  let i = findRun(sp, lo)
  if (sp.runs[i]!.from < lo) {
    splitAt(sp, i, lo)
    i++
  }
  for (; i < sp.runs.length && sp.runs[i]!.from < hi; i++) {
    if (sp.runs[i]!.to > hi) splitAt(sp, i, hi)
    f(sp.runs[i]!)
  }
  mergeRuns(sp)
}

/** Index of the run containing offset `o` (start ≤ o < end). */
function findRun(sp: SharePartitionState, o: number): number {
  let lo = 0
  let hi = sp.runs.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (sp.runs[mid]!.from <= o) lo = mid
    else hi = mid - 1
  }
  return lo
}

function splitAt(sp: SharePartitionState, i: number, at: number): void {
  const r = sp.runs[i]!
  if (at <= r.from || at >= r.to) return
  sp.runs.splice(i + 1, 0, { ...r, from: at })
  r.to = at
}

/** Adjacent runs in the same state (same member, lock and count) become one, keeping the list short. */
function mergeRuns(sp: SharePartitionState): void {
  const runs = sp.runs
  let o = 0
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!
    const prev = o > 0 ? runs[o - 1]! : undefined
    if (prev && prev.to === r.from && prev.state === r.state && prev.member === r.member && prev.lockUntil === r.lockUntil && prev.deliveryCount === r.deliveryCount) {
      prev.to = r.to
      continue
    }
    runs[o++] = r
  }
  runs.length = o
}

/** SPSO moves past the finished prefix (ACKNOWLEDGED or ARCHIVED), freeing record locks. */
function advanceStart(sp: SharePartitionState): void {
  let k = 0
  while (k < sp.runs.length && (sp.runs[k]!.state === 'acknowledged' || sp.runs[k]!.state === 'archived')) k++
  if (k === 0) return
  sp.start = k < sp.runs.length ? sp.runs[k]!.from : sp.end
  sp.runs.splice(0, k)
}
