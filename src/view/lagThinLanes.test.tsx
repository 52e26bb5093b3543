// A lane's lag number on thin lanes. The parallel-consumer-key-order preset at 1024×768 leaves the
// highway ~512×225 px (its panel takes the rest): 12 lanes at 15 px, under the 18 px the number
// needed, so the hot lane holding most of the status bar's lag showed none. Now the number shows
// while the row holds the smallest type, and on a hot lane however thin (jsdom).
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import { LANE_HOT } from '../sim/frameTypes.ts'
import { createSimulation } from '../sim/simulation.ts'
import { makeFrame } from './frameFixture.ts'
import { lanesViewMounts } from './viewMount.ts'
import { formatCount } from './laneRows.ts'

const mount = lanesViewMounts()

/** The highway's box in that preset at 1024×768, measured in Chromium. */
const PC_AT_1024 = { width: 512, height: 225 }

const mountAt = (size: { width: number; height: number }) => mount(size)

const lagShown = (root: HTMLElement): Array<string | null> =>
  Array.from(root.querySelectorAll('text.lag')).map((t) => (t.getAttribute('display') === 'none' ? null : t.textContent))

describe('lag numbers on thin lanes', () => {
  it('the parallel-consumer preset’s hot lane shows its lag at 1024×768, in type its row holds', () => {
    const sim = createSimulation(getPreset('parallel-consumer-key-order')!.build())
    sim.advanceTo(30_000)
    const f = sim.frame(0)
    const hot = Array.from(f.laneFlags).findIndex((x) => (x & LANE_HOT) !== 0)
    expect(hot).toBeGreaterThanOrEqual(0)
    // Most of the group's lag is on it (the status bar's figure).
    expect(f.lag[hot]!).toBeGreaterThan(0.5 * f.totals.lag)
    const { view, el } = mountAt(PC_AT_1024)
    view.update(f)
    const L = view.lastLayout()!
    expect(L.pitch).toBeLessThan(18)
    expect(lagShown(el)[hot]).toBe(`lag ${formatCount(f.lag[hot]!)}`)
    const t = el.querySelectorAll('text.lag')[hot]!
    expect(Number(t.getAttribute('font-size'))).toBeLessThanOrEqual(L.pitch)
  })

  it('on lanes too thin for any type, a hot lane keeps its number and the others give theirs up', () => {
    const lag = Array.from({ length: 64 }, (_, i) => (i === 10 ? 16_000 : 2_000))
    const flags = Array.from({ length: 64 }, (_, i) => (i === 10 ? LANE_HOT : 0))
    const { view, el } = mountAt(PC_AT_1024)
    view.update(makeFrame({ partitions: 64, members: 4, lag, flags }))
    expect(view.lastLayout()!.pitch).toBeLessThan(6)
    const shown = lagShown(el)
    expect(shown[10]).toBe('lag 16k')
    expect(shown.filter((s) => s !== null)).toHaveLength(1)
  })
})
