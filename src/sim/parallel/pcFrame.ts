// What the page shows of the Parallel Consumer: per consumer its busy workers, the records it
// holds, and the key or partition holding the rest back (head-of-line blocking), plus the totals.

import type { ParallelView } from '../frameTypes.ts'
import type { WorldState } from '../worldState.ts'
import { heldRecords, pcOptions } from './pcState.ts'
import { parallelSummary } from './pcSummary.ts'

export function parallelView(w: WorldState, now: number): ParallelView | undefined {
  const o = pcOptions(w)
  const totals = parallelSummary(w)
  if (!o || !totals) return undefined
  const members = w.consumers.map((cs, c) => {
    const s = w.parallel?.consumers[c]
    if (!s || s.incarnation !== cs.incarnation || cs.status !== 'running') return null
    const blocked = s.blockedBy !== null && now >= s.blockedFrom && now < s.blockedTo ? describeChain(s.blockedBy) : null
    // Busy now: each worker runs one chain at a time, so the chains under way at this moment.
    let busy = 0
    for (const ch of s.chains) if (ch.start <= now && now < ch.end) busy++
    return { busy, held: Math.round(heldRecords(s)), blockedBy: blocked }
  })
  return { ...totals, members }
}

/** `p6:global-marketplace` → key global-marketplace on partition 6; `p6` → partition 6. */
function describeChain(id: string): { partition: number; key: string | null } {
  const m = /^p(\d+)(?::(.*))?$/.exec(id)
  return { partition: m ? Number(m[1]) : -1, key: m?.[2] ?? null }
}
