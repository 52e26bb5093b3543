// A consumer card's words stay inside its card (jsdom; widths estimated as the view does, textWidth.ts).
// The hot-key preset at 1280×720 with consumer-3 GC-paused: its 190 px card read "no heartbeat
// 3.9/45" cut at its right edge. Each line now takes the longest of its forms that fits
// ("no heartbeat 3.9/45 s" → "no hb 3.9/45 s" → "3.9/45 s"); the accessible name keeps the words.
import { describe, expect, it } from 'vitest'
import type { Countdown, Frame, MemberPhase } from '../sim/frameTypes.ts'
import { makeFrame } from './frameFixture.ts'
import { textWidth } from './textWidth.ts'
import { projectorTheme, theme as standardTheme, type Theme } from './theme.ts'
import { lanesViewMounts } from './viewMount.ts'

const mount = lanesViewMounts()

const session = (elapsedMs: number): Countdown => ({ kind: 'session', elapsedMs, limitMs: 45_000, config: 'session.timeout.ms' })
const poll: Countdown = { kind: 'poll', elapsedMs: 212_000, limitMs: 300_000, config: 'max.poll.interval.ms' }
const joinWait: Countdown = { kind: 'session', elapsedMs: 31_000, limitMs: 300_000, config: 'new-member join timeout' }

/** Every phase a card shows, with and without a countdown, and a slowed consumer. */
const CASES: Array<{ phase: MemberPhase; speed?: number; countdown?: Countdown }> = [
  { phase: 'paused', countdown: session(3_900) },
  { phase: 'joining', countdown: joinWait },
  { phase: 'stable', speed: 0.25 },
  { phase: 'reconciling', countdown: poll },
  { phase: 'revoking' },
  { phase: 'restarting', countdown: session(31_000) },
  { phase: 'starting' },
  { phase: 'syncing' },
  { phase: 'paused' },
  { phase: 'dead' },
  { phase: 'reconciling' },
  { phase: 'stable' },
]

function frameWith(members: number, offset: number): Frame {
  const f = makeFrame({ partitions: 12, members })
  f.members.forEach((m, i) => {
    const c = CASES[(i + offset) % CASES.length]!
    m.phase = c.phase
    m.speed = c.speed ?? 1
    m.countdowns = c.countdown ? [c.countdown] : []
  })
  return f
}

/** Each drawn line of each card: its text, left and right edges (estimated) and its card's edges. */
function overflows(el: HTMLElement): string[] {
  const boxes = Array.from(el.querySelectorAll('g.consumer rect.box'))
  const labels = Array.from(el.querySelectorAll('g.consumer-label'))
  const out: string[] = []
  labels.forEach((g, i) => {
    const box = boxes[i]!
    const bx = Number(box.getAttribute('x'))
    const bw = Number(box.getAttribute('width'))
    for (const t of Array.from(g.querySelectorAll('text'))) {
      const words = t.textContent ?? ''
      if (words === '') continue
      const px = Number(t.getAttribute('font-size'))
      const x = Number(t.getAttribute('x'))
      const w = textWidth(words, px)
      const left = t.getAttribute('text-anchor') === 'end' ? x - w : x
      if (left < bx || left + w > bx + bw) out.push(`"${words}" at ${px} px: ${left.toFixed(0)}..${(left + w).toFixed(0)} in a card ${bx.toFixed(0)}..${(bx + bw).toFixed(0)}`)
    }
  })
  return out
}

describe('consumer card words', () => {
  it('the hot-key picture: a GC-paused consumer’s countdown shortens to fit its card, the full words in its name', () => {
    // The highway's box at 1280×720 (single page, hot-key preset), four consumers.
    const { view, el } = mount({ width: 708, height: 320 }, { theme: standardTheme })
    const f = frameWith(4, 0)
    view.update(f)
    expect(overflows(el)).toEqual([])
    const phase = el.querySelectorAll('g.consumer-label text.phase')[0]!
    expect(phase.textContent).toBe('no hb 3.9/45 s')
    expect(el.querySelectorAll('g.consumer')[0]!.getAttribute('aria-label')).toContain('missed heartbeats for 3.9 s of 45 s (session.timeout.ms)')
  })

  const themes: Array<[string, Theme]> = [
    ['standard', standardTheme],
    ['presenter', projectorTheme],
  ]
  for (const [name, theme] of themes) {
    it(`${name} type: every phase and countdown fits its card at any card size`, () => {
      const bad: string[] = []
      for (const width of [330, 390, 520, 708, 1000])
        for (const height of [160, 240, 320, 520]) {
          const { view, el } = mount({ width, height }, { theme })
          for (const members of [1, 2, 3, 4, 6, 9])
            for (const offset of [0, 3, 6, 9]) {
              view.update(frameWith(members, offset))
              for (const o of overflows(el)) bad.push(`${width}×${height}, ${members} members: ${o}`)
            }
        }
      expect(bad.slice(0, 8)).toEqual([])
    })
  }
})
