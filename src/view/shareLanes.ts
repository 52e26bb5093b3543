// A share group's lanes (KIP-932) have several readers: the owner label names them all ("c1+c2"),
// so a lane shared by two members reads as shared. Pure; reads the frame only.

import type { Frame } from '../sim/frameTypes.ts'

/** At most this many names on a lane; beyond, the count ("c1+c2+c3 +2"). */
const MAX_NAMES = 3

/** Per lane, its readers' short names joined by '+', or null when the frame is not a share group's. */
export function shareLaneLabels(frame: Frame, short: (name: string) => string): string[] | null {
  if (frame.group.protocol !== 'share') return null
  const readers: string[][] = Array.from({ length: frame.partitions }, () => [])
  for (const m of frame.members) {
    if (m.phase === 'dead') continue
    for (const p of m.owned) readers[p]?.push(short(m.name))
  }
  return readers.map((names) => (names.length <= MAX_NAMES ? names.join('+') : `${names.slice(0, MAX_NAMES).join('+')} +${names.length - MAX_NAMES}`))
}
