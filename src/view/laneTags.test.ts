import { describe, expect, it } from 'vitest'
import { makeFrame } from './frameFixture.ts'
import { layout } from './layout.ts'
import { laneTags } from './laneTags.ts'

describe('what a lane says at its producers’ end', () => {
  const f = makeFrame({ partitions: 6, members: 3 })
  f.laneNoLeader[0] = 1
  const wide = layout(f, { width: 1400, height: 600 })
  const narrow = layout(f, { width: 500, height: 300 }, { minFontPx: 20 }) // a 166 px lane, 20 px type

  it('a fault replaces the leader’s name and HOT; a lane with a leader shows its name', () => {
    const t = laneTags(wide.lanes[0]!, wide, 12, 'lag 957')
    expect(t.fault).toMatchObject({ text: 'no leader', squeezeTo: null })
    expect(t.leader).toBeNull()
    expect(laneTags({ ...wide.lanes[1]!, stateWait: true }, wide, 12, 'lag 957').fault?.text).toBe('state down')
    const ok = laneTags(wide.lanes[1]!, wide, 12, 'lag 957')
    expect(ok.fault).toBeNull()
    expect(ok.leader?.text).toBe(wide.lanes[1]!.leader)
  })

  it('squeezes the fault’s words to end before the lag number when the lane is short (they ran into each other at 1024 px)', () => {
    const d = { ...narrow.lanes[1]!, stateWait: true, backlogW: 40 }
    const t = laneTags(d, narrow, 20, 'lag 80')
    const lagStart = t.lag!.x - 'lag 80'.length * 0.62 * t.lag!.px
    expect(t.fault!.squeezeTo).not.toBeNull()
    expect(t.fault!.x + t.fault!.squeezeTo!).toBeLessThan(lagStart)
    // Never squeezed past reading: at most to 60 % of its width, even if it then touches the number.
    expect(laneTags(d, narrow, 20, 'lag 1.2M').fault!.squeezeTo).toBeCloseTo('state down'.length * 0.62 * 20 * 0.6, 6)
    // Without a lag number there is room: nothing squeezed.
    expect(laneTags({ ...d, backlogW: 0 }, narrow, 20, '').fault!.squeezeTo).toBeNull()
  })
})
