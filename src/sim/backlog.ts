// A run that starts with records already waiting (topic.initialLag, e.g. a measured lag from an
// import): each partition's log starts that long, with the group's committed offset at 0, so the
// consumers begin exactly as far behind as the real group was. Pure; one call before t = 0.

import type { WorldState } from './worldState.ts'
import { pushSeg } from './segLog.ts'

export function seedBacklog(w: WorldState, initialLag: readonly number[] | undefined): void {
  if (initialLag === undefined) return
  for (let p = 0; p < Math.min(initialLag.length, w.P); p++) {
    const n = initialLag[p]!
    if (n <= 0) continue
    w.leo[p] = n
    // One segment appended at t = 0 at normal cost: when within the backlog each record was
    // written is not known, so its latency counts from the start of the run.
    pushSeg(w.segs, p, 0, n, 1)
    // The producers wrote them before the run: conservation counts them as generated.
    w.ledger.generated += n
  }
}
