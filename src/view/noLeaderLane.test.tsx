import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLanesView, type LanesView } from './createLanesView.ts'
import { makeFrame } from './frameFixture.ts'

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})

let view: LanesView | null = null
let el: HTMLElement | null = null
afterEach(() => {
  view?.destroy()
  el?.remove()
})

describe('a lane without a reachable leader (broker fault)', () => {
  it('says "no leader" in words and is striped; the others are not', () => {
    el = document.createElement('div')
    document.body.appendChild(el)
    view = createLanesView(el, {})
    view.resize({ width: 1000, height: 500 })
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
