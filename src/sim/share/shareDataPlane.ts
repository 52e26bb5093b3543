// A share group's data plane (KIP-932): members acquire records from the partitions they are
// assigned (several members per partition), process them, and acknowledge them at their next poll
// (share.acknowledgement.mode=implicit); acquisition locks expire on the engine clock. Fetches and
// acknowledgements go to each partition's leader, which holds its share-partition
// (shareLeaderChange.ts). The Kafka rules are the pure functions of kafka/sharePartition.ts; this
// module applies them to the world.

import { acquire, expireLocks, inFlight, nextLockExpiry } from '../../kafka/sharePartition.ts'
import { deliver } from '../consume.ts'
import { EV, type SimCore } from '../core.ts'
import { schedulePoll } from '../pollLoop.ts'
import { noteHanded } from '../ledger.ts'
import type { FetchResult } from '../consume.ts'
import { leaderReachable, readableEnd } from '../brokers/producerRetry.ts'
import { recountStopped } from '../stoppedTime.ts'
import { applyAck, count, shareOf, syncOffsets, wakeShareMembers } from './shareApply.ts'
import { initializeNow, shareLeaderAlive } from './shareLeaderChange.ts'
import { flatBatches, keepPersisted, noteWritten, queueWrite, releaseHeldNow, writesNow } from './sharePersister.ts'
import { keyOrderOnCompletion } from './shareOrdering.ts'
import { shareLimits } from './shareState.ts'

export { wakeShareMembers }

/**
 * ShareFetch for member `c`: up to `maxRecords` acquired from its partitions in turn (rotating the
 * start as the fetcher does). Redeliveries come first on each partition (lowest offsets).
 */
export function shareFetch(sim: SimCore, c: number, maxRecords: number, now: number, extraLatencyMs: number): FetchResult {
  const w = sim.w
  const sh = shareOf(w)
  const lim = shareLimits(w.live)
  const cs = w.consumers[c]!
  const owned = cs.owned
  const n = owned.length
  cs.batch = []
  let remaining = Math.floor(maxRecords)
  let costUnits = 0
  let next = cs.rr
  for (let j = 0; j < n && remaining > 0; j++) {
    const i = (cs.rr + j) % n
    const p = owned[i]!
    // ShareFetch goes to the partition's leader: none reachable, nothing from this partition.
    if (!leaderReachable(w, p, now)) continue
    // A new leader serves the share-partition once it has read its state from the share coordinator.
    if (sh.initPending?.[p] && !initializeNow(sim, p)) continue
    const sp = sh.parts[p]!
    const got = acquire(sp, c, remaining, readableEnd(w, p, now), now, lim)
    if (got.length === 0) continue
    for (const a of got) {
      const k = a.to - a.from
      costUnits += deliver(w, p, a.from, a.to, now, extraLatencyMs)
      noteHanded(w.ledger, p, a.from, a.to)
      cs.batch.push(p, a.from, a.to)
      sh.stats.acquired += k
      if (a.deliveryCount > 1) sh.stats.redelivered += k
      if (a.deliveryCount > sh.stats.maxDeliveryCount) sh.stats.maxDeliveryCount = a.deliveryCount
      remaining -= k
    }
    syncOffsets(w, p)
    if (inFlight(sp) > sh.stats.inFlightMax) sh.stats.inFlightMax = inFlight(sp)
    armLockTimer(sim, p)
    next = i + 1
  }
  cs.rr = n > 0 ? next % n : 0
  return { records: Math.floor(maxRecords) - remaining, costUnits }
}

/**
 * The member polls again: what its last poll returned is processed. Implicit acknowledgement: the
 * records are accepted, except the fractions the application releases (delivered again) or rejects
 * (archived). Only records whose lock the member still holds change; the rest were already given
 * to another member (their lock expired while this one was processing).
 */
export function shareAcknowledge(sim: SimCore, c: number): void {
  const w = sim.w
  const sh = shareOf(w)
  const cs = w.consumers[c]!
  const spec = w.live.group.share
  const releaseShare = spec?.releaseShare ?? 0
  const rejectShare = spec?.rejectShare ?? 0
  const b = cs.batch
  for (let i = 0; i < b.length; i += 3) {
    const p = b[i]!, from = b[i + 1]!, to = b[i + 2]!
    if (p >= sh.parts.length) continue
    keyOrderOnCompletion(w, p, from, to)
    // ShareAcknowledge fails without a reachable leader; the records stay acquired on the old one,
    // whose state the next leader does not inherit (shareLeaderChange.ts).
    if (!leaderReachable(w, p, sim.kernel.now) || sh.initPending?.[p]) continue
    const n = to - from
    const rel = takeCarry(sh.releaseCarry, c, n * releaseShare, n)
    const rej = takeCarry(sh.rejectCarry, c, n * rejectShare, n - rel)
    // The new states take effect once written (sharePersister.ts): without a share coordinator the
    // acknowledgement waits in the persister's retries, and the records stay acquired meanwhile.
    if (!writesNow(sim, p)) {
      queueWrite(sim, { partition: p, kind: 'ack', member: c, from, to, rel, rej })
      continue
    }
    applyAck(sim, c, p, from, to, rel, rej)
    noteWritten(w, p, [[from, to]])
  }
  cs.batch = []
}

/** A member closed: the records it holds are released at once (its share session ends). */
export function shareMemberLeft(sim: SimCore, c: number): number {
  const w = sim.w
  const sh = shareOf(w)
  let released = 0
  for (let p = 0; p < sh.parts.length; p++) {
    // Only a reachable leader hears the session close; elsewhere the locks end with that leader's share-partition.
    if (!leaderReachable(w, p, sim.kernel.now) || sh.initPending?.[p]) continue
    if (!sh.parts[p]!.runs.some((r) => r.state === 'acquired' && r.member === c)) continue
    // Released like an acknowledgement: only once written (sharePersister.ts).
    if (!writesNow(sim, p)) {
      queueWrite(sim, { partition: p, kind: 'left', member: c })
      continue
    }
    const m = releaseHeldNow(w, c, p)
    if (m.released + m.archived === 0) continue
    released += m.released
    wakeShareMembers(sim, p)
  }
  w.consumers[c]!.batch = []
  return released
}

/** The lock-expiry event of partition p: locks due now end (records available again, or archived). */
export function onShareLockTimer(sim: SimCore, p: number): void {
  const w = sim.w
  const sh = shareOf(w)
  sh.lockEvent[p] = -1
  sh.lockEventAt[p] = Infinity
  const sp = sh.parts[p]
  // A dead leader's timers do not run; its locks end with its share-partition (shareLeaderChange.ts).
  if (!sp || !shareLeaderAlive(w, p)) return
  const lim = shareLimits(w.live)
  const now = sim.kernel.now
  // Who held them, for the narration: the member of the first expiring run.
  const holders = new Set<number>()
  const ranges: Array<readonly [number, number]> = []
  for (const r of sp.runs) {
    if (r.state !== 'acquired' || r.lockUntil > now) continue
    holders.add(r.member)
    ranges.push([r.from, r.to])
  }
  // The timeout takes effect whether or not its write reaches the share coordinator (sharePersister.ts).
  const written = writesNow(sim, p)
  if (!written && ranges.length > 0) keepPersisted(w, p)
  const m = expireLocks(sp, now, lim)
  if (written) noteWritten(w, p, ranges)
  else if (ranges.length > 0) queueWrite(sim, { partition: p, kind: 'release', member: -1, batches: flatBatches(w, p, ranges), start: sp.start })
  if (m.released + m.archived > 0) {
    count(w, p, m)
    syncOffsets(w, p)
    const names = [...holders].map((c) => w.consumers[c]?.name ?? `consumer-?${c}`).join(', ')
    sim.say({ kind: 'share.lockExpired', partition: p, member: names, released: m.released, archived: m.archived, lockMs: lim.lockDurationMs, limit: lim.deliveryCountLimit })
    wakeShareMembers(sim, p)
  }
  armLockTimer(sim, p)
}

/** The coordinator's assignment reached member `c`: it reads these partitions (with other members). */
export function shareAssign(sim: SimCore, c: number, parts: readonly number[]): void {
  const w = sim.w
  const sh = shareOf(w)
  const cs = w.consumers[c]!
  for (const p of parts) {
    if (p < 0 || p >= w.P) continue
    const list = sh.members[p]!
    if (!list.includes(c)) insertSorted(list, c)
    if (!cs.owned.includes(p)) insertSorted(cs.owned, p)
    w.owner[p] = list[0]!
    if (w.lastOwner[p]! < 0) w.lastOwner[p] = c
  }
  recountStopped(sim)
  if (cs.status === 'running' && cs.waiting) {
    cs.waiting = false
    schedulePoll(sim, c, sim.kernel.now)
  }
}

/**
 * Member `c` no longer reads these partitions (a new assignment, it left, or it was removed). No
 * barrier and no commit: records it holds stay locked until acknowledged or expired.
 */
export function shareUnassign(sim: SimCore, c: number, parts: readonly number[]): void {
  const w = sim.w
  const sh = shareOf(w)
  const cs = w.consumers[c]!
  for (const p of parts) {
    const list = sh.members[p]
    if (!list) continue
    const i = list.indexOf(c)
    if (i >= 0) list.splice(i, 1)
    const j = cs.owned.indexOf(p)
    if (j >= 0) cs.owned.splice(j, 1)
    w.owner[p] = list.length > 0 ? list[0]! : -1
  }
  recountStopped(sim)
}

/** Whole records out of a fractional amount, carrying the remainder per member (never above `cap`). */
function takeCarry(carry: number[], c: number, amount: number, cap: number): number {
  const total = (carry[c] ?? 0) + amount
  const k = Math.max(0, Math.min(cap, Math.floor(total + 1e-9)))
  carry[c] = total - k
  return k
}

/** Keeps one pending expiry event per partition, at its earliest lock. */
function armLockTimer(sim: SimCore, p: number): void {
  const sh = shareOf(sim.w)
  const due = nextLockExpiry(sh.parts[p]!)
  if (due >= sh.lockEventAt[p]!) return
  if (sh.lockEvent[p]! >= 0) sim.kernel.cancel(sh.lockEvent[p]!)
  sh.lockEventAt[p] = due
  sh.lockEvent[p] = due === Infinity ? -1 : sim.kernel.at(due, EV.share, p)
}

function insertSorted(list: number[], x: number): void {
  let i = list.length
  while (i > 0 && list[i - 1]! > x) i--
  list.splice(i, 0, x)
}
