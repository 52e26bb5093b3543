// Each preset's story cites what its run shows: the figures and orderings named in the text are
// checked against a run of the preset (the narration and the summary), so a story cannot drift
// from the screen unnoticed.

import { describe, expect, it } from 'vitest'
import { createSimulation } from '../../sim/simulation.ts'
import type { TraceEntry } from '../../sim/frameTypes.ts'
import { getPreset } from './index.ts'

function run(name: string, seconds: number): { trace: TraceEntry[]; notice: string; summary: ReturnType<ReturnType<typeof createSimulation>['summary']> } {
  const p = getPreset(name)!
  const sim = createSimulation(p.build())
  sim.advanceTo(seconds * 1000)
  return { trace: sim.drainTrace(), notice: p.notice, summary: sim.summary() }
}

const facts = <K extends TraceEntry['fact']['kind']>(trace: TraceEntry[], kind: K) =>
  trace.filter((e): e is TraceEntry & { fact: Extract<TraceEntry['fact'], { kind: K }> } => e.fact.kind === kind)

describe('preset stories say what the run shows', () => {
  it('consumer-joins-eager: lanes close member by member, all closed only between the last rejoin and the new assignment', () => {
    const { trace, notice } = run('consumer-joins-eager', 40)
    const revokes = facts(trace, 'group.revoke').filter((e) => e.t >= 30_000)
    const stable = facts(trace, 'group.stable').find((e) => e.t >= 30_000)!
    // Each member revokes at its own moment, all before the new generation is handed out.
    expect(new Set(revokes.map((e) => Math.round(e.t / 100))).size).toBe(revokes.length)
    expect(revokes.length).toBe(3)
    expect(revokes.every((e) => e.t <= stable.t)).toBe(true)
    expect(notice).toMatch(/member by member/)
    expect(notice).not.toMatch(/all twelve lanes stop together for the whole/)
  })

  it('consumer-crash: the crash is detected about 73 s in (45 s after the last heartbeat), and duplicates follow', () => {
    const { trace, notice, summary } = run('consumer-crash', 90)
    const removed = facts(trace, 'group.memberRemoved').find((e) => e.fact.member === 'consumer-2')!
    expect(Math.round(removed.t / 1000)).toBe(73)
    expect(notice).toContain('about 73 s')
    expect(summary.duplicates).toBeGreaterThan(0)
    expect(notice).toMatch(/duplicates/)
  })

  it('salted-hot-key: the partitions the story names are the ones the salted key goes to', () => {
    const { trace, notice } = run('salted-hot-key', 5)
    const salted = facts(trace, 'dynamic.salted')[0]!
    const named = salted.fact.partitions.slice().sort((a, b) => a - b)
    expect(notice).toContain(`partitions ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`)
  })

  it('load-aware: the lanes the story says get flagged hot are the ones the run flags', () => {
    const { trace, notice } = run('load-aware', 30)
    const hot = [...new Set(facts(trace, 'hotspot.laneFlagged').map((e) => e.fact.partition))].filter((p) => p !== 6).sort((a, b) => a - b)
    expect(hot.length).toBeGreaterThan(0)
    for (const p of hot) expect(notice).toContain(`P${p}`)
  })

  it('add-partitions: about half the keys move, and the group leader learns before the producers', () => {
    const { trace, notice, summary } = run('add-partitions', 45)
    expect(summary.remappedKeys / 5000).toBeGreaterThan(0.4)
    expect(summary.remappedKeys / 5000).toBeLessThan(0.6)
    expect(notice).toContain('about half of the 5000 keys')
    const leader = facts(trace, 'group.metadataRefresh')[0]!
    const producers = facts(trace, 'producer.metadataRefresh')[0]!
    expect(leader.t).toBeLessThan(producers.t)
    expect(notice).toMatch(/group leader learns first, at 35 s/)
    expect(Math.round(leader.t / 1000)).toBe(35)
  })

  it('lag-aware-assignor: after the join the hot lane has a consumer of its own and drains; with range it shares three lanes and climbs', () => {
    const p = getPreset('lag-aware-assignor')!
    const look = (assignor: 'lag-aware' | 'range') => {
      const s = p.build()
      const sim = createSimulation({ ...s, group: { ...s.group, assignor } })
      sim.advanceTo(25_000)
      const at25 = sim.frame(0)
      const hot = at25.inRate.indexOf(Math.max(...at25.inRate))
      const lag25 = at25.lag[hot]!
      sim.advanceTo(45_000)
      const f = sim.frame(0)
      const shared = Array.from(f.owner).filter((o) => o === f.owner[hot]).length
      const cold = Array.from(f.inRate).filter((_, q) => q !== hot)
      return { shared, drains: f.lag[hot]! < lag25, hotRate: f.inRate[hot]!, cold }
    }
    const lag = look('lag-aware')
    expect(lag.shared).toBe(1)
    expect(lag.drains).toBe(true)
    expect(Math.abs(lag.hotRate - 2160)).toBeLessThan(150)
    for (const r of lag.cold) expect(Math.abs(r - 240)).toBeLessThan(60)
    const range = look('range')
    expect(range.shared).toBe(3)
    expect(range.drains).toBe(false)
    expect(p.notice).toMatch(/about 2160 records\/s and the other eleven about 240/)
    expect(p.notice).toMatch(/a consumer of its own and its lag drains/)
    expect(p.notice).toMatch(/keeps three lanes, 2640 records\/s, and its lag keeps climbing/)
  })
})
