// The owner tags ("c1", "c2") over the records. Delivered records slide from a lane's log end into
// its consumer along the lane's line, right through the owner's name beside the lane end: on the
// default page at 1024 px, after ~12 s, the records crossed the letters (the canvas under a 3 px
// halo). Each name now has a box of the page's colour beneath it, above the records' canvas (jsdom).
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createSimulation } from '../sim/simulation.ts'
import { textWidth } from './textWidth.ts'
import { theme } from './theme.ts'
import { lanesViewMounts } from './viewMount.ts'

const mount = lanesViewMounts()

/** The highway of the default page at 1024×768 (between the side panels), about. */
const HIGHWAY_AT_1024 = { width: 600, height: 420 }

describe('owner tags over the records', () => {
  it('every record crossing an owner name is under that name’s opaque box, which is above the records’ canvas', () => {
    const sim = createSimulation(defaultScenario())
    sim.advanceTo(12_000)
    const { view, el } = mount(HIGHWAY_AT_1024)
    view.update(sim.frame())
    const L = view.lastLayout()!
    const owners = Array.from(el.querySelectorAll<SVGTextElement>('text.owner')).filter((t) => t.getAttribute('display') !== 'none' && (t.textContent ?? '') !== '')
    expect(owners.length).toBeGreaterThan(0)
    const canvas = el.querySelector('canvas.ph-particles')!
    const r = L.particles.radius
    let crossing = 0
    for (const t of owners) {
      const px = Number(t.getAttribute('font-size'))
      const x = Number(t.getAttribute('x'))
      const y = Number(t.getAttribute('y'))
      // The name's letters, estimated as the view estimates them.
      const name = { x0: x, x1: x + textWidth(t.textContent ?? '', px), y0: y - px / 2, y1: y + px / 2 }
      const hits: Array<[number, number]> = []
      L.particles.buckets.forEach((b, k) => {
        for (let i = 0; i < L.particles.counts[k]!; i++) {
          const [px0, py0] = [b[2 * i]!, b[2 * i + 1]!]
          if (px0 + r > name.x0 && px0 - r < name.x1 && py0 + r > name.y0 && py0 - r < name.y1) hits.push([px0, py0])
        }
      })
      if (hits.length === 0) continue
      crossing += hits.length
      // The box drawn just before the name (so under it), in a layer painted after the canvas.
      const box = t.previousElementSibling
      expect(box?.getAttribute('class'), `no box under "${t.textContent}"`).toBe('owner-box')
      expect(box!.getAttribute('display')).not.toBe('none')
      expect(box!.getAttribute('fill')).toBe(theme.background)
      expect(canvas.compareDocumentPosition(box!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      const b = { x: Number(box!.getAttribute('x')), y: Number(box!.getAttribute('y')), w: Number(box!.getAttribute('width')), h: Number(box!.getAttribute('height')) }
      for (const [hx, hy] of hits) {
        // Where the disc meets the name, the box covers it.
        const cx = Math.min(Math.max(hx, name.x0), name.x1)
        const cy = Math.min(Math.max(hy, name.y0), name.y1)
        expect(cx >= b.x && cx <= b.x + b.w && cy >= b.y && cy <= b.y + b.h, `record at ${hx},${hy} over "${t.textContent}" outside its box`).toBe(true)
      }
    }
    // Not vacuous: at 12 s records are on their way into the consumers, through the names.
    expect(crossing).toBeGreaterThan(0)
  })
})
