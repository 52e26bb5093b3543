import { serialize } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { makeFrame } from '../../view/frameFixture.ts'
import type { Frame, MetricsSample } from '../frameTypes.ts'
import { PARTICLE_STRIDE } from '../frameTypes.ts'
import { groupLanes, MAX_GROUPS, openRows } from './laneGroups.ts'
import { DEFAULT_LANE_VIEW, foldSampleLag, HEAT_BANDS, laneFigures, MOST_LAG, pageFrame, PARTICLES_PER_ROW, tableLanes, topicPartitions } from './pageFrame.ts'

/** `n` lanes dealt to `members` consumers, with lags, rates and offsets that differ lane by lane; 4 000 particles. */
function bigFrame(n: number, members: number): Frame {
  const f = makeFrame({ partitions: n, members, lag: Array.from({ length: n }, (_, i) => (i * 7919) % 5003) })
  for (let p = 0; p < n; p++) {
    f.inRate[p] = p === 4242 ? 5000 : (p * 13) % 50
    f.outRate[p] = (p * 7) % 40
    f.logEndOffset[p] = 10_000 + p
    f.position[p] = 9_000 + p
    f.committed[p] = 8_000 + p
    f.lagMs[p] = p % 300
  }
  const particles = new Float64Array(4000 * PARTICLE_STRIDE)
  for (let i = 0; i < 4000; i++) particles.set([(i * 3) % n, 16, 0, -1, 9_500, 0], i * PARTICLE_STRIDE)
  f.particles = particles
  return f
}

describe('the page frame of a big topic (built in the worker)', () => {
  const full = bigFrame(10_000, 10)
  const groups = groupLanes(full, 'consumer')

  it('is a few rows, a small fraction of the bytes of every lane, and each row is its lanes\' sum', () => {
    const page = pageFrame(full, groups, DEFAULT_LANE_VIEW, null)
    expect(page.partitions).toBe(10)
    expect(topicPartitions(page)).toBe(10_000)
    const bytes = serialize(page).length
    // 10 000 lanes: 5 typed arrays of 80 KB, 4 000 particles, 10 000 owned lane numbers.
    expect(bytes).toBeLessThan(serialize(full).length / 10)
    groups.forEach((g, row) => {
      expect(page.lag[row]).toBe(g.lanes.reduce((s, p) => s + full.lag[p]!, 0))
      expect(page.grouped!.rowLane[row]).toBe(-1)
      expect(page.grouped!.groups[row]).toEqual({ id: g.id, label: g.label, title: g.title, size: g.lanes.length })
    })
  })

  it('keeps every member, with how many lanes it owns instead of which', () => {
    const page = pageFrame(full, groups, DEFAULT_LANE_VIEW, null)
    expect(page.members.map((m) => m.name)).toEqual(full.members.map((m) => m.name))
    page.members.forEach((m, i) => {
      expect(m.owned).toEqual([])
      expect(m.ownedCount).toBe(full.members[i]!.owned.length)
    })
    expect(page.members[page.owner[3]!]!.name).toBe('consumer-4')
  })

  it('lists the lanes with the most lag for the metrics table, and the inspected lane\'s figures', () => {
    const page = pageFrame(full, groups, { ...DEFAULT_LANE_VIEW, inspect: 1234 }, null)
    const byLag = Array.from({ length: 10_000 }, (_, p) => p).sort((a, b) => full.lag[b]! - full.lag[a]! || a - b)
    expect(page.grouped!.mostLag.map((x) => x.lane)).toEqual(byLag.slice(0, MOST_LAG))
    for (const x of page.grouped!.mostLag) expect(x.lag).toBe(full.lag[x.lane])
    expect(laneFigures(page, 1234)).toEqual({ lane: 1234, owner: 4, leader: full.laneLeader[1234] ?? -1, inRate: full.inRate[1234], outRate: full.outRate[1234], lag: full.lag[1234], lagMs: full.lagMs[1234], logEndOffset: 11_234, position: 10_234, committed: 9_234, flags: full.laneFlags[1234] })
    // A lane neither inspected, listed nor a row: the page has no figures for it.
    const quiet = Array.from({ length: 10_000 }, (_, p) => p).find((p) => p !== 1234 && !page.grouped!.mostLag.some((x) => x.lane === p))!
    expect(laneFigures(page, quiet)).toBeNull()
    expect(tableLanes(bigFrame(1000, 4))).toHaveLength(1000)
  })

  it('breaks ties at the table\'s cut by the lower lane, as a sort by lag then lane does', () => {
    // Few distinct lags: the 100th place falls inside a run of equal lags, wherever the lanes are.
    for (const spread of [3, 7, 101]) {
      const f = makeFrame({ partitions: 5000, lag: Array.from({ length: 5000 }, (_, p) => ((p * 2654435761) >>> 0) % spread) })
      const byLag = Array.from({ length: 5000 }, (_, p) => p).sort((a, b) => f.lag[b]! - f.lag[a]! || a - b)
      expect(tableLanes(f)).toEqual(byLag.slice(0, MOST_LAG))
    }
  })

  it('an opened group of 1 000 lanes shows its 63 busiest lanes one by one, in partition order, and the others in one row', () => {
    const g = groups[2]!
    const rows = openRows(full, g)
    expect(rows).toHaveLength(MAX_GROUPS)
    const page = pageFrame(full, groups, { ...DEFAULT_LANE_VIEW, open: g.id }, rows)
    expect(page.grouped!.open).toBe(g.id)
    const lanes = Array.from(page.grouped!.rowLane.slice(0, MAX_GROUPS - 1))
    const busiest = g.lanes.slice().sort((a, b) => full.inRate[b]! - full.inRate[a]! || full.lag[b]! - full.lag[a]! || a - b)
    expect(lanes).toEqual(busiest.slice(0, MAX_GROUPS - 1).sort((a, b) => a - b))
    lanes.forEach((p, row) => {
      expect(page.lag[row]).toBe(full.lag[p])
      expect(laneFigures(page, p)!.logEndOffset).toBe(full.logEndOffset[p])
    })
    expect(page.grouped!.rowLane[MAX_GROUPS - 1]).toBe(-1)
    expect(page.grouped!.rowLabels.at(-1)).toBe('others')
    const all = rows.flatMap((r) => r.lanes).sort((a, b) => a - b)
    expect(all).toEqual(g.lanes)
    // An open id that is not a group (an old grouping's): the groups.
    expect(pageFrame(full, groups, { ...DEFAULT_LANE_VIEW, open: 'broker:0-0' }, rows).grouped!.open).toBeNull()
  })

  it(`carries at most ${PARTICLES_PER_ROW} records in flight per row`, () => {
    const page = pageFrame(full, groups, DEFAULT_LANE_VIEW, null)
    const perRow = new Map<number, number>()
    for (let i = 0; i < page.particles.length; i += PARTICLE_STRIDE) perRow.set(page.particles[i]!, (perRow.get(page.particles[i]!) ?? 0) + 1)
    expect([...perRow.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, r) => r))
    for (const n of perRow.values()) expect(n).toBe(PARTICLES_PER_ROW)
  })

  it(`folds a sample's lag into ${HEAT_BANDS} bands of adjacent partitions, each its largest lag; small topics keep theirs`, () => {
    const lag = Float64Array.from({ length: 10_000 }, (_, p) => (p === 9_999 ? 1e6 : p % 100))
    const s: MetricsSample = { t: 1000, inRate: 0, outRate: 0, totalLag: 0, p99Ms: null, skewRatio: 1, lag, rebalancing: false }
    const folded = foldSampleLag(s)
    expect(folded.lag).toHaveLength(HEAT_BANDS)
    expect(folded.lag[HEAT_BANDS - 1]).toBe(1e6)
    expect(folded.lag[0]).toBe(99)
    const small = { ...s, lag: new Float64Array(12) }
    expect(foldSampleLag(small)).toBe(small)
  })
})
