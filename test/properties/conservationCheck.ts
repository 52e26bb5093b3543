// Conservation of records, from counts kept apart from each other (src/sim/ledger.ts), so a record
// lost anywhere shows up as a mismatch. Test-only.
import type { Simulation } from '../../src/sim/simulationApi.ts'
import { reachedEnd } from '../../src/sim/ledger.ts'
import type { WorldState } from '../../src/sim/worldState.ts'

/** The world as a checkpoint holds it (a deep copy: reading it cannot disturb the run). */
export function worldOf(sim: Simulation): WorldState {
  return (sim.checkpoint().state as { w: WorldState }).w
}

/**
 * Every broken rule, as a readable line (empty when all hold):
 * - producers: generated (rate integration) = appended (log-end offsets) + buffered in producers
 *   + lost (acks=1 records a crashed leader had not replicated) + failed (delivery.timeout.ms), the
 *   last two as the run reports them (w.faults, run --json lostRecords / failedSends);
 * - per partition: appended = delivered once (distinct offsets in the ranges fetches handed out)
 *   + skipped by auto.offset.reset + not yet delivered (from the furthest offset reached to the
 *   log end, never negative): no offset below the furthest one reached was passed over;
 * - the simulation's own first-delivery frontier (`delivered`) is that furthest offset;
 * - per partition, the producers' held records, counted entry by entry in the send-time queue
 *   (producerHeld.ts), are its `buffered` count, and their send times never go back;
 * - redeliveries counted from the ranges (handed − delivered once) are its `duplicates` plus the
 *   Parallel Consumer's `notDuplicates` (delivered again, not processed again), and the skipped
 *   offsets are its `skipped`.
 */
export function conservationErrors(w: WorldState): string[] {
  const errors: string[] = []
  const l = w.ledger
  let appended = 0
  let buffered = 0
  let redelivered = 0
  let skipped = 0
  let skippedLedger = 0
  for (let p = 0; p < w.P; p++) {
    appended += w.leo[p]!
    buffered += w.buffered[p]!
    const end = reachedEnd(l, p)
    const notYet = w.leo[p]! - end
    if (notYet < 0) errors.push(`partition ${p}: handed out up to offset ${end}, beyond its log end ${w.leo[p]}`)
    const accounted = l.handedOnce[p]! + l.skippedOnce[p]! + notYet
    if (accounted !== w.leo[p]) {
      errors.push(`partition ${p}: appended ${w.leo[p]} ≠ delivered once ${l.handedOnce[p]} + skipped ${l.skippedOnce[p]} + not yet delivered ${notYet}`)
    }
    const q = w.held[p]!
    let held = 0
    for (let i = 0; i < q.length; i += 2) {
      held += q[i + 1]!
      if (q[i + 1]! <= 0) errors.push(`partition ${p}: a held entry of ${q[i + 1]} records`)
      if (i > 0 && q[i]! < q[i - 2]!) errors.push(`partition ${p}: held records sent at ${q[i]} after ones sent at ${q[i - 2]}`)
    }
    if (held !== w.buffered[p]) errors.push(`partition ${p}: held entries count ${held} ≠ buffered ${w.buffered[p]}`)
    if (w.delivered[p] !== end) errors.push(`partition ${p}: delivered frontier ${w.delivered[p]} ≠ furthest offset reached ${end}`)
    redelivered += l.handed[p]! - l.handedOnce[p]!
    skipped += w.skipped[p]!
    skippedLedger += l.skippedOnce[p]!
  }
  const lost = w.faults?.lostRecords ?? 0
  const failed = w.faults?.failedSends ?? 0
  if (l.generated !== appended + buffered + lost + failed) {
    const faults = w.faults ? ` + lost ${lost} + failed ${failed}` : ''
    errors.push(`producers: generated ${l.generated} ≠ appended ${appended} + buffered ${buffered}${faults} (${l.generated - appended - buffered - lost - failed} missing)`)
  }
  const notDuplicates = w.parallel?.stats.notDuplicates ?? 0
  if (redelivered !== w.duplicates + notDuplicates) {
    errors.push(`redelivered ${redelivered} (from fetched ranges) ≠ duplicates ${w.duplicates} + not processed again (Parallel Consumer) ${notDuplicates}`)
  }
  if (skippedLedger !== skipped) errors.push(`skipped ${skippedLedger} (ranges) ≠ skipped ${skipped} (offset resets)`)
  if (w.share) errors.push(...shareConservationErrors(w))
  return errors
}

/**
 * A share group (KIP-932), per partition: every record the members ever acquired (up to the
 * share-partition end offset, which is the first-delivery frontier) is acknowledged or archived —
 * as counted by the ledger at each transition — or still in flight (acquired or available) in the
 * share-partition's state: acquired-ever = acknowledged + archived − revived + in flight (revived:
 * settled records a new leader made unsettled again, their write lost with a share coordinator).
 */
export function shareConservationErrors(w: WorldState): string[] {
  const errors: string[] = []
  const sh = w.share!
  const l = w.ledger
  for (let p = 0; p < w.P; p++) {
    const sp = sh.parts[p]!
    let unsettled = 0
    for (const r of sp.runs) if (r.state === 'acquired' || r.state === 'available') unsettled += r.to - r.from
    const acked = l.shareAcknowledged?.[p] ?? 0
    const archived = l.shareArchived?.[p] ?? 0
    const revived = l.shareRevived?.[p] ?? 0
    if (acked + archived - revived + unsettled !== sp.end) {
      errors.push(`share partition ${p}: acquired up to ${sp.end} ≠ acknowledged ${acked} + archived ${archived} − revived ${revived} + in flight ${unsettled}`)
    }
    if (sp.end !== w.delivered[p]) errors.push(`share partition ${p}: end offset ${sp.end} ≠ delivered frontier ${w.delivered[p]}`)
  }
  return errors
}

/** Runs `sim` to each instant and returns the first broken rules, tagged with the instant. */
export function conservationErrorsAt(sim: Simulation, instantsMs: readonly number[]): string[] {
  for (const t of instantsMs) {
    sim.advanceTo(t)
    const errors = conservationErrors(worldOf(sim))
    if (errors.length > 0) return errors.map((e) => `at ${t} ms: ${e}`)
  }
  return []
}
