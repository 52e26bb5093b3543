// The cluster inside the world: placement at creation and when partitions are added, on the
// brokers' own seeded stream (4), surviving checkpoint/restore like the rest of the world.
import { describe, expect, it } from 'vitest'
import { Rng } from '../../engine/rng.ts'
import { defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario } from '../../scenario/types.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'
import type { Simulation } from '../simulationApi.ts'
import type { WorldState } from '../worldState.ts'
import { createClusterState, growClusterPartitions, leaderCounts, replicaCounts } from './clusterState.ts'

const worldOf = (sim: Simulation): WorldState => (sim as unknown as { w: WorldState }).w

/** 6 brokers, RF 3, 8 partitions; 9 more partitions at 3 s (more than a stripe: the placer shuffles). */
function growing(): Scenario {
  const s = defaultScenario()
  s.topic.partitions = 8
  s.cluster = { brokers: 6, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }
  s.actions = [{ do: 'addPartitions', count: 9, atSec: 3 }]
  return s
}

describe('cluster state', () => {
  it('starts with the preferred leaders leading, every replica in sync, leader epoch 0', () => {
    const spec = { brokers: 3, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
    const cs = createClusterState(spec, 12, Rng.create(42, 4))
    expect(cs.brokers.map((b) => b.id)).toEqual([0, 1, 2])
    expect(Array.from(cs.leader)).toEqual(cs.replicas.map((r) => r[0]))
    expect(cs.isr).toEqual(cs.replicas)
    expect(Array.from(cs.leaderEpoch)).toEqual(new Array(12).fill(0))
    expect(leaderCounts(cs)).toEqual([4, 4, 4])
    expect(replicaCounts(cs)).toEqual([8, 8, 8])
  })

  it('places added partitions and grows every per-partition array', () => {
    const spec = { brokers: 4, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
    const cs = createClusterState(spec, 5, Rng.create(1, 4))
    growClusterPartitions(cs, spec, 9, Rng.create(1, 4))
    expect(cs.replicas).toHaveLength(9)
    expect(cs.isr).toHaveLength(9)
    expect(cs.leader).toHaveLength(9)
    expect(cs.leaderEpoch).toHaveLength(9)
    for (let p = 5; p < 9; p++) expect(cs.leader[p]).toBe(cs.replicas[p]![0])
    expect(cs.replicas[5]![0]).toBe((cs.replicas[4]![0]! + 1) % 4)
  })

  it('places the partitions a running topic gains, on the brokers the scenario names', () => {
    const sim = createSimulation(growing())
    sim.advanceTo(4_000)
    const cs = worldOf(sim).cluster
    expect(cs.replicas).toHaveLength(17)
    expect(sim.frame().laneLeader).toHaveLength(17)
    expect(sim.summary().brokers.map((b) => b.replicas).reduce((a, b) => a + b, 0)).toBe(17 * 3)
  })

  it('continues exactly from a checkpoint: placement after the restore draws what the straight run draws', () => {
    const straight = createSimulation(growing())
    straight.advanceTo(2_000)
    const cp = straight.checkpoint()
    straight.advanceTo(6_000)
    const resumed = restoreSimulation(cp)
    resumed.advanceTo(6_000)
    expect(worldOf(resumed).cluster.replicas).toEqual(worldOf(straight).cluster.replicas)
    expect(Array.from(resumed.frame().laneLeader)).toEqual(Array.from(straight.frame().laneLeader))
    expect(JSON.stringify(resumed.summary())).toBe(JSON.stringify(straight.summary()))
  })

  it('places with its own stream: the same seed gives the same cluster, another seed another', () => {
    const a = createSimulation(growing())
    const b = createSimulation(growing())
    const c = createSimulation({ ...growing(), seed: 43 })
    for (const s of [a, b, c]) s.advanceTo(3_500)
    expect(worldOf(a).cluster.replicas).toEqual(worldOf(b).cluster.replicas)
    expect(worldOf(a).cluster.replicas).not.toEqual(worldOf(c).cluster.replicas)
  })
})
