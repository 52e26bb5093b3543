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
    // Never squeezed past reading (under 60 % of its width): the lag number gives way instead (the
    // two ran into each other on presenter mode's hot lane at 1024 px); the lane's lag stands still.
    const long = laneTags(d, narrow, 20, 'lag 1.2M')
    expect(long.fault).toMatchObject({ text: 'state down', squeezeTo: null })
    expect(long.lag).toBeNull()
    // Without a lag number there is room: nothing squeezed.
    expect(laneTags({ ...d, backlogW: 0 }, narrow, 20, '').fault!.squeezeTo).toBeNull()
  })

  it('HOT ends before the lag number: whole on a wide lane, squeezed on a phone’s (it sat on "lag 21k"), left out when even squeezed it would not fit', () => {
    const hot = (L: ReturnType<typeof layout>, lagText: string, backlogW = 40) => laneTags({ ...L.lanes[1]!, hot: true, backlogW }, L, 12, lagText)
    expect(hot(wide, 'lag 21k').hot).toMatchObject({ text: 'HOT', squeezeTo: null })
    const phone = layout(makeFrame({ partitions: 12, members: 3 }), { width: 390, height: 360 })
    const t = hot(phone, 'lag 21k')
    const lagStart = t.lag!.x - 'lag 21k'.length * 0.62 * t.lag!.px - 8
    expect(t.hot!.squeezeTo).not.toBeNull()
    expect(t.hot!.x + t.hot!.squeezeTo!).toBeLessThanOrEqual(lagStart + 1e-9)
    expect(t.hot!.squeezeTo!).toBeGreaterThanOrEqual('HOT'.length * 0.62 * t.hot!.px * 0.6)
    // A longer number leaves less than 60 % of its width: no HOT (the lane's name and halo still say it).
    expect(hot(phone, 'lag 1.2M').hot).toBeNull()
    // No lag number: room for all of it.
    expect(hot(phone, '', 0).hot).toMatchObject({ text: 'HOT', squeezeTo: null })
  })

  it('the leader’s name takes presenter mode’s type (20 px) where the lane holds it, as the owner label does; 11–13 px on the page', () => {
    const f = makeFrame({ partitions: 12, members: 3 })
    const projector = layout(f, { width: 500, height: 600 }, { minFontPx: 20 })
    expect(projector.pitch).toBeGreaterThanOrEqual(20)
    expect(laneTags(projector.lanes[1]!, projector, 20, '').leader).toMatchObject({ text: projector.lanes[1]!.leader, px: 20 })
    // A lane thinner than the type: no name (as owner labels go), the colour and the table keep it.
    const thin = layout(f, { width: 500, height: 230 }, { minFontPx: 20 })
    expect(thin.pitch).toBeLessThan(20)
    expect(laneTags(thin.lanes[1]!, thin, 20, '').leader).toBeNull()
    const page = layout(f, { width: 1400, height: 600 })
    expect(laneTags(page.lanes[1]!, page, 11, '').leader!.px).toBe(13)
  })
})
