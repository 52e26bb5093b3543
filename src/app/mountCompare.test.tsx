import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { compareLinkHash, readLinkHash } from '../scenario/links.ts'
import { parseVariant, type Variant } from '../scenario/overrides.ts'
import { buttons } from '../ui/renderForTest.tsx'
import { coop, eager, sleep } from './compareMountForTest.ts'
import { fakeWorker, type FakeWorker } from './fakeWorker.ts'
import { mountCompare, type MountedCompare } from './mountCompare.tsx'
import { mountHighway, type MountedHighway } from './mountHighway.tsx'

beforeAll(() => {
  // jsdom has no canvas; the views draw SVG only when getContext gives nothing.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})

let mounted: MountedCompare | MountedHighway | null = null
let el: HTMLElement | null = null
afterEach(() => {
  act(() => mounted?.dispose())
  mounted = null
  el?.remove()
  el = null
  window.history.replaceState(null, '', '#')
})


function open(hash: string, workers: FakeWorker[] = []): HTMLElement {
  el = document.createElement('div')
  document.body.appendChild(el)
  // The location starts elsewhere: whatever the URL says afterwards, the page wrote.
  window.history.replaceState(null, '', '#elsewhere')
  act(() => {
    mounted = mountCompare(el!, {
      hash,
      syncUrl: true,
      // One fake per side, handed out again when the side asks for a fresh worker (restarts).
      createWorker: (side) => {
        const had = workers[side]
        if (had !== undefined) return had
        const w = fakeWorker()
        workers[side] = w
        return w
      },
      onExit: () => {},
    })
  })
  return el
}

describe('compare page', () => {
  it('gives each side its own metrics table named after its label, and the shared controls once', async () => {
    const root = open(compareLinkHash(defaultScenario(), [eager, coop]))
    await act(() => sleep(50))
    const names = Array.from(root.querySelectorAll('table')).map((t) => t.getAttribute('aria-label'))
    expect(names).toEqual(['Partition metrics: eager', 'Partition metrics: cooperative'])
    const rate = Array.from(root.querySelectorAll('label')).filter((l) => l.textContent === 'Producer rate')
    expect(rate).toHaveLength(1)
    expect(root.querySelectorAll('[data-testid="highway"]')).toHaveLength(2)
    expect(root.querySelectorAll('.diff-strip')).toHaveLength(2)
  })

  it('opens paused at the link moment and writes the same comparison back into the URL', async () => {
    const base = { ...defaultScenario(), seed: 77 }
    const hash = compareLinkHash(base, [eager, coop], { t: 12.5, mark: 4 })
    const workers: FakeWorker[] = []
    open(hash, workers)
    await act(() => sleep(500))
    const back = readLinkHash(window.location.hash)
    const orig = readLinkHash(hash)
    expect(back.problems).toEqual([])
    expect(back.s).toBe(orig.s)
    expect(back.v).toEqual(orig.v)
    expect(back.t).toBe(12.5)
    expect(back.mark).toBe(4)
    // A set mark (and an old link's default mark, written as mark=) is the teacher's: it can be cleared.
    expect(buttons(document.body, 'Clear mark')).toHaveLength(1)
    // Every side was brought to the mark and then to the moment, and no further (paused).
    for (const w of workers) expect(w.sent.filter((m) => m.type === 'advance').map((m) => (m as { toT: number }).toT)).toEqual([4000, 12_500])
    expect(buttons(document.body, 'Play')).toHaveLength(1)
    act(() => buttons(document.body, 'Set mark here')[0]!.click())
    await act(() => sleep(400))
    expect(readLinkHash(window.location.hash).mark).toBe(12.5)
  })

  it('opens a link’s automatic mark as automatic: counted from, with no "Clear mark" the sender did not show', async () => {
    const hash = compareLinkHash({ ...defaultScenario(), seed: 77 }, [eager, coop], { t: 12.5, automark: 4 })
    const workers: FakeWorker[] = []
    const root = open(hash, workers)
    await act(() => sleep(500))
    expect(root.querySelector('.mark-note')?.textContent).toBe('mark 4.0 s')
    expect(buttons(document.body, 'Clear mark')).toHaveLength(0)
    // Counted from there: every side was brought to it, then to the moment.
    for (const w of workers) expect(w.sent.filter((m) => m.type === 'advance').map((m) => (m as { toT: number }).toT)).toEqual([4000, 12_500])
    // A mark set here is a set mark, written beside the automatic one; clearing it goes back to 4 s.
    act(() => buttons(document.body, 'Set mark here')[0]!.click())
    await act(() => sleep(400))
    const back = readLinkHash(window.location.hash)
    expect([back.mark, back.automark]).toEqual([12.5, 4])
    act(() => buttons(document.body, 'Clear mark')[0]!.click())
    await act(() => sleep(400))
    expect(root.querySelector('.mark-note')?.textContent).toBe('mark 4.0 s')
    const cleared = readLinkHash(window.location.hash)
    expect([cleared.mark, cleared.automark]).toEqual([undefined, 4])
  })

  it('names a bad side in a banner and still compares two sides', async () => {
    const hash = `${compareLinkHash(defaultScenario(), [eager])}&v=${encodeURIComponent('oops: group.nope=1')}`
    const root = open(hash)
    await act(() => sleep(20))
    expect(root.textContent).toContain('group.nope')
    expect(root.querySelectorAll('table')).toHaveLength(2)
  })
})

describe('single page into compare', () => {
  function single(onCompare: (hash: string) => void): HTMLElement {
    el = document.createElement('div')
    document.body.appendChild(el)
    act(() => {
      mounted = mountHighway(el!, { syncUrl: false, createWorker: () => fakeWorker(), onCompare })
    })
    return el
  }

  it('Compare opens the scenario under eager and cooperative', () => {
    const got: string[] = []
    const root = single((h) => got.push(h))
    act(() => (Array.from(root.querySelectorAll('.fork-menu button')).find((b) => b.textContent?.startsWith('Compare eager and cooperative')) as HTMLButtonElement).click())
    const link = readLinkHash(got[0]!)
    expect(link.v.map((v) => (parseVariant(v) as { variant: Variant }).variant.label)).toEqual(['eager', 'cooperative'])
    expect(link.t).toBeUndefined()
  })

  it('Fork to compare: a live change from this moment, both sides opening paused here', async () => {
    const got: string[] = []
    const root = single((h) => got.push(h))
    await act(() => sleep(120))
    const salt = Array.from(root.querySelectorAll('.fork-menu button')).find((b) => b.textContent?.startsWith('Salt hot keys')) as HTMLButtonElement
    expect(salt.textContent).toContain('from this moment')
    act(() => salt.click())
    const link = readLinkHash(got[0]!)
    const sides = link.v.map((v) => (parseVariant(v) as { variant: Variant }).variant)
    expect(link.t).toBeGreaterThan(0)
    expect(sides[0]).toEqual({ label: 'before', set: {} })
    expect(sides[1]).toEqual({ label: 'salted', atSec: link.t, set: { 'dynamic.salting.enabled': true } })
    const coopChoice = Array.from(root.querySelectorAll('.fork-menu button')).find((b) => b.textContent?.startsWith('Cooperative protocol'))
    expect(coopChoice?.textContent).toContain('from the start')
  })
})

describe('compare page controls', () => {
  const sentOf = (w: FakeWorker, type: string) => w.sent.filter((m) => m.type === type)

  it('a fault from one side’s consumer menu reaches the same consumer on every side at one moment', async () => {
    const workers: FakeWorker[] = []
    const root = open(compareLinkHash(defaultScenario(), [eager, coop]), workers)
    await act(() => sleep(100))
    // What a click on side B's consumer-2 does (the lanes view calls selectConsumer).
    const sideB = root.querySelectorAll('.compare-side')[1]!
    const menuOpen = () => root.querySelector('[role="menu"]')
    expect(menuOpen()).toBeNull()
    // Side B's consumer-2, as the lanes view draws it.
    const consumer = sideB.querySelectorAll('g.consumer')[1]
    expect(consumer).toBeDefined()
    act(() => consumer!.dispatchEvent(new MouseEvent('click', { bubbles: true })))
    expect(menuOpen()).not.toBeNull()
    const crash = buttons(menuOpen()!, 'Crash (no goodbye)')[0]!
    act(() => crash.click())
    const cmds = workers.map((w) => sentOf(w, 'command').at(-1) as { command: unknown; atT?: number })
    expect(cmds.map((c) => c.command)).toEqual([
      { do: 'crashConsumer', consumer: 'consumer-2' },
      { do: 'crashConsumer', consumer: 'consumer-2' },
    ])
    expect(cmds[0]!.atT).toEqual(expect.any(Number))
    expect(cmds[0]!.atT).toBe(cmds[1]!.atT)
  })

  it('a strategy control restarts only its side, with the change', async () => {
    const workers: FakeWorker[] = []
    const root = open(compareLinkHash(defaultScenario(), [eager, coop]), workers)
    await act(() => sleep(50))
    const group = root.querySelector('[aria-label="Strategy: cooperative"]')!
    const salt = Array.from(group.querySelectorAll('label')).find((l) => l.textContent === 'Salt hot keys')!.control as HTMLInputElement
    act(() => {
      salt.checked = true
      salt.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect(sentOf(workers[0]!, 'init')).toHaveLength(1)
    expect(sentOf(workers[1]!, 'init')).toHaveLength(2)
    expect((sentOf(workers[1]!, 'init')[1] as { scenario: { dynamic: { salting: { enabled: boolean } } } }).scenario.dynamic.salting.enabled).toBe(true)
    await act(() => sleep(400))
    expect(readLinkHash(window.location.hash).v[1]).toContain('dynamic.salting.enabled=true')
  })
})

describe('compare page keys', () => {
  it('Space pauses and plays every side together', async () => {
    open(compareLinkHash(defaultScenario(), [eager, coop]))
    await act(() => sleep(20))
    expect(buttons(document.body, 'Pause')).toHaveLength(1)
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true })))
    expect(buttons(document.body, 'Play')).toHaveLength(1)
  })

  it('B and . pause every side (never play), and + doubles the shared speed', async () => {
    const root = open(compareLinkHash(defaultScenario(), [eager, coop]))
    await act(() => sleep(50))
    const key = (k: string): void => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })))
    expect(buttons(root, 'Pause')).toHaveLength(1)
    key('b')
    expect(buttons(root, 'Play')).toHaveLength(1)
    key('.')
    expect(buttons(root, 'Play')).toHaveLength(1)
    const speed = (): string => root.querySelector('.speed output')?.textContent ?? ''
    expect(speed()).toBe('1.0×')
    key('+')
    expect(speed()).toBe('2.0×')
  })
})
