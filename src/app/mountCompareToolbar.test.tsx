// Compare mode's toolbar offers what one highway's does: Lessons, Presenter mode and Export (per
// side), with the keys L, P and E (jsdom, fake workers).
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { buttons } from '../ui/renderForTest.tsx'
import { compareMounts, sleep } from './compareMountForTest.ts'
import type { FakeWorker } from './fakeWorker.ts'
import type { MountedCompare } from './mountCompare.tsx'

const openCompare = compareMounts()
let mounted: MountedCompare | null = null
async function open(opts: { openLessons?: () => void } = {}): Promise<{ root: HTMLElement; workers: FakeWorker[] }> {
  const o = await openCompare(opts)
  mounted = o.mounted
  return o
}

const key = (k: string): void => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })))
const items = (root: HTMLElement): string[] => Array.from(root.querySelectorAll('[role="menuitem"]')).map((b) => b.textContent ?? '')

describe('compare mode toolbar: Lessons, Presenter mode, Export', () => {
  it('has the three buttons; L opens the lessons, P switches presenter mode on every side (and the page), E opens Export', async () => {
    const openLessons = vi.fn()
    const { root } = await open({ openLessons })
    expect(buttons(root, 'Lessons')).toHaveLength(1)
    expect(buttons(root, 'Export')).toHaveLength(1)
    const toggle = root.querySelector('.presenter-toggle')!
    expect(toggle.textContent).toBe('Presenter mode')
    key('l')
    expect(openLessons).toHaveBeenCalledTimes(1)

    key('p')
    expect(mounted!.sides.map((s) => s.store.getState().presenter)).toEqual([true, true])
    expect(root.querySelector('.compare-app')!.classList.contains('presenter')).toBe(true)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    act(() => (toggle as HTMLButtonElement).click())
    expect(mounted!.sides.map((s) => s.store.getState().presenter)).toEqual([false, false])
    expect(root.querySelector('.compare-app')!.classList.contains('presenter')).toBe(false)

    expect(root.querySelector('[role="menu"]')).toBeNull()
    key('e')
    expect(items(root)).toEqual([
      'Run data A · eager (CSV)',
      'Run data B · cooperative (CSV)',
      'Summary A · eager (JSON)',
      'Summary B · cooperative (JSON)',
      'Picture of the sides (PNG)',
      'Client configuration A · eager…',
      'Client configuration B · cooperative…',
    ])
  })

  it('? lists the keys compare mode answers (S its Share; not compare or the preset digits) and Esc closes it', async () => {
    const { root } = await open()
    expect(root.querySelector('[role="dialog"]')).toBeNull()
    key('?')
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!
    expect(dialog.querySelector('h2')!.textContent).toBe('Keyboard shortcuts')
    const keys = Array.from(dialog.querySelectorAll('kbd')).map((k) => k.textContent)
    expect(keys).toEqual(expect.arrayContaining(['Space', 'P', 'L', 'E', 'R', '?']))
    expect(keys).toContain('S')
    expect(dialog.textContent).toContain('copy the link to this comparison (paused: it opens at this moment')
    expect(keys).not.toContain('C')
    expect(keys).not.toContain('1 – 9')
    act(() => void dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    expect(root.querySelector('[role="dialog"]')).toBeNull()
  })

  it('without a lesson layer there is no Lessons button, and L does nothing', async () => {
    const { root } = await open()
    expect(buttons(root, 'Lessons')).toHaveLength(0)
    key('l')
    expect(root.querySelector('[role="dialog"]')).toBeNull()
  })

  it('Client configuration of a side shows that side\'s assignor', async () => {
    const { root } = await open()
    const config = (item: string): string => {
      act(() => buttons(root, 'Export')[0]!.click())
      act(() => buttons(root, item)[0]!.click())
      const dialog = document.querySelector('[role="dialog"]')!
      const text = dialog.querySelector('textarea')!.value
      expect(dialog.querySelector('h2')!.textContent).toBe(`Client configuration: side ${item.replace(/^Client configuration |…$/g, '')}`)
      act(() => buttons(dialog as HTMLElement, 'Close')[0]!.click())
      return text
    }
    expect(config('Client configuration A · eager…')).toMatch(/^partition\.assignment\.strategy=org\.apache\.kafka\.clients\.consumer\.RangeAssignor$/m)
    expect(config('Client configuration B · cooperative…')).toMatch(/^partition\.assignment\.strategy=org\.apache\.kafka\.clients\.consumer\.CooperativeStickyAssignor$/m)
  })

  it('Run data of side B asks side B\'s worker (only) for the run at the moment shown', async () => {
    const { root, workers } = await open()
    key('b')
    await act(() => sleep(20))
    const clock = Math.round(mounted!.store.getState().clock)
    act(() => buttons(root, 'Export')[0]!.click())
    act(() => buttons(root, 'Run data B · cooperative (CSV)')[0]!.click())
    await act(() => sleep(10))
    const asked = workers.map((w) => w.sent.filter((m) => m.type === 'export'))
    expect(asked[0]).toEqual([])
    expect(asked[1]).toEqual([{ type: 'export', id: expect.any(Number), kind: 'csv', toT: clock }])
  })
})
