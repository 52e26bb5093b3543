import { describe, expect, it } from 'vitest'
import { LABEL_W, laneNames } from './laneNames.ts'

const twelve = Array.from({ length: 12 }, (_, i) => `P${i}`)
const cool = twelve.map(() => false)

describe('laneNames', () => {
  it('names every lane in one column while its row holds the type', () => {
    const L = laneNames(twelve, cool, 24, 20, 400)
    expect(L.x0).toBe(LABEL_W)
    expect(L.names.map((n) => [n.shown, n.x, n.text])).toEqual(twelve.map((t) => [true, 8, t]))
  })

  it("on lanes thinner than the type (presenter mode's 20 px on 14 px lanes), two staggered columns name every lane; numbers alone on a compare side's 100 px lanes", () => {
    const L = laneNames(twelve, cool, 14, 20, LABEL_W + 100)
    expect(L.names.every((n) => n.shown)).toBe(true)
    expect(L.names.map((n) => n.text)).toEqual(twelve.map((_, i) => String(i)))
    const [even, odd] = [L.names[0]!.x, L.names[1]!.x]
    expect(L.names.map((n) => n.x)).toEqual(twelve.map((_, i) => (i % 2 === 0 ? even : odd)))
    // The second column starts past the first's widest name ("10": two digits at ~0.7 em), and the lanes after it.
    expect(odd - even).toBeGreaterThanOrEqual(2 * 0.7 * 20)
    expect(L.x0).toBeGreaterThanOrEqual(odd + 2 * 0.7 * 20)
    expect(L.x0 - LABEL_W).toBeLessThanOrEqual(16)
  })

  it('keeps the whole names in two columns where the lanes are long enough to spare the room', () => {
    const L = laneNames(twelve, cool, 14, 20, 600)
    expect(L.names.map((n) => n.text)).toEqual(twelve)
    expect(L.x0).toBeGreaterThanOrEqual(L.names[1]!.x + 3 * 0.7 * 20)
  })

  it('under half the type, names every k-th lane and a hot lane always (its neighbours give way)', () => {
    const hot = cool.map((_, i) => i === 5)
    const L = laneNames(twelve, hot, 6, 20, 400)
    expect(L.x0).toBe(LABEL_W)
    // Every 4th (20 px of type over 6 px lanes); P4 and P8 are within 4 lanes of the hot P5.
    expect(L.names.filter((n) => n.shown).map((n) => n.text)).toEqual(['P0', 'P5'])
    expect(laneNames(twelve, cool, 6, 20, 400).names.filter((n) => n.shown).map((n) => n.text)).toEqual(['P0', 'P4', 'P8'])
  })

  it('names the lanes a lesson step highlights however thin (1, 4, 6, 11 on a compare side’s 7 px lanes); two closer than the type take two columns', () => {
    const named = cool.map((_, i) => [1, 4, 6, 11].includes(i))
    const L = laneNames(twelve, named, 7, 20, 750)
    const shown = L.names.flatMap((n, i) => (n.shown ? [{ i, x: n.x, text: n.text }] : []))
    expect(shown.map((n) => n.i)).toEqual([1, 4, 6, 11])
    // Lanes 4 and 6 are 14 px apart: 20 px names in one column would cover each other. P6 goes right of P4.
    const x = (i: number) => shown.find((n) => n.i === i)!.x
    expect([x(1), x(4), x(11)]).toEqual([8, 8, 8])
    expect(x(6)).toBeGreaterThanOrEqual(8 + 3 * 0.7 * 20)
    expect(shown.find((n) => n.i === 6)!.text).toBe('P6')
    // The lanes start after the second column's name.
    expect(L.x0).toBeGreaterThanOrEqual(x(6) + 2 * 0.7 * 20)
    // Far enough apart, they share the first column and the lanes start where they always do.
    const apart = laneNames(twelve, cool.map((_, i) => [1, 4, 11].includes(i)), 7, 20, 750)
    expect(apart.x0).toBe(LABEL_W)
    expect(apart.names.filter((n) => n.shown).map((n) => n.x)).toEqual([8, 8, 8])
  })
})
