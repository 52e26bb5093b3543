// A placement kept as imported (cluster.assignment, cluster.leaders) through the real simulation:
// the listed replicas and leaders at 0 s, the controller's preferred-leader election at its
// imbalance check, and added partitions placed by KRaft's placer after the listed ones.
import { describe, expect, it } from 'vitest'
import { Rng } from '../../engine/rng.ts'
import { defaultScenario } from '../../scenario/defaults.ts'
import type { ClusterSpec, Scenario } from '../../scenario/types.ts'
import { narrate, type TraceEntry } from '../narration.ts'
import { createSimulation } from '../simulation.ts'
import type { Simulation } from '../simulationApi.ts'
import type { WorldState } from '../worldState.ts'
import { createClusterState, leaderCounts } from './clusterState.ts'

const worldOf = (sim: Simulation): WorldState => (sim as unknown as { w: WorldState }).w
const facts = (trace: readonly TraceEntry[], kind: string) => trace.filter((e) => e.fact.kind === kind)

/** 6 partitions on 4 brokers, RF 2, as a real cluster left them: broker 4 prefers p0–p2. */
const ASSIGNMENT = [[4, 1], [4, 2], [4, 3], [1, 2], [2, 3], [3, 1]]

function spec(extra: Partial<ClusterSpec> = {}): ClusterSpec {
  return { brokers: 4, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null, assignment: ASSIGNMENT, ...extra }
}

function scenario(extra: Partial<ClusterSpec> = {}): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.durationSec = 400
  s.topic.partitions = 6
  s.producers[0]!.rate = { kind: 'constant', perSec: 200 }
  s.cluster = spec(extra)
  return s
}

describe('a kept placement', () => {
  it('starts with the listed replicas, every one in sync, and the placer draws nothing', () => {
    const rng = Rng.create(42, 4)
    const before = rng.save()
    const cs = createClusterState(spec(), 6, rng)
    expect(cs.replicas).toEqual(ASSIGNMENT.map((r) => r.map((b) => b - 1)))
    expect(cs.isr).toEqual(cs.replicas)
    expect(Array.from(cs.leader)).toEqual([3, 3, 3, 0, 1, 2])
    expect(leaderCounts(cs)).toEqual([1, 1, 1, 3])
    expect(rng.save()).toEqual(before)
  })

  it('starts with the pasted leaders where they are not the preferred ones', () => {
    const cs = createClusterState(spec({ leaders: [1, 4, 4, 1, 2, 3] }), 6, Rng.create(42, 4))
    expect(Array.from(cs.leader)).toEqual([0, 3, 3, 0, 1, 2])
  })

  it('says at 0 s that the placement is the imported one', () => {
    const sim = createSimulation(scenario())
    sim.advanceTo(1000)
    const said = facts(sim.drainTrace(), 'broker.placement')
    expect(said).toHaveLength(1)
    expect(said[0]!.t).toBe(0)
    expect(narrate(said[0]!.fact)).toBe("replicas and leaders as the imported cluster placed them (cluster.assignment, not KRaft's placer): broker 4 leads 3, broker 1 leads 1, broker 2 leads 1, broker 3 leads 1")
  })

  it("moves a pasted non-preferred leader back at the controller's imbalance check, not before", () => {
    // p0 prefers broker 4 but broker 1 leads it.
    const sim = createSimulation(scenario({ leaders: [1, 4, 4, 1, 2, 3] }))
    sim.advanceTo(299_000)
    expect(worldOf(sim).cluster.leader[0]).toBe(0)
    const start = facts(sim.drainTrace(), 'broker.placement')
    expect(narrate(start[0]!.fact)).toContain("p0 led by another replica than the preferred one (the first listed): the controller's leader-imbalance check at 300 s (leader.imbalance.check.interval.seconds) moves them back to their preferred replicas")
    sim.advanceTo(301_000)
    expect(worldOf(sim).cluster.leader[0]).toBe(3)
    const moved = facts(sim.drainTrace(), 'broker.preferredLeaders')
    expect(moved.map((e) => e.t)).toEqual([300_000])
    expect(narrate(moved[0]!.fact)).toMatch(/leader-imbalance check .*: preferred leaders take back p0 .*broker 4/)
  })

  it('keeps a pasted leader when auto.leader.rebalance.enable is off', () => {
    const off = createSimulation(scenario({ leaders: [1, 4, 4, 1, 2, 3], 'auto.leader.rebalance.enable': false }))
    off.advanceTo(301_000)
    expect(worldOf(off).cluster.leader[0]).toBe(0)
    expect(narrate(facts(off.drainTrace(), 'broker.placement')[0]!.fact)).toContain('auto.leader.rebalance.enable is off, so they stay')
  })

  it('places partitions added during the run with the placer, after the listed ones', () => {
    const s = scenario()
    s.actions = [{ atSec: 1, do: 'addPartitions', count: 2 }]
    const sim = createSimulation(s)
    sim.advanceTo(2000)
    const r = worldOf(sim).cluster.replicas
    expect(r.slice(0, 6)).toEqual(ASSIGNMENT.map((x) => x.map((b) => b - 1)))
    // KAFKA-15857: the stripe continues from the broker after the last partition's preferred leader (broker 3 → broker 4).
    expect(r[6]).toEqual([3, 0])
    expect(r[7]).toEqual([0, 1])
  })

  it('leaves a run without an assignment exactly as the placer places it', () => {
    const s = scenario()
    delete s.cluster!.assignment
    const sim = createSimulation(s)
    sim.advanceTo(1000)
    expect(facts(sim.drainTrace(), 'broker.placement')).toHaveLength(0)
    expect(worldOf(sim).cluster.replicas).toEqual(createClusterState(s.cluster!, 6, Rng.create(s.seed, 4)).replicas)
  })
})
