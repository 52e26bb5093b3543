// The lanes the brokers pause, through the real simulation: the figure (read from leaders, ISRs and
// what the clients learned) agrees with what the data plane does (producerRetry.ts blocks, and the
// appends that do not happen), names offline and under-min-ISR partitions in Kafka's sense, and
// its lane-seconds are the sum of what it showed moment by moment, however the run is stepped.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario } from '../../scenario/types.ts'
import { createSimulation } from '../simulation.ts'
import type { Simulation } from '../simulationApi.ts'
import type { WorldState } from '../worldState.ts'
import { pausedLanesAt } from './pausedLanes.ts'
import { blockedLanes, leaderReachable } from './producerRetry.ts'

function scenario(cluster: NonNullable<Scenario['cluster']>, acks: '1' | 'all', edit: (s: Scenario) => void = () => {}): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.durationSec = 40
  s.producers[0]!.rate = { kind: 'constant', perSec: 3000 }
  s.producerConfig['linger.ms'] = 50
  s.producerConfig.acks = acks
  s.cluster = cluster
  s.actions = [{ atSec: 5, do: 'crashBroker', broker: 2 }]
  edit(s)
  return s
}

const RF3 = { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }
const worldOf = (sim: Simulation) => (sim.checkpoint().state as { w: WorldState }).w

/** Lanes the data plane holds back at `now`: producers may not append, or consumers have no leader. */
function heldByDataPlane(w: WorldState, now: number): number[] {
  const b = blockedLanes(w, now)
  return Array.from({ length: w.P }, (_, p) => p).filter((p) => b?.[p] === 1 || !leaderReachable(w, p, now))
}

describe('the figure counts the lanes the data plane holds back, moment by moment', () => {
  for (const acks of ['all', '1'] as const) {
    it(`acks=${acks}, replication factor 3: from the crash to after the clients found the new leaders`, () => {
      const sim = createSimulation(scenario(RF3, acks))
      let seenPaused = 0
      for (let t = 4_000; t <= 20_000; t += 100) {
        sim.advanceTo(t)
        const w = worldOf(sim)
        const c = pausedLanesAt(w, t)
        expect(c.lanes, `${t} ms`).toBe(heldByDataPlane(w, t).length)
        expect(c.lanes).toBe(c.noLeader + c.underMinIsr + c.followerDown)
        seenPaused = Math.max(seenPaused, c.lanes)
      }
      const s = sim.summary()
      // acks=all: every lane waits (broker 2 leads a third and follows the rest); acks=1: only those it led.
      expect(seenPaused).toBe(acks === 'all' ? 12 : 4)
      expect(s.pausedLanes!.most).toMatchObject({ lanes: seenPaused, noLeader: 4, followerDown: acks === 'all' ? 8 : 0, atSec: 5 })
      // The clients have found the new leaders: nothing paused at the end.
      expect(s.pausedLanes!.lanes).toBe(0)
    })
  }

  it('lanes whose appends stopped between the crash and the fence are the figure’s paused lanes', () => {
    const sim = createSimulation(scenario({ ...RF3, 'replication.factor': 2, 'min.insync.replicas': 1 }, 'all'))
    sim.advanceTo(5_200)
    const before = sim.summary()
    const during = before.pausedLanes!
    sim.advanceTo(10_000)
    const after = sim.summary()
    const stopped = after.partitions.filter((x) => x.produced === before.partitions[x.partition]!.produced).length
    expect(stopped).toBeGreaterThan(0)
    expect(during.lanes).toBe(stopped)
    expect(after.pausedLanes!.lanes).toBe(stopped)
  })
})

describe('Kafka’s words: offline partitions and under min ISR', () => {
  it('replication factor 1: the crashed broker’s partitions go offline when it is fenced (OfflinePartitionsCount), and stay so', () => {
    const sim = createSimulation(scenario({ ...RF3, 'replication.factor': 1, 'min.insync.replicas': 1 }, 'all'))
    sim.advanceTo(6_000)
    const led = sim.summary().partitions.filter((x) => x.leader === 2).length
    expect(led).toBe(4)
    // Before the fence its partitions are led by a dead broker: no leader to reach, not offline yet.
    expect(sim.summary().pausedLanes).toMatchObject({ lanes: 4, noLeader: 4, offlinePartitions: 0 })
    sim.advanceTo(20_000)
    expect(sim.summary().pausedLanes).toMatchObject({ lanes: 4, noLeader: 4, offlinePartitions: 4, underMinIsr: 0, followerDown: 0 })
    expect(sim.summary().partitions.filter((x) => x.leader === null)).toHaveLength(4)
  })

  it('replication factor 2, min.insync.replicas 2: after the fence acks=all lanes wait under min ISR; acks=1 lanes write on, and Kafka’s metric counts them all the same', () => {
    const cluster = { ...RF3, 'replication.factor': 2, 'min.insync.replicas': 2 }
    const all = createSimulation(scenario(cluster, 'all'))
    all.advanceTo(20_000)
    const a = all.summary().pausedLanes!
    // Broker 2 held a replica of 8 lanes; each now has one in-sync replica, below 2.
    expect(a).toMatchObject({ lanes: 8, underMinIsr: 8, underMinIsrPartitions: 8, noLeader: 0, offlinePartitions: 0 })
    const one = createSimulation(scenario(cluster, '1'))
    one.advanceTo(20_000)
    expect(one.summary().pausedLanes).toMatchObject({ lanes: 0, underMinIsr: 0, underMinIsrPartitions: 8 })
    // And the data plane agrees: the under-min-ISR lanes append nothing under acks=all.
    const w = worldOf(all)
    expect(heldByDataPlane(w, 20_000)).toHaveLength(8)
  })
})

describe('paused lane-seconds', () => {
  it('are what the figure showed, summed over the run (10 ms samples), and the same however the run is stepped', () => {
    const s = scenario(RF3, 'all', (x) => x.actions.push({ atSec: 15, do: 'restartBroker', broker: 2 }, { atSec: 17, do: 'crashBroker', broker: 1 }))
    const sampled = createSimulation(s)
    let ms = 0
    for (let t = 0; t < 30_000; t += 10) {
      sampled.advanceTo(t)
      ms += pausedLanesAt(worldOf(sampled), t).lanes * 10
    }
    sampled.advanceTo(30_000)
    const whole = createSimulation(s)
    whole.advanceTo(30_000)
    const a = sampled.summary().pausedLanes!
    const b = whole.summary().pausedLanes!
    expect(a).toEqual(b)
    expect(a.partitionSeconds).toBeGreaterThan(100)
    // Each lane's pause starts and ends within one 10 ms sample of the exact figure.
    expect(Math.abs(a.partitionSeconds - ms / 1000)).toBeLessThan((12 * 4 * 10) / 1000)
  })

  it('are absent, with the counts, when no broker fault ran', () => {
    const sim = createSimulation(scenario(RF3, 'all', (x) => (x.actions = [])))
    sim.advanceTo(10_000)
    expect(sim.summary().pausedLanes).toBeUndefined()
    expect(sim.frame().totals.pausedLanes).toBeUndefined()
  })
})
