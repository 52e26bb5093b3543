// A consumer card's words in the room its card has: each line's forms, longest first, and the first
// that fits (estimated, textWidth.ts: no layout is read). "no heartbeat 3.9/45" ran past a 188 px
// card's right edge in 16 px type; a narrower card or presenter type is worse. The card's
// accessible name keeps the whole words (consumerMarks.ts). Pure.

import type { Countdown, MemberPhase } from '../sim/frameTypes.ts'
import { countdownShorts } from '../sim/countdownWords.ts'
import { textWidth } from './textWidth.ts'
import { PHASE_WORDS } from './theme.ts'

/** Each phase's words and their shorter forms (the first is PHASE_WORDS'). */
const PHASE_FORMS: Record<MemberPhase, readonly string[]> = {
  stable: [PHASE_WORDS.stable!],
  joining: [PHASE_WORDS.joining!, 'join…'],
  syncing: [PHASE_WORDS.syncing!, 'sync…'],
  revoking: [PHASE_WORDS.revoking!, 'revoke'],
  reconciling: [PHASE_WORDS.reconciling!, 'reconcile', 'recon…'],
  paused: [PHASE_WORDS.paused!, 'GC pause', 'GC'],
  restarting: [PHASE_WORDS.restarting!, 'restart…'],
  starting: [PHASE_WORDS.starting!, 'start…'],
  dead: [PHASE_WORDS.dead!],
}

/** What a card's phase line may say, longest first: the phase (or "slowed to 0.25×"), or, on a card with no countdown line, its countdown. */
export function phaseForms(phase: MemberPhase, speed: number, countdown: Countdown | null): readonly string[] {
  if (countdown !== null) return countdownShorts(countdown)
  if (phase === 'stable' && speed < 0.999) {
    const x = `${Number(speed.toFixed(2))}×`
    return [`slowed to ${x}`, `slow ${x}`, x]
  }
  return PHASE_FORMS[phase] ?? [phase]
}

/** The first of `forms` that fits `room` px at `px` (bold), or '' when none does. */
export function fitted(forms: readonly string[], px: number, room: number): string {
  for (const f of forms) if (textWidth(f, px) <= room) return f
  return ''
}
