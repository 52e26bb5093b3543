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

  it('share-group-hot-lane: two members keep the hot lane up where one consumer cannot; order breaks; a crash stalls the lane until its locks expire', () => {
    const preset = getPreset('share-group-hot-lane')!
    const sim = createSimulation(preset.build())
    sim.advanceTo(19_000)
    expect(sim.frame(0).lag[0]).toBeLessThan(1000)
    const { type: _type, share: _share, ...consumerGroup } = preset.build().group
    const classic = createSimulation({ ...preset.build(), group: consumerGroup })
    classic.advanceTo(19_000)
    expect(classic.frame(0).lag[0]).toBeGreaterThan(20_000)
    expect(preset.notice).toContain('under a thousand')
    expect(preset.notice).toContain('pass 20 000 records by 19 s')
    // The stall: nothing of partition 0 is taken between the window filling and the locks expiring.
    sim.advanceTo(32_000)
    const at32 = sim.summary().partitions[0]!.consumed
    sim.advanceTo(49_000)
    expect(sim.summary().partitions[0]!.consumed).toBe(at32)
    sim.advanceTo(60_000)
    const s = sim.summary()
    const expired = facts(sim.drainTrace(), 'share.lockExpired')
    expect(expired.map((e) => [e.fact.partition, e.fact.member, Math.round(e.t / 1000)])).toEqual([[0, 'consumer-2', 50]])
    expect(preset.notice).toContain('locks expire at 50 s')
    expect(s.shareGroup!.inFlightMax).toBe(2000)
    expect(s.shareGroup!.redelivered).toBeGreaterThan(0)
    expect(s.shareGroup!.maxDeliveryCount).toBe(2)
    expect(s.orderingViolations).toBeGreaterThan(0)
  })
})
