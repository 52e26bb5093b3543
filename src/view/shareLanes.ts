// A share group's lanes (KIP-932) have several readers. The table names them all ("c1+c2"); a lane
// on the highway names the reader whose colour it carries, then how many more ("c1 +1"), with the
// full list in its accessible name: the whole list ran past the lane's end, and drawn in one
// reader's colour it read as that colour's for all of them (colours repeat past eight members).
// Pure; reads the frame only.

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

export interface ShareLaneOwner {
  /** The member whose colour, tag and link the lane shows: its owner while running, else its first running reader. */
  lead: number
  /** The lead's short name ('' when nobody running reads the lane). */
  label: string
  /** Running readers besides the lead. */
  more: number
  /** Every running reader, full names ("read by consumer-1 and consumer-9"); '' with one reader or none. */
  title: string
}

function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** Per lane of a share group, who it shows (see ShareLaneOwner); null when the frame is not a share group's. */
export function shareLaneOwners(frame: Frame, short: (name: string) => string): ShareLaneOwner[] | null {
  if (frame.group.protocol !== 'share') return null
  const readers: number[][] = Array.from({ length: frame.partitions }, () => [])
  frame.members.forEach((m, i) => {
    if (m.phase === 'dead') return
    for (const p of m.owned) readers[p]?.push(i)
  })
  return readers.map((list, p) => {
    const owner = frame.owner[p] ?? -1
    const lead = list.includes(owner) ? owner : (list[0] ?? owner)
    const name = (i: number): string => frame.members[i]?.name ?? ''
    return {
      lead,
      label: list.length > 0 ? short(name(lead)) : '',
      more: Math.max(0, list.length - 1),
      title: list.length > 1 ? `read by ${joinNames([lead, ...list.filter((i) => i !== lead)].map(name))}` : '',
    }
  })
}
