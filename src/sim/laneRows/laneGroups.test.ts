import { describe, expect, it } from 'vitest'
import { LANE_HOT, LANE_PAUSED, LANE_STOPPED, PARTICLE_STRIDE, type Frame } from '../frameTypes.ts'
import { makeFrame } from '../../view/frameFixture.ts'
import { aggregateFrame, groupLanes, MAX_GROUPS, openRows } from './laneGroups.ts'

/** A frame of `n` lanes with varied figures (owner = lane % members), lane 7 the hottest. */
function bigFrame(n: number, members: number): Frame {
  const f = makeFrame({ partitions: n, members, lag: Array.from({ length: n }, (_, i) => (i * 37) % 101) })
  for (let p = 0; p < n; p++) {
    f.inRate[p] = p === 7 ? 9000 : (p * 13) % 50
    f.outRate[p] = (p * 7) % 40
    f.logEndOffset[p] = 1000 + p
    f.position[p] = 900 + p
    f.committed[p] = 800 + p
    f.lagMs[p] = p % 300
  }
  return f
}

const sum = (a: ArrayLike<number>, lanes: readonly number[]) => lanes.reduce((s, p) => s + a[p]!, 0)

describe('lane groups', () => {
  it('by consumer: one group per owner holding exactly its lanes; every lane once', () => {
    const f = bigFrame(200, 8)
    const groups = groupLanes(f, 'consumer')
    expect(groups.map((g) => g.label)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'])
    groups.forEach((g, m) => expect(g.lanes).toEqual(Array.from({ length: 25 }, (_, i) => i * 8 + m)))
    expect(groups[2]!.title).toBe('Consumer consumer-3: 25 lanes')
  })

  it('by consumer with more owners than rows: consecutive owners share a row, lanes still each once', () => {
    const f = bigFrame(1000, 200)
    const groups = groupLanes(f, 'consumer')
    expect(groups.length).toBeLessThanOrEqual(MAX_GROUPS)
    expect(groups.flatMap((g) => g.lanes).sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, p) => p))
    expect(groups[0]!.title).toBe('Consumers consumer-1 to consumer-4: 20 lanes')
  })

  it('unowned lanes form their own group, last', () => {
    const f = bigFrame(100, 4)
    f.owner[5] = -1
    f.owner[50] = -1
    const groups = groupLanes(f, 'consumer')
    expect(groups.at(-1)).toMatchObject({ label: 'none', lanes: [5, 50] })
  })

  it('hottest: the N highest in-rates one by one (ties to the larger lag), then the rest', () => {
    const f = bigFrame(300, 6)
    const groups = groupLanes(f, 'hottest', 4)
    const byRate = Array.from({ length: 300 }, (_, p) => p).sort((a, b) => f.inRate[b]! - f.inRate[a]! || f.lag[b]! - f.lag[a]! || a - b)
    expect(groups.slice(0, 4).map((g) => g.lanes)).toEqual(byRate.slice(0, 4).map((p) => [p]))
    expect(groups[0]!.lanes).toEqual([7])
    expect(groups[4]!.label).toBe('rest')
    expect(groups[4]!.lanes).toHaveLength(296)
  })

  it('hottest of 5 000 lanes with many equal rates: the same lanes and order as a full sort, the rest ascending', () => {
    const f = makeFrame({ partitions: 5000, members: 5, lag: Array.from({ length: 5000 }, (_, p) => (p * 31) % 7) })
    for (let p = 0; p < 5000; p++) f.inRate[p] = ((p * 2654435761) >>> 0) % 5
    const n = MAX_GROUPS - 1
    const groups = groupLanes(f, 'hottest', n)
    const byRate = Array.from({ length: 5000 }, (_, p) => p).sort((a, b) => f.inRate[b]! - f.inRate[a]! || f.lag[b]! - f.lag[a]! || a - b)
    expect(groups.slice(0, n).map((g) => g.lanes[0])).toEqual(byRate.slice(0, n))
    expect(groups[n]!.lanes).toEqual(byRate.slice(n).sort((a, b) => a - b))
  })

  it('by broker: one group per leader broker (frame.laneLeader), offline lanes last', () => {
    const f = bigFrame(120, 4) as Frame & { laneLeader: Int32Array }
    f.laneLeader = Int32Array.from({ length: 120 }, (_, p) => (p === 9 ? -1 : p % 3)) // broker ids 0, 1, 2
    const groups = groupLanes(f, 'broker')
    expect(groups.map((g) => g.label)).toEqual(['b1', 'b2', 'b3', 'offline'])
    expect(groups[1]!.lanes.every((p) => f.laneLeader[p] === 1)).toBe(true)
    expect(groups[1]!.title).toBe('Broker 2: 40 lanes')
    expect(groups[3]!.lanes).toEqual([9])
  })

  it('a row sums its lanes (offsets, lags, rates), takes the oldest record\'s age, and keeps the one owner', () => {
    const f = bigFrame(200, 8)
    const groups = groupLanes(f, 'consumer')
    const agg = aggregateFrame(f, groups)
    expect(agg.partitions).toBe(8)
    groups.forEach((g, i) => {
      for (const k of ['logEndOffset', 'position', 'committed', 'lag', 'inRate', 'outRate'] as const) expect(agg[k][i]).toBe(sum(f[k], g.lanes))
      expect(agg.lagMs[i]).toBe(Math.max(...g.lanes.map((p) => f.lagMs[p]!)))
      expect(agg.members[agg.owner[i]!]!.name).toBe(`consumer-${i + 1}`)
    })
    expect(agg.laneLabels).toEqual(groups.map((g) => g.label))
  })

  it('a row is stopped or paused only when all its lanes are, hot when any is', () => {
    const f = bigFrame(100, 2)
    for (let p = 0; p < 100; p += 2) f.laneFlags[p] = LANE_STOPPED | LANE_PAUSED // all of consumer-1's
    f.laneFlags[1] = LANE_STOPPED
    f.laneFlags[3] = LANE_HOT
    const agg = aggregateFrame(f, groupLanes(f, 'consumer'))
    expect(agg.laneFlags[0]).toBe(LANE_STOPPED | LANE_PAUSED)
    expect(agg.laneFlags[1]).toBe(LANE_HOT)
  })

  it('particles move to their group\'s row, as far ahead of its position as they were in their lane', () => {
    const f = bigFrame(100, 4)
    const particles: number[][] = [
      [5, 0, 100, -1, 950, 3],
      [6, 16, 120, 130, 910, 0],
    ]
    f.particles = Float64Array.from(particles.flat())
    const groups = groupLanes(f, 'consumer')
    const agg = aggregateFrame(f, groups)
    expect(agg.particles.length).toBe(2 * PARTICLE_STRIDE)
    expect(agg.particles[0]).toBe(1) // lane 5 belongs to consumer-2's row
    expect(agg.particles[4]! - agg.position[1]!).toBe(950 - f.position[5]!)
    expect(agg.particles[PARTICLE_STRIDE]).toBe(2)
  })

  it('drill-down: the open group\'s lanes, one row each, labelled and mapped back to their partitions', () => {
    const f = bigFrame(200, 8)
    const groups = groupLanes(f, 'consumer')
    const rows = openRows(f, groups[3]!)
    const shown = aggregateFrame(f, rows)
    expect(shown.partitions).toBe(25)
    expect(shown.laneLabels.slice(0, 3)).toEqual(['P3', 'P11', 'P19'])
    for (let row = 0; row < 25; row++) {
      const p = shown.rowLanes[row]!
      expect(p).toEqual([groups[3]!.lanes[row]])
      expect(shown.lag[row]).toBe(f.lag[p[0]!])
    }
  })
})
