// A share group's lane names the reader whose colour it carries and counts the others ("c1 +1"),
// with every reader in its accessible name. The whole list ("c1+c9", "c2+c10") ran past the lane's
// end at 1024×768, and drawn in one reader's colour it passed that colour off as all of theirs;
// after a crash, a lane drawn in the crashed member's colour was labelled with the survivor's name.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import type { Frame } from '../sim/frameTypes.ts'
import { createSimulation } from '../sim/simulation.ts'
import { lanesViewMounts } from './viewMount.ts'
import { layout, shortName } from './layout.ts'
import { memberColour } from './theme.ts'
import { textWidth } from './textWidth.ts'

const mount = lanesViewMounts()

function shareFrame(atMs: number): Frame {
  const sim = createSimulation(getPreset('share-group-hot-lane')!.build())
  sim.advanceTo(atMs)
  return sim.frame(0)
}

/** The highway's box at 1024×768 (measured in Chromium: lanes end at 458 px, cards start at 534). */
const AT_1024 = { width: 512, height: 440 }

describe('share lanes on the highway', () => {
  it('name one reader, count the rest, and list them all in the accessible name', () => {
    const { view, el } = mount(AT_1024)
    view.update(shareFrame(1000))
    const owners = Array.from(el.querySelectorAll('text.owner')).filter((t) => t.getAttribute('display') !== 'none')
    expect(owners).toHaveLength(6)
    // The simple assignor pairs consumer-1 with consumer-9 on P1 (see the share-group-hot-lane golden).
    expect(owners[1]!.textContent).toBe('c1 +1')
    expect(owners[1]!.getAttribute('aria-label')).toBe('P1 read by consumer-1 and consumer-9')
    for (const t of owners) expect(t.textContent).toMatch(/^c\d+ \+1$/)
    // Each fits between its lane's colour tag and the consumer cards at its size, unsqueezed.
    const L = view.lastLayout()!
    for (const t of owners) {
      const room = L.consumerX - (L.x1 + 11) - 4
      expect(textWidth(t.textContent ?? '', Number(t.getAttribute('font-size'))), t.textContent ?? '').toBeLessThanOrEqual(room)
      expect(t.getAttribute('textLength')).toBeNull()
    }
  })

  it('colour a lane, its tag and its link as the member it names, also after a reader crashed', () => {
    // consumer-3 crashed at 20 s and is still in the group (45 s session): P0 is read by consumer-7 alone.
    const f = shareFrame(35_000)
    const L = layout(f, AT_1024)
    for (const lane of L.lanes) {
      if (lane.ownerLabel === '') continue
      const named = f.members.findIndex((m) => shortName(m.name) === lane.ownerLabel)
      expect(f.members[named]!.phase, `P${lane.index}: ${lane.ownerLabel}`).not.toBe('dead')
      expect(lane.ownerColour, `P${lane.index}: ${lane.ownerLabel}`).toBe(memberColour(named))
      const link = L.links.find((k) => k.lane === lane.index)
      expect(link?.member, `P${lane.index}'s link`).toBe(named)
    }
    expect(L.lanes[0]!.ownerLabel).toBe('c7')
    expect(L.lanes[0]!.ownerMore).toBe(0)
  })
})
