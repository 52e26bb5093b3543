// Each preset's story cites what its run shows: the figures and orderings named in the text are
// checked against a run of the preset (the narration and the summary), so a story cannot drift
// from the screen unnoticed.

import { describe, expect, it } from 'vitest'
import { createSimulation } from '../../sim/simulation.ts'
import type { TraceEntry } from '../../sim/frameTypes.ts'
import { getPreset } from './index.ts'
import { applyOverrides } from '../overrides.ts'

function run(name: string, seconds: number): { trace: TraceEntry[]; notice: string; summary: ReturnType<ReturnType<typeof createSimulation>['summary']> } {
  const p = getPreset(name)!
  const sim = createSimulation(p.build())
  sim.advanceTo(seconds * 1000)
  return { trace: sim.drainTrace(), notice: p.notice, summary: sim.summary() }
}

const facts = <K extends TraceEntry['fact']['kind']>(trace: TraceEntry[], kind: K) =>
  trace.filter((e): e is TraceEntry & { fact: Extract<TraceEntry['fact'], { kind: K }> } => e.fact.kind === kind)

describe('preset stories say what the run shows', () => {
  it('cluster-rebalance: broker 1 ~3800 → ~3000 rec/s by three leader moves (P1, P4, P11), no copy, and stays hot', () => {
    const { trace, notice, summary } = run('cluster-rebalance', 25)
    const hot = facts(trace, 'broker.hot').find((e) => e.fact.broker === 0)!
    expect(hot.fact.leaders).toContain(6)
    const plan = facts(trace, 'cluster.plan')[0]!
    expect(plan.t).toBe(20_000)
    expect(Math.round(plan.fact.busiestBefore / 100) * 100).toBe(3800)
    expect(Math.round(plan.fact.busiestAfter / 100) * 100).toBe(3000)
    expect(plan.fact).toMatchObject({ leaderMoves: 3, replicaMoves: 0, bytes: 0 })
    const moved = facts(trace, 'cluster.leaderMoved').map((e) => e.fact)
    expect(moved.map((m) => `P${m.partition}`)).toEqual(['P1', 'P4', 'P11'])
    expect(moved.every((m) => m.from === 0)).toBe(true)
    expect(notice).toMatch(/three preferred-leader elections \(P1, P4 and P11\)/)
    expect(notice).toMatch(/about 3800 records\/s/)
    expect(notice).toMatch(/drops to about 3000 records\/s/)
    // The others append about 1100 each before; broker 1 is still the busiest and still hot after.
    const others = summary.brokers.filter((b) => b.broker !== 1)
    expect(facts(trace, 'broker.cooled').filter((e) => e.fact.broker === 0)).toEqual([])
    expect(summary.brokers[0]!.hot).toBe(true)
    expect(others.every((b) => b.recordsInPerSec < summary.brokers[0]!.recordsInPerSec)).toBe(true)
    // With replication factor 1 the plan has to copy a partition instead.
    const p = getPreset('cluster-rebalance')!.build()
    const rf1 = createSimulation({ ...p, cluster: { ...p.cluster!, 'replication.factor': 1 } })
    rf1.advanceTo(25_000)
    const plan1 = facts(rf1.drainTrace(), 'cluster.plan')[0]!
    expect(plan1.fact.leaderMoves).toBe(0)
    expect(plan1.fact.replicaMoves).toBeGreaterThan(0)
    expect(plan1.fact.estimatedMs).toBeGreaterThan(0)
    expect(notice).toMatch(/replication factor 1 there is no second replica: the plan must copy a whole partition/)
  })

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

  it('broker-failure: noticed at 27.6 s, every lane stalls until then, leadership moves, nothing lost with acks=all but some with acks=1', () => {
    const p = getPreset('broker-failure')!
    const sim = createSimulation(p.build())
    sim.advanceTo(20_100)
    const appendedAtCrash = sim.summary().partitions.map((x) => x.produced)
    sim.advanceTo(27_500)
    const stalled = sim.summary()
    sim.advanceTo(90_000)
    const trace = sim.drainTrace()
    const fenced = facts(trace, 'broker.fenced')
    expect(fenced).toHaveLength(1)
    expect(Math.round(fenced[0]!.t / 100) / 10).toBe(27.6)
    expect(p.notice).toContain('at 27.6 s')
    // Every lane, not only broker 2's, takes no record while the controller has not noticed: the
    // producers hold them (7.4 s of 6000 rec/s).
    expect(stalled.partitions.map((x) => x.produced)).toEqual(appendedAtCrash)
    // … and the page's figure says so: 12 lanes paused, broker 2's 4 with no leader, 8 waiting for it as follower.
    expect(stalled.pausedLanes).toMatchObject({ lanes: 12, noLeader: 4, followerDown: 8, offlinePartitions: 0 })
    expect(p.notice).toContain('paused 12 lanes')
    expect(stalled.producerBuffered).toBeGreaterThan(0.9 * 7.4 * 6000)
    expect(fenced[0]!.fact.moved.length).toBeGreaterThan(0)
    const sum = sim.summary()
    expect(sum.lostRecords).toBe(0)
    expect(p.notice).toMatch(/No record is lost/)
    // It rejoins the in-sync replicas after its restart at 60 s, but leads nothing before the 300 s check.
    expect(facts(trace, 'broker.isrJoin').every((e) => e.t >= 60_000)).toBe(true)
    expect(facts(trace, 'broker.isrJoin').length).toBeGreaterThan(0)
    expect(facts(trace, 'broker.preferredLeaders')).toHaveLength(0)
    expect(sum.partitions.every((x) => x.leader !== 2)).toBe(true)
    // … which the controller runs 300 s after the fence moved its leaders, as the notice says.
    const restart = facts(trace, 'broker.restart')[0]!.fact as { leaderCheckAt: number }
    expect(Math.round(restart.leaderCheckAt / 100) / 10).toBe(327.6)
    expect(p.notice).toContain('at 327.6 s')
    const one = applyOverrides(p.build(), { 'producerConfig.acks': 1 })
    if (!one.ok) throw new Error(one.message)
    const lossy = createSimulation(one.scenario)
    lossy.advanceTo(40_000)
    expect(lossy.summary().lostRecords).toBeGreaterThan(0)
    expect(p.notice).toMatch(/With acks=1 .* loses them/)
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
    expect(expired.map((e) => [e.fact.partition, e.fact.member, Math.round(e.t / 1000)])).toEqual([[0, 'consumer-3', 50]])
    expect(preset.notice).toContain('locks expire at 50 s')
    expect(s.shareGroup!.inFlightMax).toBe(2000)
    expect(s.shareGroup!.redelivered).toBeGreaterThan(0)
    expect(s.shareGroup!.maxDeliveryCount).toBe(2)
    expect(s.orderingViolations).toBeGreaterThan(0)
  })
})
