import { describe, expect, it, vi } from 'vitest'
import { LANE_PAUSED, LANE_STOPPED } from '../sim/frameTypes.ts'
import type { createLanesView, LanesView } from './createLanesView.ts'
import { makeFrame } from './frameFixture.ts'
import { lanesViewMounts, type Mounted } from './viewMount.ts'
import { projectorTheme } from './theme.ts'

const mount = lanesViewMounts()
const mountView = (cb: Parameters<typeof createLanesView>[1] = {}): Mounted<LanesView> => mount(undefined, cb)

describe('createLanesView', () => {
  it('draws one road per partition and one box per consumer, and follows changes in count', () => {
    const { view, el } = mountView()
    view.update(makeFrame({ partitions: 6, members: 3 }))
    expect(el.querySelectorAll('rect.road')).toHaveLength(6)
    expect(el.querySelectorAll('g.consumer')).toHaveLength(3)
    view.update(makeFrame({ partitions: 9, members: 2 }))
    expect(el.querySelectorAll('rect.road')).toHaveLength(9)
    expect(el.querySelectorAll('g.consumer')).toHaveLength(2)
    view.update(makeFrame({ partitions: 4, members: 2 }))
    expect(el.querySelectorAll('rect.road')).toHaveLength(4)
  })

  it("puts a member's countdown on its card, in words for screen readers too", () => {
    const { view, el } = mountView()
    const f = makeFrame({ partitions: 6, members: 3 })
    f.members[1]!.phase = 'dead'
    f.members[1]!.countdowns = [{ kind: 'session', elapsedMs: 12_300, limitMs: 45_000, config: 'session.timeout.ms' }]
    view.update(f)
    const card = el.querySelectorAll('g.consumer')[1]!
    const words = el.querySelectorAll('g.consumer-label')[1]!
    expect(words.querySelector('text.owned')?.textContent).toBe('no heartbeat 12/45 s')
    expect(card.getAttribute('aria-label')).toContain('it missed heartbeats for 12 s of 45 s (session.timeout.ms)')
    f.members[1]!.countdowns = []
    view.update({ ...f })
    expect(words.querySelector('text.owned')?.textContent).toMatch(/lanes · load/)
  })

  it('shows a barrier only on stopped lanes', () => {
    const { view, el } = mountView()
    view.update(makeFrame({ partitions: 4, flags: [0, LANE_STOPPED, 0, 0] }))
    const shown = Array.from(el.querySelectorAll('rect.barrier')).filter((b) => b.getAttribute('display') !== 'none')
    expect(shown).toHaveLength(1)
  })

  it('fits the rebalance banner into a narrow highway (a compare side at 1024 px) by shrinking its text', () => {
    const { view, el } = mountView()
    const banner = (): { size: number; chars: number; width: number } => {
      const t = Array.from(el.querySelectorAll('text')).find((x) => (x.textContent ?? '').startsWith('Rebalancing'))!
      const r = t.parentElement!.querySelector('rect')!
      return { size: Number(t.getAttribute('font-size')), chars: (t.textContent ?? '').length, width: Number(r.getAttribute('width')) }
    }
    view.resize({ width: 1200, height: 400 })
    view.update(makeFrame({ partitions: 12, rebalancing: true, flags: Array.from({ length: 12 }, () => LANE_STOPPED) }))
    expect(banner().size).toBe(18)
    view.resize({ width: 510, height: 300 })
    const narrow = banner()
    // 0.58 em a character: bold text of the page's font as Chromium measures it.
    expect(narrow.size).toBeLessThan(15)
    expect(narrow.chars * narrow.size * 0.58).toBeLessThanOrEqual(narrow.width)
  })

  it('reports lane and consumer clicks', () => {
    const onLaneClick = vi.fn()
    const onConsumerClick = vi.fn()
    const { view, el } = mountView({ onLaneClick, onConsumerClick })
    view.update(makeFrame({ partitions: 4, members: 2 }))
    const hits = el.querySelectorAll('.ph-lanes-fg rect[fill="transparent"]')
    hits[2]?.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(onLaneClick).toHaveBeenCalledWith(2)
    el.querySelectorAll('g.consumer')[1]?.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(onConsumerClick.mock.calls[0]?.[1]).toBe('consumer-2')
  })

  it('writes nothing to the DOM when the next frame looks the same', () => {
    const { view, el } = mountView()
    view.update(makeFrame({ partitions: 8 }))
    const seen: MutationRecord[] = []
    const obs = new MutationObserver((m) => seen.push(...m))
    obs.observe(el, { attributes: true, subtree: true, childList: true, characterData: true })
    view.update(makeFrame({ partitions: 8 }))
    return Promise.resolve().then(() => {
      obs.disconnect()
      expect(seen.filter((m) => !(m.target as Element).closest?.('canvas'))).toEqual([])
    })
  })

  it('a frame that changes only the lanes does not re-join the consumers, header or banner (no DOM reads)', () => {
    const { view, el } = mountView()
    view.update(makeFrame({ partitions: 8, lag: [0, 0, 0, 0, 0, 0, 0, 0] }))
    const reads = vi.spyOn(Element.prototype, 'getAttribute')
    try {
      view.update(makeFrame({ t: 16, partitions: 8, lag: [500, 0, 0, 0, 0, 0, 0, 0] }))
      expect(reads).not.toHaveBeenCalled()
    } finally {
      reads.mockRestore()
    }
    // The lanes themselves did follow the frame.
    expect(el.querySelector('text.lag')?.getAttribute('display')).not.toBe('none')
    // And a consumer that changes is drawn again.
    const next = makeFrame({ t: 32, partitions: 8 })
    const phases = () => Array.from(el.querySelectorAll('g.consumer-label text.phase'), (t) => t.textContent)
    const before = phases()
    view.update({ ...next, members: next.members.map((m, i) => (i === 0 ? { ...m, phase: 'joining' as const } : m)) })
    expect(phases()[0]).not.toBe(before[0])
    expect(phases().slice(1)).toEqual(before.slice(1))
  })

  it('two views on one page do not share pattern ids', () => {
    const a = mountView().el
    const other = mountView().el
    const ids = (root: Element) => Array.from(root.querySelectorAll('pattern')).map((p) => p.id)
    expect(ids(a).some((id) => ids(other).includes(id))).toBe(false)
  })

  it('a narrow highway says "Flow →" instead of running "Records flow →" into the backlog title', () => {
    const { view, el } = mountView()
    const flow = (): string => Array.from(el.querySelectorAll('text.title')).map((t) => t.textContent ?? '')[1] ?? ''
    view.update(makeFrame({ partitions: 6, members: 3 }))
    expect(flow()).toBe('Records flow →')
    // About what one side of compare mode gets at 1024 px.
    view.resize({ width: 510, height: 300 })
    view.update(makeFrame({ partitions: 6, members: 3 }))
    expect(flow()).toBe('Flow →')
  })

  it('destroy empties the container', () => {
    const { view, el } = mountView()
    view.update(makeFrame())
    view.destroy()
    expect(el.children).toHaveLength(0)
  })

  it('names each lane’s owner beside its colour tag, even where the palette repeats a colour (9 consumers, 8 colours)', () => {
    const { view, el } = mountView()
    view.update(makeFrame({ partitions: 18, members: 9 }))
    const shown = Array.from(el.querySelectorAll('text.owner')).filter((t) => t.getAttribute('display') !== 'none')
    // makeFrame gives lane i to member i mod 9, i.e. consumer-(i mod 9 + 1).
    expect(shown.map((t) => t.textContent)).toEqual(Array.from({ length: 18 }, (_, i) => `c${(i % 9) + 1}`))
    expect(shown[0]!.getAttribute('fill')).toBe(shown[8]!.getAttribute('fill'))
    expect(shown[0]!.textContent).not.toBe(shown[8]!.textContent)
  })

  it('a stopped lane’s barrier is striped and a GC-paused one solid (not told apart by hue alone)', () => {
    const { view, el } = mountView()
    view.update(makeFrame({ partitions: 3, flags: [LANE_STOPPED, LANE_PAUSED, 0] }))
    const [stopped, paused] = Array.from(el.querySelectorAll('rect.barrier'))
    expect(stopped!.getAttribute('fill')).toMatch(/^url\(#.*-barrier\)$/)
    expect(paused!.getAttribute('fill')).toMatch(/^#[0-9a-f]{6}$/i)
  })

  it('in the projector theme no text on the highway is under 20 px', () => {
    const { view, el } = mount({ width: 900, height: 520 }, { theme: projectorTheme })
    view.update(makeFrame({ partitions: 12, members: 3 }))
    const sizes = Array.from(el.querySelectorAll('text.p, text.owner, g.consumer-label text.name, g.consumer-label text.phase'))
      .filter((t) => t.getAttribute('display') !== 'none' && (t.textContent ?? '') !== '')
      .map((t) => Number(t.getAttribute('font-size')))
    expect(sizes.length).toBeGreaterThan(12)
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(20)
  })
})
