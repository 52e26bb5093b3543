// PAGESCALE: a grouped frame (sim/laneRows/pageFrame.ts) as the lanes view draws it: the rows'
// labels, and only the members that own a row (renumbered), so a topic read by 1 000 consumers
// does not crowd the consumer column. Work per frame follows the rows, not the partitions.

import type { Frame } from '../sim/frameTypes.ts'

/** `frame` itself when it holds every lane; else its rows with their labels and their owners only. */
export function drawnRows(frame: Frame): Frame & { laneLabels?: readonly string[] } {
  const g = frame.grouped
  if (g === undefined) return frame
  const index = new Map<number, number>()
  const members: Frame['members'] = []
  const owner = new Int32Array(frame.partitions).fill(-1)
  for (let row = 0; row < frame.partitions; row++) {
    const o = frame.owner[row]!
    const m = o >= 0 ? frame.members[o] : undefined
    if (m === undefined) continue
    let k = index.get(o)
    if (k === undefined) {
      k = members.length
      index.set(o, k)
      members.push(m)
    }
    owner[row] = k
  }
  return { ...frame, owner, members, laneLabels: g.rowLabels }
}
