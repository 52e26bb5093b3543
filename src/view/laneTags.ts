// What a lane says at its producers' end, and where: its leader broker ("b2"), HOT, or, when its
// clients cannot be served, "no leader" (a broker fault) or "state down" (a share group's share
// coordinator is down), and the lag number at its log end. Pure geometry; laneRows.ts writes it.
// Widths are estimated from the character count (textWidth.ts): no layout is read.

import { textWidth } from './textWidth.ts'
import type { LaneMark, LanesLayout } from './layout.ts'

/** Lanes thinner than this (px) are too thin for their owner's or leader's name; the colour tag stays. */
export const OWNER_LABEL_MIN_PITCH = 12

/**
 * Whether a lane's row holds a name in `px` type: never text taller than its row. Presenter mode's
 * 20 px owner labels ("c1 +1") on a compare side's 13 px lanes ran into each other.
 */
export function rowHolds(pitch: number, px: number): boolean {
  return pitch >= Math.max(OWNER_LABEL_MIN_PITCH, px)
}

const MIN_SQUEEZE = 0.6

export interface LaneTag {
  text: string
  x: number
  px: number
  /** Set when the text would run into the lag number: squeezed to this width (SVG textLength). */
  squeezeTo: number | null
}

export interface LaneTags {
  /** "no leader" / "state down", in place of the leader's name. */
  fault: LaneTag | null
  leader: LaneTag | null
  hot: LaneTag | null
  /** The lag number, right-aligned at `x`. */
  lag: LaneTag | null
}

/** From this pitch (px) every lane with a backlog gets its lag number (the type grows with the pitch). */
const LAG_PITCH = 18

/**
 * Whether the lane's lag number is drawn. Every lane with a backlog from LAG_PITCH; on thinner lanes
 * (12 lanes under the parallel-consumer panel at 1024×768 get ~16 px) while the row still holds the
 * smallest type; thinner still, a hot lane keeps it, over its neighbours with its halo: the lane the
 * status bar's lag is mostly on showed no number at all.
 */
function showsLag(d: LaneMark, L: LanesLayout): boolean {
  if (d.backlogW <= 0) return false
  return L.pitch >= LAG_PITCH || L.pitch >= L.fontPx + 2 || d.hot
}

export function laneTags(d: LaneMark, L: LanesLayout, minFontPx: number, lagText: string): LaneTags {
  const x = L.x0 + 6
  const lag = showsLag(d, L) ? { text: lagText, x: L.x1 - 8, px: L.fontPx, squeezeTo: null } : null
  // Where the lag number starts (it is right-aligned), with a gap: a left-hand tag must end before.
  const lagStart = lag ? lag.x - textWidth(lag.text, lag.px) - 8 : L.x1 - 8
  const faultText = d.noLeader ? 'no leader' : d.stateWait ? 'state down' : ''
  const faultPx = Math.max(minFontPx, Math.min(L.fontPx, 16))
  // Too thin for the words: the lane's stripes still say it (and its table row, in words).
  if (faultText !== '' && L.pitch >= Math.max(10, faultPx)) {
    const px = faultPx
    // Squeezed to end before the lag number, but never below MIN_SQUEEZE of its width (unreadable).
    // Where even squeezed it would run into the number (presenter mode's 20 px on a 1024 px window's
    // ~170 px lanes: "no leaderlag 2.0k" on the hot lane), the number gives way: a lane without a
    // leader neither grows nor drains, so its lag stands still, and its table row still has it.
    const natural = textWidth(faultText, px)
    // Squeezed into the gap before the number they may touch it, not run over it.
    const shown = lag !== null && natural * MIN_SQUEEZE > lagStart + 8 - x ? null : lag
    const room = (shown ? lagStart : L.x1 - 8) - x
    const squeezeTo = natural > room ? Math.max(room, natural * MIN_SQUEEZE) : null
    return { fault: { text: faultText, x, px, squeezeTo }, leader: null, hot: null, lag: shown }
  }
  // The leader's name in the owner label's type: presenter mode's 20 px (minFontPx) on lanes that
  // hold it (it stayed 13 px beside 20 px lane names and "no leader"); 11–13 px on the page.
  const leaderPx = Math.max(minFontPx, Math.min(L.fontPx, 13))
  const leader = rowHolds(L.pitch, leaderPx) && d.leader !== '' ? { text: d.leader, x, px: leaderPx, squeezeTo: null } : null
  return { fault: null, leader, hot: d.hot && L.pitch >= 14 && L.pitch >= Math.min(L.fontPx, 16) ? hotTag(x + (leader ? Math.ceil(textWidth(d.leader, leaderPx)) + 6 : 0), Math.min(L.fontPx, 16), lagStart) : null, lag }
}

/**
 * HOT after the leader's name, squeezed to end before the lag number; left out when even squeezed
 * it would run into it (a phone's ~120 px lane: "HOT" sat on "lag 21k"). The lane's name is still
 * in the hot colour and the lane keeps its halo, so the lane still reads as hot.
 */
function hotTag(x: number, px: number, lagStart: number): LaneTag | null {
  const natural = textWidth('HOT', px)
  const room = lagStart - x
  if (natural <= room) return { text: 'HOT', x, px, squeezeTo: null }
  return room >= natural * MIN_SQUEEZE ? { text: 'HOT', x, px, squeezeTo: room } : null
}
