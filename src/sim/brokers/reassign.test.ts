import { describe, expect, it } from 'vitest'
import { hotKeyScenario } from '../../scenario/presets/hotKey.ts'
import type { ClusterSpec, Scenario, ScenarioAction } from '../../scenario/types.ts'
import { conservationErrors, worldOf } from '../../../test/properties/conservationCheck.ts'
import type { TraceEntry } from '../frameTypes.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'
import { balanceInput, planNow, recordBytesOf } from './planRun.ts'

/**
 * hot-key made small (6 partitions, 1200 rec/s, 45 % on one key, two consumers that keep up) on
 * 3 brokers with `rf` replicas, and these actions.
 */
function scenario(rf: number, actions: ScenarioAction[]): Scenario {
  const s = hotKeyScenario()
  const cluster: ClusterSpec = { brokers: 3, 'replication.factor': rf, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
  return {
    ...s,
    topic: { ...s.topic, partitions: 6 },
    producers: s.producers.map((p) => ({ ...p, rate: { kind: 'constant', perSec: 1200 } })),
    group: { ...s.group, consumers: 2 },
    cluster,
    actions,
  }
}

const facts = <K extends TraceEntry['fact']['kind']>(trace: readonly TraceEntry[], kind: K) =>
  trace.filter((e): e is TraceEntry & { fact: Extract<TraceEntry['fact'], { kind: K }> } => e.fact.kind === kind)

/** Produce cycle (linger.ms): the log grows in steps of it, so a copy's end is known to within one. */
const TICK_MS = 5

describe('rebalanceCluster: executing the plan in the running world', () => {
  it('a replica move copies the log under the throttle: with no new data it takes bytes / throttle', () => {
    // Producers stop at 9.5 s, so the log is still at 10 s; the plan there still sees the load of the last window.
    const throttle = 50_000
    const sim = createSimulation(scenario(1, [{ do: 'setRate', perSec: 0, atSec: 5.5 }, { do: 'rebalanceCluster', throttleBytesPerSec: throttle, atSec: 6 }]))
    sim.advanceTo(14_000)
    const trace = sim.drainTrace()
    const started = facts(trace, 'cluster.replicaMoveStarted')
    const done = facts(trace, 'cluster.replicaMoveDone')
    expect(started.length).toBeGreaterThan(0)
    expect(done.length).toBe(started.length)
    started.forEach((s, i) => {
      const d = done[i]!
      expect(d.fact.partition).toBe(s.fact.partition)
      const expected = (s.fact.bytes / throttle) * 1000
      expect(Math.abs(d.fact.ms - expected)).toBeLessThanOrEqual(TICK_MS)
      expect(Math.abs(d.t - s.t - expected)).toBeLessThanOrEqual(TICK_MS)
    })
    // Moves run one after another: each starts when the one before it is done.
    for (let i = 1; i < started.length; i++) expect(started[i]!.t).toBeGreaterThanOrEqual(done[i - 1]!.t)
    // run --json tells the same story; a still log copies exactly what it held.
    const cr = sim.summary().clusterRebalance!
    expect(cr).toMatchObject({ plans: 1, startedAtSec: 6, replicaMoves: started.length, movesDone: done.length, movesSkipped: 0, throttleBytesPerSec: throttle })
    expect(cr.finishedAtSec! * 1000).toBe(Math.round(done.at(-1)!.t))
    expect(Math.abs(cr.bytesCopied - started.reduce((s, e) => s + e.fact.bytes, 0))).toBeLessThanOrEqual(throttle * TICK_MS / 1000 * started.length)
  })

  it('while the log keeps growing, the copy takes bytes / (throttle − bytes in)', () => {
    const throttle = 100_000
    const sim = createSimulation(scenario(1, []))
    sim.advanceTo(6_000)
    const plan = sim.clusterPlan(throttle)
    const mv = plan.moves.find((m) => m.kind === 'replica')!
    expect(mv).toBeDefined()
    sim.apply({ do: 'rebalanceCluster', throttleBytesPerSec: throttle })
    sim.advanceTo(12_000)
    const done = facts(sim.drainTrace(), 'cluster.replicaMoveDone').find((e) => e.fact.partition === mv.partition)!
    // The lane's rate is steady (uniform keys around a hot one), so bytes in over the copy ≈ the last window's.
    const expected = (mv.bytes / (throttle - mv.bytesInPerSec)) * 1000
    expect(mv.bytesInPerSec).toBeGreaterThan(0)
    expect(Math.abs(done.fact.ms - expected) / expected).toBeLessThan(0.05)
    expect(done.fact.ms).toBeGreaterThan((mv.bytes / throttle) * 1000) // slower than a still log
  })

  it('leader moves are elected at once and the brokers then measure the load the plan promised', () => {
    const sim = createSimulation(scenario(2, []))
    sim.advanceTo(10_000)
    const plan = sim.clusterPlan()
    expect(plan.replicaMoves).toBe(0)
    expect(plan.leaderMoves).toBeGreaterThan(0)
    sim.drainTrace()
    sim.apply({ do: 'rebalanceCluster' })
    const f = sim.frame()
    const moved = facts(sim.drainTrace(), 'cluster.leaderMoved')
    expect(moved.map((e) => e.t)).toEqual(plan.moves.map(() => 10_000))
    for (const m of plan.moves) expect(f.laneLeader[m.partition]).toBe(m.to)
    // Two windows later the strip's figures (measured at the appends) match the plan's "after" within 5 %.
    sim.advanceTo(13_000)
    const brokers = sim.frame().brokers
    plan.after.forEach((a) => expect(Math.abs(brokers[a.broker]!.inRate - a.recordsInPerSec)).toBeLessThan(0.05 * a.recordsInPerSec + 20))
    expect(Math.max(...brokers.map((b) => b.inRate))).toBeLessThan(Math.max(...plan.before.map((b) => b.recordsInPerSec)) * 0.9)
  })

  it('keeps every record: conservation holds through leader and replica moves', () => {
    for (const rf of [1, 3]) {
      const sim = createSimulation(scenario(rf, [{ do: 'rebalanceCluster', throttleBytesPerSec: 300_000, atSec: 3 }, { do: 'rebalanceCluster', atSec: 12 }]))
      sim.advanceTo(15_000)
      expect(conservationErrors(worldOf(sim))).toEqual([])
      const s = sim.summary()
      expect(s.produced).toBe(s.consumed + s.lag)
    }
  })

  it('a throttle below the partition’s own in-rate never finishes the copy, and the plan says so', () => {
    const sim = createSimulation(scenario(1, []))
    sim.advanceTo(5_000)
    const mv = sim.clusterPlan().moves.find((m) => m.kind === 'replica')!
    const tiny = Math.floor(mv.bytesInPerSec / 2)
    const plan = sim.clusterPlan(tiny)
    expect(plan.estimatedMs).toBeNull()
    sim.apply({ do: 'rebalanceCluster', throttleBytesPerSec: tiny })
    sim.advanceTo(12_000)
    expect(facts(sim.drainTrace(), 'cluster.replicaMoveDone')).toEqual([])
    expect(sim.frame().reassign).toMatchObject({ running: true, done: 0 })
  })

  it('a checkpoint taken mid-copy continues exactly as the straight run', () => {
    const s = scenario(1, [{ do: 'rebalanceCluster', throttleBytesPerSec: 20_000, atSec: 5 }])
    const straight = createSimulation(s)
    straight.advanceTo(6_345)
    expect(straight.frame().reassign?.running).toBe(true)
    const cp = straight.checkpoint()
    straight.advanceTo(14_000)
    const resumed = restoreSimulation(cp)
    resumed.advanceTo(14_000)
    expect(JSON.stringify(resumed.summary())).toBe(JSON.stringify(straight.summary()))
    expect(resumed.frame().reassign).toEqual(straight.frame().reassign)
    const lines = (sim: typeof straight): string[] => sim.drainTrace().filter((e) => e.t > 6_345 && e.fact.kind.startsWith('cluster.')).map((e) => JSON.stringify(e))
    expect(lines(resumed)).toEqual(lines(straight))
  })

  it('a new plan cancels the copy in progress: the partition keeps its original replicas', () => {
    const sim = createSimulation(scenario(1, [{ do: 'rebalanceCluster', throttleBytesPerSec: 20_000, atSec: 5 }, { do: 'rebalanceCluster', throttleBytesPerSec: 1_000_000, atSec: 6 }]))
    sim.advanceTo(9_000)
    const trace = sim.drainTrace()
    const cancelled = facts(trace, 'cluster.moveSkipped').filter((e) => e.fact.reason === 'cancelled by a new plan')
    expect(cancelled).toHaveLength(1)
    expect(cancelled[0]!.t).toBe(6_000)
    const w = worldOf(sim)
    expect(w.cluster.replicas.every((r) => r.length === 1)).toBe(true)
    expect(sim.summary().clusterRebalance).toMatchObject({ plans: 2 })
  })

  it('a target broker that crashes mid-copy gets neither the replica nor leadership while down, and after its restart joins the ISR only when the throttled copy is done', () => {
    // The plan moves one partition (about 6.8 s at 20 kB/s); its target crashes at 9 s and restarts at 30 s.
    const rebalance: ScenarioAction = { do: 'rebalanceCluster', throttleBytesPerSec: 20_000, atSec: 6 }
    const probe = createSimulation(scenario(1, [rebalance]))
    probe.advanceTo(6_500)
    const moves = facts(probe.drainTrace(), 'cluster.replicaMoveStarted')
    expect(moves.length).toBe(1)
    const { partition: p, from, to } = moves[0]!.fact
    // Actions number brokers from 1, as the page does; trace facts from 0.
    const sim = createSimulation(scenario(1, [rebalance, { do: 'crashBroker', broker: to + 1, atSec: 9 }, { do: 'restartBroker', broker: to + 1, atSec: 30 }]))
    for (const t of [10_000, 15_000, 20_000, 29_000, 31_000, 45_000]) {
      sim.advanceTo(t)
      const w = worldOf(sim)
      expect(w.cluster.isr[p]).toEqual([from])
      expect(w.cluster.leader[p]).toBe(from)
      expect(conservationErrors(w)).toEqual([])
    }
    expect(facts(sim.drainTrace(), 'cluster.replicaMoveDone')).toEqual([])
    sim.advanceTo(90_000)
    const done = facts(sim.drainTrace(), 'cluster.replicaMoveDone')
    expect(done.map((e) => [e.fact.partition, e.fact.to])).toEqual([[p, to]])
    expect(done[0]!.t).toBeGreaterThan(45_000)
    expect(worldOf(sim).cluster.isr[p]).toEqual([to])
    expect(conservationErrors(worldOf(sim))).toEqual([])
  })

  it('logs are measured in bytes as records × the producers’ record size; run --json says nothing of a rebalance that never ran', () => {
    const sim = createSimulation(scenario(1, []))
    sim.advanceTo(5_000)
    const w = worldOf(sim)
    expect(recordBytesOf(w)).toBe(w.live.producers[0]!.recordBytes)
    expect('clusterRebalance' in sim.summary()).toBe(false)
  })
})

describe('the plan while a broker is in controlled shutdown', () => {
  it('counts the stopping broker out, as a stopped one: no leader or replica goes to it', () => {
    const sim = createSimulation(scenario(2, [{ do: 'shutdownBroker', broker: 2, atSec: 8 }]))
    sim.advanceTo(8_010)
    const w = worldOf(sim)
    expect(w.cluster.brokers[1]!.stoppingSince).toBe(8_000)
    expect(balanceInput(w).up).toEqual([true, false, true])
    for (const mv of planNow(w).moves) expect(mv.to, JSON.stringify(mv)).not.toBe(1)
  })
})
