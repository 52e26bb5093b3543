import { describe, expect, it } from 'vitest'
import { makeFrame } from './frameFixture.ts'
import { lanesViewMounts } from './viewMount.ts'

const mount = lanesViewMounts()

describe('a lane without a reachable leader (broker fault)', () => {
  it('says "no leader" in words and is striped; the others are not', () => {
    const { view, el } = mount()
    const f = makeFrame({ partitions: 6, members: 3 })
    f.laneNoLeader[2] = 1
    view.update(f)
    const shown = [...el.querySelectorAll('text.no-leader')].filter((t) => t.getAttribute('display') !== 'none')
    expect(shown.map((t) => t.textContent)).toEqual(['no leader'])
    const roads = [...el.querySelectorAll('rect.road')]
    expect(roads[2]!.getAttribute('fill')).toMatch(/^url\(#/)
    expect(roads[1]!.getAttribute('fill')).not.toMatch(/^url\(#/)
    view.update(makeFrame({ partitions: 6, members: 3, t: f.t + 1000 }))
    expect([...el.querySelectorAll('text.no-leader')].filter((t) => t.getAttribute('display') !== 'none')).toHaveLength(0)
  })
})

describe('a share group’s lane whose share coordinator is down', () => {
  it('says "state down" where its leader’s name is, without stripes (its leader serves); a real frame flags the lanes whose state the crashed broker held', async () => {
    const { view, el } = mount()
    const { getPreset } = await import('../scenario/presets/index.ts')
    const { createSimulation } = await import('../sim/simulation.ts')
    const { LANE_STATE_WAIT } = await import('../sim/frameTypes.ts')
    const p = getPreset('share-group-hot-lane')!.build()
    const sim = createSimulation({ ...p, actions: [{ do: 'crashBroker', broker: 3, atSec: 4 }, ...(p.actions ?? [])] })
    sim.advanceTo(8000)
    const f = sim.frame(0)
    const waiting = [...f.laneFlags].flatMap((x, i) => ((x & LANE_STATE_WAIT) !== 0 ? [i] : []))
    expect(waiting).toEqual([1, 2]) // the narration's shareState.lost: broker 3 held partitions 1 and 2's state
    view.update(f)
    const texts = [...el.querySelectorAll('text.no-leader')].map((t) => (t.getAttribute('display') === 'none' ? '' : t.textContent))
    expect(texts).toEqual(['no leader', 'state down', 'state down', '', '', 'no leader'])
    const roads = [...el.querySelectorAll('rect.road')]
    expect(roads[1]!.getAttribute('fill')).not.toMatch(/^url\(#/)
    sim.advanceTo(30_000) // a new share coordinator loaded the state at ~11.4 s
    expect([...sim.frame(0).laneFlags].some((x) => (x & LANE_STATE_WAIT) !== 0)).toBe(false)
  })
})
