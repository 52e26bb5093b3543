// Lane owner labels in presenter mode on thin lanes. Compare mode, four sides at 1024×768: a side's
// highway is ~400×224 px, so 12 lanes get ~14 px, and presenter type is 20 px: the share group's
// owner labels ("c1 +1") ran over their lanes into each other. A label (and the leader's name)
// is drawn only on a lane its type fits; the colour tag stays and carries the words (jsdom).
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import { createSimulation } from '../sim/simulation.ts'
import { projectorTheme } from './theme.ts'
import { lanesViewMounts } from './viewMount.ts'

const mount = lanesViewMounts()

/** A compare side's highway, two by two at 1024×768 in presenter mode (in the picture: 12 lanes at ~14 px, as here). */
const SIDE_AT_1024 = { width: 400, height: 224 }

/** The share group's preset as side B had it: 12 lanes, 24 members (two readers a lane). */
function shareFrame() {
  const s = getPreset('share-group-hot-lane')!.build()
  const sim = createSimulation({ ...s, topic: { ...s.topic, partitions: 12 }, group: { ...s.group, consumers: 24 } })
  sim.advanceTo(5_000)
  return sim.frame(0)
}

const shown = (el: HTMLElement, sel: string): Element[] => Array.from(el.querySelectorAll(sel)).filter((t) => t.getAttribute('display') !== 'none' && (t.textContent ?? '') !== '')

describe('owner labels on thin lanes', () => {
  it('presenter type on a compare side: no owner or leader name taller than its lane; the tags say who reads each lane', () => {
    const f = shareFrame()
    const { view, el } = mount(SIDE_AT_1024, { theme: projectorTheme })
    view.update(f)
    const L = view.lastLayout()!
    expect(L.pitch).toBeLessThan(projectorTheme.minFontPx)
    for (const t of shown(el, 'text.owner, text.leader, text.hot, text.no-leader')) {
      expect(Number(t.getAttribute('font-size')), `${t.getAttribute('class')} "${t.textContent}"`).toBeLessThanOrEqual(L.pitch)
    }
    // Each lane's tag names its readers for screen readers, as the label did.
    const tags = Array.from(el.querySelectorAll('rect.tag')).filter((t) => t.getAttribute('display') !== 'none')
    expect(tags.length).toBe(f.partitions)
    for (const t of tags) expect(t.getAttribute('aria-label')).toMatch(/^P\d+(: c\d+( \+\d+)?| read by consumer-\d+(, consumer-\d+)* and consumer-\d+)$/)
    const p1 = L.lanes[1]!
    expect(p1.ownerTitle).toMatch(/^read by /)
    expect(tags[1]!.getAttribute('aria-label')).toBe(`P1 ${p1.ownerTitle}`)
  })

  it('standard type on the same lanes keeps its labels, the tags no second name', () => {
    const { view, el } = mount(SIDE_AT_1024)
    view.update(shareFrame())
    const L = view.lastLayout()!
    const owners = shown(el, 'text.owner')
    expect(owners.length).toBe(L.lanes.length)
    for (const t of owners) expect(Number(t.getAttribute('font-size'))).toBeLessThanOrEqual(L.pitch)
    expect(Array.from(el.querySelectorAll('rect.tag')).filter((t) => t.hasAttribute('aria-label'))).toEqual([])
  })
})
