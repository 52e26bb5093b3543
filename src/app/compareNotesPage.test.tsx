// Compare mode's notes on the page: a four-side link on an imported cluster says, per side, that the
// placement was dropped; routine notes after it (copied links) do not push that out, and past
// two notes (SHOWN_NOTES) the older ones fold under "+N more notes", which opens them.
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { compareLinkHash } from '../scenario/links.ts'
import { importedPlacementScenario } from '../scenario/importedPlacementForTest.ts'
import type { Variant } from '../scenario/overrides.ts'
import { buttons } from '../ui/renderForTest.tsx'
import { compareMounts, sleep } from './compareMountForTest.ts'

const open = compareMounts()

const sides: Variant[] = [
  { label: 'five', set: { 'cluster.brokers': 5 } },
  { label: 'six', set: { 'cluster.brokers': 6 } },
  { label: 'rf3', set: { 'cluster.replication.factor': 3 } },
  { label: 'seven', set: { 'cluster.brokers': 7 } },
]

const shown = (root: HTMLElement) => Array.from(root.querySelectorAll('.banner strong')).map((s) => s.textContent)

describe('compare notes', () => {
  it('keep every side’s dropped placement past routine notes, the older ones under "+N more notes"', async () => {
    const { root, mounted: { store } } = await open({ hash: compareLinkHash(importedPlacementScenario(), sides) })
    await act(() => sleep(20))
    const dropped = sides.map((v) => `Side “${v.label}” was changed:`)
    // The newest two; four of three lines each left four sides 166 px apiece at 1024×768.
    expect(shown(root)).toEqual(dropped.slice(2))
    expect(buttons(root, '+2 more notes')).toHaveLength(1)
    // Share (S) twice: one routine note, the link to copy (not repeated).
    for (let k = 0; k < 2; k++) {
      act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 's', bubbles: true })))
      await act(() => sleep(10))
    }
    const link = shown(root).at(-1)!
    expect(link).toMatch(/^Copy this link/)
    expect(shown(root).filter((t) => t === link)).toHaveLength(1)
    // More routine notes: a side's worker falling behind, say, as its supervision adds them.
    const slow = ['Side “six” is slow.', 'Side “rf3” is slow.']
    for (const text of slow) act(() => store.getState().addNote({ kind: 'warning', text, details: [] }))
    expect(shown(root)).toEqual(slow)
    const more = buttons(root, '+5 more notes')[0]!
    expect(more.getAttribute('aria-expanded')).toBe('false')
    act(() => more.click())
    expect(shown(root)).toEqual([...dropped, link, ...slow])
    expect(buttons(root, 'Fewer notes')[0]!.getAttribute('aria-expanded')).toBe('true')
    // Dismissing one of the opened ones dismisses that one.
    act(() => root.querySelectorAll<HTMLButtonElement>('.banner button[aria-label="Dismiss message"]')[0]!.click())
    expect(shown(root)).toEqual([...dropped.slice(1), link, ...slow])
    // One routine note more pushes out the oldest routine one (the link), never a side's placement.
    act(() => store.getState().addNote({ kind: 'info', text: 'Side “five” is back on time.', details: [] }))
    expect(shown(root)).toEqual([...dropped.slice(1), ...slow, 'Side “five” is back on time.'])
    // Folded again, the newest two.
    act(() => buttons(root, 'Fewer notes')[0]!.click())
    expect(shown(root)).toEqual([slow[1], 'Side “five” is back on time.'])
  })
})
