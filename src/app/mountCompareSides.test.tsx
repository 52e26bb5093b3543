// Compare mode's Add side / Remove side and its "?" button, on the page (jsdom, fake workers): the
// new side gets the next letter, its table, strip and highway, and the focus on its Strategy; at
// four sides Add side is disabled and says why; removing a side moves the later ones up a letter
// and the URL (the Share link) names exactly the sides left; two sides always stay.
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { compareLinkHash, readLinkHash } from '../scenario/links.ts'
import { parseVariant } from '../scenario/overrides.ts'
import { buttons } from '../ui/renderForTest.tsx'
import { compareMounts, coop, eager, sleep } from './compareMountForTest.ts'
import type { FakeWorker } from './fakeWorker.ts'

const openCompare = compareMounts()
async function open(): Promise<{ root: HTMLElement; workers: FakeWorker[] }> {
  return openCompare({ hash: compareLinkHash(defaultScenario(), [eager, coop], { t: 4 }), syncUrl: true })
}

const sides = (root: HTMLElement): string[] => Array.from(root.querySelectorAll('section.compare-side')).map((s) => s.getAttribute('aria-label') ?? '')
const tables = (root: HTMLElement): string[] => Array.from(root.querySelectorAll('table')).map((t) => t.getAttribute('aria-label') ?? '')
/** The sides the page's link (its URL, which Share copies) names, after the URL's debounce. */
async function linkSides(): Promise<string[]> {
  await act(() => sleep(350))
  return readLinkHash(window.location.hash).v.map((t) => {
    const p = parseVariant(t)
    return p.ok ? p.variant.label : `bad: ${t}`
  })
}
function addCopyOf(root: HTMLElement, item: string): void {
  const details = root.querySelector<HTMLDetailsElement>('.compare-toolbar details.add-side')
  expect(details).not.toBeNull()
  act(() => {
    details!.open = true
    details!.dispatchEvent(new Event('toggle'))
  })
  const menu = Array.from(details!.querySelectorAll('button')).map((b) => b.textContent)
  expect(menu[0]).toMatch(/\(default\)$/)
  const b = Array.from(details!.querySelectorAll('button')).find((x) => x.textContent?.startsWith(item))
  expect(b, `${item} in ${menu.join(' | ')}`).toBeDefined()
  act(() => b!.click())
}

describe('compare mode: Add side, Remove side', () => {
  it('adds a copy of the last side as side C (the default), then of side A as D; a fifth is refused with the reason', async () => {
    const { root, workers } = await open()
    expect(sides(root)).toEqual(['Side A: eager', 'Side B: cooperative'])
    // Two sides: no Remove (a comparison needs two).
    expect(root.querySelectorAll('button.side-remove')).toHaveLength(0)
    addCopyOf(root, 'Copy of side B · cooperative')
    await act(() => sleep(20))
    expect(sides(root)).toEqual(['Side A: eager', 'Side B: cooperative', 'Side C: cooperative 2'])
    expect(tables(root)).toEqual(['Partition metrics: eager', 'Partition metrics: cooperative', 'Partition metrics: cooperative 2'])
    expect(root.querySelectorAll('.diff-strip')).toHaveLength(3)
    expect(root.querySelectorAll('[data-testid="highway"]')).toHaveLength(3)
    // Its own worker, running side B's strategy, sent to the paused moment (4 s).
    expect(workers).toHaveLength(3)
    const init = workers[2]!.sent.find((m) => m.type === 'init') as { scenario: { group: { protocol: string } } }
    expect(init.scenario.group.protocol).toBe('cooperative')
    expect(workers[2]!.sent.some((m) => m.type === 'advance' && m.toT === 4_000)).toBe(true)
    // The teacher changes it next: the focus is on its Strategy.
    const strategy = root.querySelectorAll('section.compare-side')[2]!.querySelector('.side-controls > summary')
    expect(document.activeElement).toBe(strategy)
    expect(await linkSides()).toEqual(['eager', 'cooperative', 'cooperative 2'])

    addCopyOf(root, 'Copy of side A · eager')
    await act(() => sleep(20))
    expect(sides(root)).toEqual(['Side A: eager', 'Side B: cooperative', 'Side C: cooperative 2', 'Side D: eager 2'])
    const full = root.querySelector<HTMLButtonElement>('.compare-toolbar button.add-side')
    expect(full?.getAttribute('aria-disabled')).toBe('true')
    expect(full?.title).toMatch(/At most 4 sides/)
    expect(root.querySelector('.compare-toolbar details.add-side')).toBeNull()
  })

  it('removes side B: C and D move up a letter, the link names the sides left, and the last two stay', async () => {
    const { root, workers } = await open()
    addCopyOf(root, 'Copy of side B')
    await act(() => sleep(20))
    addCopyOf(root, 'Copy of side A')
    await act(() => sleep(20))
    expect(buttons(root, 'Remove side B: cooperative')).toHaveLength(1)
    act(() => buttons(root, 'Remove side B: cooperative')[0]!.click())
    await act(() => sleep(20))
    expect(sides(root)).toEqual(['Side A: eager', 'Side B: cooperative 2', 'Side C: eager 2'])
    expect(tables(root)).toEqual(['Partition metrics: eager', 'Partition metrics: cooperative 2', 'Partition metrics: eager 2'])
    expect(root.querySelectorAll('.diff-strip')).toHaveLength(3)
    expect(Array.from(root.querySelectorAll('.diff-strip')).map((d) => d.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'Differences: eager',
      'Differences: cooperative 2',
      'Differences: eager 2',
    ])
    // Its worker was told to stop; the focus goes back to Add side, enabled again.
    expect(workers[1]!.sent.some((m) => m.type === 'dispose')).toBe(true)
    expect(document.activeElement).toBe(root.querySelector('.compare-toolbar details.add-side > summary'))
    expect(await linkSides()).toEqual(['eager', 'cooperative 2', 'eager 2'])
    expect(readLinkHash(window.location.hash).t).toBe(4)

    act(() => buttons(root, 'Remove side A: eager')[0]!.click())
    await act(() => sleep(20))
    expect(sides(root)).toEqual(['Side A: cooperative 2', 'Side B: eager 2'])
    expect(root.querySelectorAll('button.side-remove')).toHaveLength(0)
    expect(await linkSides()).toEqual(['cooperative 2', 'eager 2'])
  })

  it('the Add side drop-down takes its keys (arrows, Home/End, Esc) when it first shows after removing a side from four', async () => {
    const four = [eager, coop, { label: 'salted', set: { 'dynamic.salting.enabled': true } }, { label: 'autoscaled', set: { 'group.autoscaler.enabled': true } }]
    const { root } = await openCompare({ hash: compareLinkHash(defaultScenario(), four, { t: 4 }) })
    expect(root.querySelector('.compare-toolbar button.add-side')?.getAttribute('aria-disabled')).toBe('true')
    act(() => buttons(root, 'Remove side D: autoscaled')[0]!.click())
    await act(() => sleep(20))
    const details = root.querySelector<HTMLDetailsElement>('.compare-toolbar details.add-side')!
    expect(details).not.toBeNull()
    act(() => {
      details.open = true
      details.dispatchEvent(new Event('toggle'))
    })
    const items = Array.from(details.querySelectorAll<HTMLButtonElement>('.fork-menu button'))
    expect(items.map((b) => b.textContent)).toEqual(['Copy of side C · salted (default)', 'Copy of side B · cooperative ', 'Copy of side A · eager '])
    expect(document.activeElement).toBe(items[0])
    const key = (k: string): void => act(() => void (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })))
    key('ArrowDown')
    expect(document.activeElement).toBe(items[1])
    key('End')
    expect(document.activeElement).toBe(items[2])
    key('Home')
    expect(document.activeElement).toBe(items[0])
    key('ArrowUp')
    expect(document.activeElement).toBe(items[2])
    key('Escape')
    expect(details.open).toBe(false)
    expect(document.activeElement).toBe(details.querySelector('summary'))
  })

  it('has the "?" button single mode has: it opens the list of keys', async () => {
    const { root } = await open()
    const help = buttons(root, 'Keyboard shortcuts')
    expect(help).toHaveLength(1)
    expect(help[0]!.getAttribute('aria-keyshortcuts')).toBe('?')
    act(() => help[0]!.click())
    expect(document.querySelector('[role="dialog"]')?.textContent).toMatch(/Play \/ pause/)
  })
})
