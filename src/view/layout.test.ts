import { describe, expect, it } from 'vitest'
import { LANE_PAUSED, LANE_STOPPED } from '../sim/frameTypes.ts'
import { makeFrame } from './frameFixture.ts'
import { backlogFraction, DEFAULT_LAYOUT_OPTIONS, layout, particleX } from './layout.ts'
import { BUCKET_HOT, BUCKET_KEYLESS } from './theme.ts'

const size = { width: 1000, height: 500 }
const geo = { x0: 100, x1: 700, queueX: 400, consumerX: 800 }

describe('layout', () => {
  it('gives one lane per partition, stacked top to bottom without overlap', () => {
    const L = layout(makeFrame({ partitions: 8 }), size)
    expect(L.lanes).toHaveLength(8)
    for (let i = 1; i < L.lanes.length; i++) {
      const a = L.lanes[i - 1]!
      const b = L.lanes[i]!
      expect(b.y).toBeGreaterThanOrEqual(a.y + a.h)
    }
    expect(L.lanes.at(-1)!.y + L.lanes.at(-1)!.h).toBeLessThanOrEqual(size.height)
  })

  it('on a phone held upright (390 px) narrows the consumer column so the lanes keep ~120 px; from 480 px up the column is 200 px', () => {
    const phone = layout(makeFrame({ partitions: 12, members: 3 }), { width: 390, height: 360 })
    expect(phone.x1 - phone.x0).toBeGreaterThanOrEqual(120)
    expect(phone.consumerX).toBe(390 - 166)
    for (const c of phone.consumers) expect(c.x + c.w).toBeLessThanOrEqual(390)
    const wide = layout(makeFrame({ partitions: 12, members: 3 }), { width: 480, height: 360 })
    expect(wide.consumerX).toBe(480 - 200)
    expect(wide.x1).toBe(480 - 200 - 70)
  })

  it('grows the backlog bar and the heat with lag, on a log scale', () => {
    const L = layout(makeFrame({ partitions: 3, lag: [0, 100, 100_000] }), size)
    const [a, b, c] = L.lanes
    expect(a!.backlogW).toBe(0)
    expect(b!.backlogW).toBeGreaterThan(0)
    expect(c!.backlogW).toBeGreaterThan(b!.backlogW)
    expect(c!.heat).toBeGreaterThan(b!.heat)
    expect(c!.backlogW).toBeLessThanOrEqual(L.x1 - L.queueX)
  })

  it('reads lane flags: stopped (barrier) and paused lanes', () => {
    const L = layout(makeFrame({ partitions: 3, flags: [LANE_STOPPED, LANE_PAUSED | LANE_STOPPED, 0] }), size)
    expect(L.lanes.map((l) => [l.stopped, l.paused])).toEqual([
      [true, false],
      [true, true],
      [false, false],
    ])
  })

  it('puts consumers at the right end and links each lane to its owner', () => {
    const L = layout(makeFrame({ partitions: 6, members: 3 }), size)
    expect(L.consumers).toHaveLength(3)
    for (const c of L.consumers) expect(c.x).toBeGreaterThanOrEqual(L.x1)
    expect(L.links).toHaveLength(6)
    expect(L.links.every((k) => k.member === k.lane % 3)).toBe(true)
  })

  it('draws no links for unowned lanes', () => {
    const f = makeFrame({ partitions: 4, members: 0 })
    expect(layout(f, size).links).toEqual([])
  })

  it('labels every lane when there is room, and a regular subset when lanes are thin', () => {
    expect(layout(makeFrame({ partitions: 12 }), size).lanes.every((l) => l.labelled)).toBe(true)
    const thin = layout(makeFrame({ partitions: 256, members: 64 }), size).lanes
    const labelled = thin.filter((l) => l.labelled).length
    expect(labelled).toBeGreaterThan(5)
    expect(labelled).toBeLessThan(256)
  })

  it('shows key 0 as the hot key only when it carries a real share', () => {
    const particles: Array<[number, number, number, number, number, number]> = [
      [0, 0, 9_500, -1, 1000, 0],
      [1, -1, 9_500, -1, 1000, 0],
    ]
    const calm = layout(makeFrame({ particles, hotShare: 0.01 }), size).particles
    expect(calm.hotKeyShown).toBe(false)
    expect(calm.counts[BUCKET_HOT]).toBe(0)
    const hot = layout(makeFrame({ particles, hotShare: 0.5 }), size).particles
    expect(hot.hotKeyShown).toBe(true)
    expect(hot.counts[BUCKET_HOT]).toBe(1)
    expect(hot.counts[BUCKET_KEYLESS]).toBe(1)
  })

  it('puts each record in its colour’s bucket, at its place on its lane', () => {
    const particles: Array<[number, number, number, number, number, number]> = [
      [0, 1, 9_500, -1, 1000, 0],
      [1, 2, 9_400, -1, 1001, 0],
      [2, 1, 9_300, -1, 1002, 0],
      [0, -1, 9_200, -1, 1003, 0],
    ]
    const f = makeFrame({ t: 10_000, particles })
    const L = layout(f, size)
    const { buckets, counts } = L.particles
    const key1 = 2
    const key2 = 3
    expect([counts[key1], counts[key2], counts[BUCKET_KEYLESS]]).toEqual([2, 1, 1])
    const at = (b: number, i: number): [number, number] => [buckets[b]![i * 2]!, buckets[b]![i * 2 + 1]!]
    const xOf = (k: number) => particleX(10_000, particles[k]![2], -1, particles[k]![4] - (f.position[particles[k]![0]] ?? 0), { x0: L.x0, x1: L.x1, queueX: L.queueX, consumerX: L.consumerX + 6 }, DEFAULT_LAYOUT_OPTIONS)!
    expect(at(key1, 0)[0]).toBeCloseTo(xOf(0), 3)
    expect(at(key1, 1)[0]).toBeCloseTo(xOf(2), 3)
    expect(at(key2, 0)[0]).toBeCloseTo(xOf(1), 3)
    expect(at(BUCKET_KEYLESS, 0)[0]).toBeCloseTo(xOf(3), 3)
    // Each on its own lane.
    const lane = (i: number) => L.lanes[i]!
    expect(at(key2, 0)[1]).toBeGreaterThanOrEqual(lane(1).y)
    expect(at(key2, 0)[1]).toBeLessThanOrEqual(lane(1).y + lane(1).h)
    expect(at(key1, 1)[1]).toBeGreaterThanOrEqual(lane(2).y)
  })

  it('places every record where particleX says, whatever its state (waiting, crossing, sliding out, gone, not yet produced)', () => {
    // layoutParticles inlines particleX's arithmetic for speed: this keeps the two the same.
    let seed = 7
    const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647
    const t = 10_000
    const particles: Array<[number, number, number, number, number, number]> = Array.from({ length: 400 }, () => {
      const producedAt = t - 3000 + rnd() * 3500
      const consumed = rnd() < 0.5 ? producedAt + rnd() * 2500 : -1
      return [Math.floor(rnd() * 6), Math.floor(rnd() * 12) - 1, producedAt, consumed, Math.floor(rnd() * 5000), 0]
    })
    const f = makeFrame({ t, particles, lag: [0, 10, 300, 5000, 80_000, 2_000_000] })
    const L = layout(f, size)
    const g = { x0: L.x0, x1: L.x1, queueX: L.queueX, consumerX: L.consumerX + 6 }
    const expected = particles
      .map((q) => particleX(t, q[2], q[3], q[4] - (f.position[q[0]] ?? 0), g, DEFAULT_LAYOUT_OPTIONS))
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b)
    const got = L.particles.buckets.flatMap((b, i) => Array.from(b.subarray(0, (L.particles.counts[i] ?? 0) * 2)).filter((_, k) => k % 2 === 0)).sort((a, b) => a - b)
    expect(expected.length).toBeGreaterThan(100)
    expect(expected.length).toBeLessThan(particles.length)
    expect(got).toHaveLength(expected.length)
    got.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 3))
  })

  it('is a pure function of the frame: the same input gives the same marks', () => {
    const f = makeFrame({ particles: [[2, 3, 9_000, 9_900, 500, 0]], lag: [5, 0, 7] })
    expect(JSON.stringify(layout(f, size))).toBe(JSON.stringify(layout(f, size)))
  })
})

describe('particleX', () => {
  const o = DEFAULT_LAYOUT_OPTIONS

  it('is not drawn before it is produced', () => {
    expect(particleX(0, 10, -1, 0, geo, o)).toBeNull()
  })

  it('crosses the lane in travelMs when the lane is empty, then waits at the log end', () => {
    expect(particleX(0, 0, -1, 0, geo, o)).toBe(geo.x0)
    expect(particleX(o.travelMs / 2, 0, -1, 0, geo, o)).toBeCloseTo((geo.x0 + geo.x1) / 2)
    expect(particleX(o.travelMs * 3, 0, -1, 0, geo, o)).toBe(geo.x1)
  })

  it('stops at the back of the queue when records are ahead of it', () => {
    const back = particleX(o.travelMs * 3, 0, -1, 10_000, geo, o)!
    expect(back).toBeLessThan(geo.x1)
    expect(back).toBeGreaterThanOrEqual(geo.queueX)
    expect(back).toBeCloseTo(geo.x1 - (geo.x1 - geo.queueX) * backlogFraction(10_000, o.backlogFull))
  })

  it('slides into the consumer after delivery and then leaves the picture', () => {
    const t = 5_000
    expect(particleX(t + 1, 0, t, 0, geo, o)).toBeGreaterThan(geo.x1)
    expect(particleX(t + o.exitMs + 1, 0, t, 0, geo, o)).toBeNull()
  })

  it('a record delivered quickly still crosses the whole lane first', () => {
    expect(particleX(o.travelMs / 2, 0, 5, 0, geo, o)).toBeCloseTo((geo.x0 + geo.x1) / 2)
  })
})

describe('backlogFraction', () => {
  it('is 0 for no backlog, 1 at full, monotonic between', () => {
    expect(backlogFraction(0, 1e6)).toBe(0)
    expect(backlogFraction(1e6, 1e6)).toBe(1)
    expect(backlogFraction(1e9, 1e6)).toBe(1)
    expect(backlogFraction(10, 1e6)).toBeLessThan(backlogFraction(1000, 1e6))
  })
})

describe('backlog noise floor', () => {
  it('draws no backlog for lag that is just records in flight', () => {
    const f = makeFrame({ partitions: 2, lag: [5, 5000] })
    const L = layout(f, size)
    expect(L.lanes[0]!.backlogW).toBe(0)
    expect(L.lanes[0]!.heat).toBe(0)
    expect(L.lanes[1]!.backlogW).toBeGreaterThan(0)
  })
})

describe('many consumers', () => {
  it('fit in a grid inside the view, without overlapping', () => {
    const L = layout(makeFrame({ partitions: 256, members: 64 }), { width: 1000, height: 470 })
    for (const c of L.consumers) {
      expect(c.y + c.h).toBeLessThanOrEqual(470)
      expect(c.x + c.w).toBeLessThanOrEqual(1000)
    }
    const a = L.consumers[0]!
    const b = L.consumers[1]!
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.h)
  })

  it('always label a hot lane, even when lanes are too thin to label them all', () => {
    const flags = new Array<number>(256).fill(0)
    flags[241] = 4 // LANE_HOT
    const L = layout(makeFrame({ partitions: 256, members: 64, flags }), { width: 1000, height: 470 })
    expect(L.lanes[241]!.labelled).toBe(true)
    expect(L.lanes[240]!.labelled).toBe(false)
  })
})

describe('a lesson step’s lanes are named however thin', () => {
  it('the highlighted partitions (named) are labelled on 7 px lanes in 20 px type, where only every third lane was', () => {
    const f = makeFrame({ partitions: 12, members: 4 })
    const thin = { width: 1000, height: 150 }
    const plain = layout(f, thin, { minFontPx: 20 })
    expect(plain.pitch).toBeLessThan(10)
    expect(plain.lanes.filter((l) => l.labelled).map((l) => l.index)).not.toEqual(expect.arrayContaining([1, 4, 11]))
    const lesson = layout(f, thin, { minFontPx: 20, named: [1, 4, 6, 11] })
    expect(lesson.lanes.filter((l) => l.labelled).map((l) => l.index)).toEqual([1, 4, 6, 11])
  })
})
