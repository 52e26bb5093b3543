// A compare side with a cluster: its broker strip (the single page's BrokerStrip in the side's own
// store), a broker's menu whose crash goes to every side, and the side's acks control as an edit of
// that side only, and its "Rebalance cluster…" run on that side alone (injectSide). A side whose
// scenario sets no cluster shows the strip of the default cluster it runs on, as one highway does
// (no acks control, no rebalance).
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultScenario } from '../../scenario/defaults.ts'
import { getPreset } from '../../scenario/presets/index.ts'
import type { Variant } from '../../scenario/overrides.ts'
import type { Scenario } from '../../scenario/types.ts'
import type { StrategyEdit } from '../../store/compareEdits.ts'
import { bestSides } from '../../store/compareDiff.ts'
import type { Command } from '../../store/types.ts'
import type { Frame, PausedLaneCounts } from '../../sim/frameTypes.ts'
import { makeFrame } from '../../view/frameFixture.ts'
import { pausedTitle } from '../PausedLanesNote.tsx'
import { byLabel, buttons, setValue } from '../renderForTest.tsx'
import type { CompareActions } from './compareActions.ts'
import { CompareSide } from './CompareSide.tsx'
import { mountInCompare, twoSides } from '../../../test/dom/compareTestKit.tsx'

let mounted: { unmount(): void } | null = null
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  mounted?.unmount()
  mounted = null
  vi.useRealTimers()
})

function renderSides(base: Scenario, sideB?: Variant[]) {
  const injected: Command[] = []
  const edits: Array<[number, StrategyEdit]> = []
  const sideInjected: Array<[number, Command]> = []
  const actions = {
    inject: (c: Command) => void injected.push(c),
    injectSide: (i: number, c: Command) => void sideInjected.push([i, c]),
    editSide: (i: number, e: StrategyEdit) => void edits.push([i, e]),
  } as unknown as CompareActions
  const variants: Variant[] = [{ label: 'acks 1', set: { 'producerConfig.acks': '1' } }, ...(sideB ?? [{ label: 'acks all', set: {} }])]
  const ctx = twoSides(base, variants, actions)
  const sides = ctx.sides
  for (const s of sides) s.store.getState().receiveFrame(0, makeFrame({ t: 1000 }), [], [])
  const diffs = { mark: null, userMark: false, sides: [null, null], best: bestSides([null, null]) }
  const m = mountInCompare(
    <>
      <CompareSide index={0} diffs={diffs} />
      <CompareSide index={1} diffs={diffs} />
    </>,
    ctx,
  )
  mounted = m
  const el = m.el
  act(() => vi.advanceTimersByTime(400))
  return { el, injected, edits, sideInjected, sides }
}

const side = (root: HTMLElement, letter: string) => root.querySelector<HTMLElement>(`section[aria-label^="Side ${letter}:"]`)!

describe('CompareSide with a cluster', () => {
  it('shows each side its own broker strip, and a crash from one side’s broker menu goes to every side', () => {
    const { el, injected } = renderSides(getPreset('broker-hotspot')!.build())
    for (const letter of ['A', 'B']) expect(side(el, letter).querySelectorAll('ul[aria-label="Brokers"] > li')).toHaveLength(3)
    const b = side(el, 'B')
    act(() => buttons(b, 'Broker 2, b2: crash, shut down, restart or slow disk')[0]!.click())
    const crash = Array.from(b.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')).find((x) => x.textContent?.startsWith('Crash broker'))!
    act(() => crash.click())
    // sideActions' inject is compare mode's: the same command on every side.
    expect(injected).toEqual([{ do: 'crashBroker', broker: 2 }])
  })

  it('offers acks per side, as that side’s strategy edit', () => {
    const { el, edits } = renderSides(getPreset('broker-hotspot')!.build())
    const acks = byLabel(side(el, 'B'), 'acks')
    expect(acks.value).toBe('all')
    setValue(acks, '1', ['change'])
    expect(edits).toEqual([[1, { kind: 'acks', acks: '1' }]])
  })

  it('runs “Rebalance cluster…” of side B on side B alone, and each side’s panel has ids of its own', () => {
    const { el, injected, sideInjected } = renderSides(getPreset('broker-hotspot')!.build())
    const b = side(el, 'B')
    const toggles = [side(el, 'A'), b].map((s) => buttons(s, 'Rebalance cluster…')[0]!)
    act(() => toggles.forEach((t) => t.click()))
    const ids = toggles.map((t) => t.getAttribute('aria-controls'))
    expect(new Set(ids).size).toBe(2)
    for (const [i, t] of toggles.entries()) expect(el.querySelector(`[id="${ids[i]}"]`)?.closest('section.compare-side')).toBe(t.closest('section.compare-side'))
    setValue(byLabel(b, 'Copy throttle'), '10000000', ['change'])
    act(() => buttons(b, 'Run the plan')[0]!.click())
    expect(sideInjected).toEqual([[1, { do: 'rebalanceCluster', throttleBytesPerSec: 10_000_000 }]])
    expect(injected).toEqual([])
  })

  it('names a side’s own commands in its summary (what its link replays on it alone)', () => {
    const base = getPreset('broker-hotspot')!.build()
    const { el } = renderSides(base, [{ label: 'rebalanced', set: {}, actions: [{ do: 'rebalanceCluster', atSec: 20.25, throttleBytesPerSec: 2_500_000 }] }])
    expect(side(el, 'B').querySelector('.side-summary')!.textContent).toContain(' · rebalance the cluster (throttle 2.5 MB/s) at 20.25 s')
    expect(side(el, 'A').querySelector('.side-summary')!.textContent).not.toContain('rebalance')
  })

  it('without a cluster in the scenario: the brokers it runs on in the strip, as one highway shows them; no acks control, no rebalance', () => {
    const { el } = renderSides(defaultScenario())
    for (const letter of ['A', 'B']) {
      const strip = side(el, letter).querySelector('.broker-strip')!
      expect(Array.from(strip.querySelectorAll('li.broker')).map((li) => li.getAttribute('data-broker'))).toEqual(['1', '2', '3'])
    }
    expect(el.querySelectorAll('.compare-side.with-brokers')).toHaveLength(2)
    expect(() => byLabel(side(el, 'A'), 'acks')).toThrow(/found 0/)
    expect(buttons(el, 'Rebalance cluster…')).toEqual([])
  })
})

describe('the lanes a side’s brokers pause now', () => {
  const counts = (lanes: number, noLeader: number, followerDown: number): PausedLaneCounts => ({ lanes, noLeader, underMinIsr: 0, followerDown, offlinePartitions: 0, underMinIsrPartitions: 0 })
  const frame = (t: number, c: PausedLaneCounts): Frame => {
    const f = makeFrame({ t })
    return { ...f, totals: { ...f.totals, pausedLanes: c } }
  }

  it('side B, a broker crashed: one highway’s line in its header (words, figures, tooltip); side A, none paused: no line; gone when B’s lanes resume', () => {
    const { el, sides } = renderSides(getPreset('broker-failure')!.build())
    const show = (t: number, a: PausedLaneCounts, b: PausedLaneCounts): void => {
      act(() => [a, b].forEach((c, i) => sides[i]!.store.getState().receiveFrame(0, frame(t, c), [], [])))
      act(() => vi.advanceTimersByTime(400))
    }
    show(24_000, counts(0, 0, 0), counts(12, 4, 8))
    expect(side(el, 'A').querySelector('.paused-lanes')).toBeNull()
    const line = side(el, 'B').querySelector<HTMLElement>('.side-head .paused-lanes')!
    expect(line.textContent).toBe('paused 12 lanes: 4 no leader · 8 follower down')
    expect(line.querySelector('b')!.textContent).toBe('12')
    expect([line.dataset['lanes'], line.dataset['noLeader'], line.dataset['followerDown']]).toEqual(['12', '4', '8'])
    expect(line.title).toBe(pausedTitle(counts(12, 4, 8)))
    // Once B's clients have the new leaders and the ISR has shrunk: nothing paused, no line.
    show(30_000, counts(0, 0, 0), counts(0, 0, 0))
    expect(el.querySelector('.paused-lanes')).toBeNull()
  })
})

describe('a side’s members', () => {
  it('each side’s Strategy has Members (one highway’s Consumers field and bounds): a strategy edit of that side only', () => {
    const { el, edits } = renderSides(defaultScenario())
    const b = side(el, 'B')
    const members = byLabel(b, 'Members')
    expect(members.value).toBe(String(defaultScenario().group.consumers))
    expect([members.min, members.max]).toEqual(['0', '64'])
    setValue(members, '7', ['change'])
    // Past the field's bound it is clamped, as one highway's Consumers is.
    setValue(members, '500', ['change'])
    act(() => buttons(b, 'Add a member to acks all')[0]!.click())
    act(() => buttons(side(el, 'A'), 'Remove a member from acks 1')[0]!.click())
    const n = defaultScenario().group.consumers
    expect(edits).toEqual([
      [1, { kind: 'members', count: 7 }],
      [1, { kind: 'members', count: 64 }],
      [1, { kind: 'members', count: n + 1 }],
      [0, { kind: 'members', count: n - 1 }],
    ])
  })

  it('a side that sets its members says how many in its summary; the others do not', () => {
    const { el } = renderSides(defaultScenario(), [{ label: 'six', set: { 'group.consumers': 6 } }])
    // The side's store holds the scenario as given here (the base); the summary reads its settings.
    expect(side(el, 'B').querySelector('.side-summary')!.textContent).toContain(` · ${defaultScenario().group.consumers} consumers`)
    expect(side(el, 'A').querySelector('.side-summary')!.textContent).not.toContain('consumers')
  })
})
