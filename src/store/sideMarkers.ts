// Compare mode's one Timeline carries every side's markers. A fault or an action given to every
// side happens on every side at the same moment with the same words: it is shown once. What
// differs per side (a rebalance, a storm, a hotspot, a side's own fault) is shown once per side,
// its words led by the side's letter ("B: rebalance started …"), so eager's long rebalance and
// cooperative's short ones sit on one track. Pure.

import type { TimelineMark } from './timelineSlice.ts'

function keyOf(m: TimelineMark): string {
  return `${m.t}|${m.kind}|${m.text}`
}

/** Every side's markers on one track, by time (ties in side order). `letters[i]` names side i. */
export function mergeSideMarkers(perSide: readonly (readonly TimelineMark[])[], letters: readonly string[]): TimelineMark[] {
  if (perSide.length <= 1) return [...(perSide[0] ?? [])]
  // How many sides hold each marker (a side counts once however often it holds it).
  const sidesWith = new Map<string, number>()
  for (const markers of perSide) {
    for (const k of new Set(markers.map(keyOf))) sidesWith.set(k, (sidesWith.get(k) ?? 0) + 1)
  }
  const out: TimelineMark[] = []
  const shownShared = new Set<string>()
  perSide.forEach((markers, i) => {
    for (const m of markers) {
      const k = keyOf(m)
      if (sidesWith.get(k) === perSide.length) {
        if (shownShared.has(k)) continue
        shownShared.add(k)
        out.push(m)
      } else out.push({ ...m, text: `${letters[i] ?? String(i + 1)}: ${m.text}` })
    }
  })
  // Array.prototype.sort is stable: equal times keep side order.
  return out.sort((a, b) => a.t - b.t)
}
