// Partitions added while a broker is down, through the real simulation: the controller places them
// as KRaft does (ReplicationControlManager.createPartitions with the StripedReplicaPlacer): never a
// leader on a fenced broker, a fenced broker only as a last-resort follower out of the ISR, a crash
// it has not noticed yet treated like a live broker until the fence, and a refusal when every broker
// is fenced. Every record stays accounted for (the ledger's conservation rules).
import { describe, expect, it } from 'vitest'
import { conservationErrorsAt } from '../../../test/properties/conservationCheck.ts'
import { formatSummary } from '../../cli/runCommand.ts'
import { defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario, ScenarioAction } from '../../scenario/types.ts'
import { validateScenario } from '../../scenario/validate.ts'
import { narrate } from '../narration.ts'
import { createSimulation } from '../simulation.ts'
import type { Simulation } from '../simulationApi.ts'
import type { WorldState } from '../worldState.ts'

const CRASH_MS = 5_000
/** Broker 2 in the scenario's numbering is index 1 inside the simulation. */
const DEAD = 1
const OLD = 12

function scenario(rf: number, addAtSec: number, more: ScenarioAction[] = []): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.durationSec = 60
  s.producers[0]!.rate = { kind: 'constant', perSec: 3000 }
  s.producerConfig['linger.ms'] = 50
  // Producers learn of the new partitions within a second, so records flow into them during the fault.
  s.producerConfig['metadata.max.age.ms'] = 1000
  s.cluster = { brokers: 3, 'replication.factor': rf, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
  // The script in time order, as the validator leaves it.
  s.actions = [{ atSec: CRASH_MS / 1000, do: 'crashBroker', broker: DEAD + 1 }, { atSec: addAtSec, do: 'addPartitions', count: 6 }, ...more]
  s.actions.sort((a, b) => a.atSec - b.atSec)
  expect(validateScenario(s).ok).toBe(true)
  return s
}

const worldOf = (sim: Simulation) => (sim.checkpoint().state as { w: WorldState }).w
const added = (w: WorldState) => Array.from({ length: w.P - OLD }, (_, i) => OLD + i)

describe('partitions added after the controller fenced a broker', () => {
  it('puts no replica and no leader on it when the live brokers can hold replication.factor, and keeps every record', () => {
    const s = scenario(2, 20)
    const sim = createSimulation(s)
    sim.advanceTo(40_000)
    const w = worldOf(sim)
    expect(w.faults!.fenced[DEAD]).toBe(true)
    expect(w.P).toBe(18)
    for (const p of added(w)) {
      expect(w.cluster.replicas[p]).not.toContain(DEAD)
      expect(w.cluster.leader[p]).not.toBe(DEAD)
      expect(w.cluster.isr[p]).toEqual(w.cluster.replicas[p])
      // Records reached the new partitions: their leaders are alive.
      expect(w.leo[p]).toBeGreaterThan(0)
    }
    // The stripe spreads the new leaders over the two live brokers.
    const leads = [0, 2].map((b) => added(w).filter((p) => w.cluster.leader[p] === b).length)
    expect(leads).toEqual([3, 3])
    expect(w.faults!.lostRecords + w.faults!.failedSends).toBe(0)
    expect(conservationErrorsAt(createSimulation(s), [21_000, 30_000, 60_000])).toEqual([])
  })

  it('with replication.factor = every broker, gives it only a last-resort follower, out of the ISR until it is back', () => {
    const s = scenario(3, 20, [{ atSec: 40, do: 'restartBroker', broker: DEAD + 1 }])
    const sim = createSimulation(s)
    sim.advanceTo(30_000)
    let w = worldOf(sim)
    const facts = sim.drainTrace().filter((e) => e.fact.kind === 'topic.partitionsAdded')
    for (const p of added(w)) {
      expect(w.cluster.replicas[p]![2]).toBe(DEAD)
      expect(w.cluster.leader[p]).not.toBe(DEAD)
      expect(w.cluster.isr[p]).not.toContain(DEAD)
    }
    expect(narrate(facts[0]!.fact)).toContain('broker 2 is fenced, so it leads none of them, but holds a replica of p12, p13, p14, p15, p16, p17 to make up replication.factor')
    // Back at 40 s, it copies the new partitions' whole logs and rejoins their ISRs.
    sim.advanceTo(50_000)
    w = worldOf(sim)
    for (const p of added(w)) expect(w.cluster.isr[p]).toContain(DEAD)
    expect(conservationErrorsAt(createSimulation(s), [21_000, 41_000, 60_000])).toEqual([])
  })
})

describe('partitions added after a crash the controller has not noticed yet', () => {
  // The crash at 5 s is fenced at about 13.6 s (broker.session.timeout.ms after its last heartbeat).
  it('places them as on a live broker, holds their clients until the fence, then elects a live leader', () => {
    const s = scenario(2, 7)
    const sim = createSimulation(s)
    sim.advanceTo(12_000)
    let w = worldOf(sim)
    expect(w.faults!.fenced[DEAD]).toBe(false)
    const ledByDead = added(w).filter((p) => w.cluster.leader[p] === DEAD)
    const ledByLive = added(w).filter((p) => w.cluster.leader[p] !== DEAD && !w.cluster.replicas[p]!.includes(DEAD))
    expect(ledByDead.length).toBeGreaterThan(0)
    expect(ledByLive.length).toBeGreaterThan(0)
    // Nothing is appended to a dead leader; the live ones take records.
    for (const p of ledByDead) expect(w.leo[p]).toBe(0)
    for (const p of ledByLive) expect(w.leo[p]).toBeGreaterThan(0)
    sim.advanceTo(30_000)
    w = worldOf(sim)
    for (const p of added(w)) {
      expect(w.cluster.leader[p]).not.toBe(DEAD)
      expect(w.cluster.isr[p]).not.toContain(DEAD)
    }
    for (const p of ledByDead) expect(w.leo[p]).toBeGreaterThan(0)
    expect(conservationErrorsAt(createSimulation(s), [8_000, 12_000, 14_000, 30_000, 60_000])).toEqual([])
  })
})

describe('partitions added while every broker is fenced', () => {
  it('fail with Kafka\'s error, leave the topic as it was, and a later add after a restart succeeds', () => {
    const s = scenario(2, 20, [{ atSec: 5, do: 'crashBroker', broker: 1 }, { atSec: 5, do: 'crashBroker', broker: 3 }, { atSec: 30, do: 'restartBroker', broker: 3 }, { atSec: 40, do: 'addPartitions', count: 2 }])
    const sim = createSimulation(s)
    sim.advanceTo(25_000)
    let w = worldOf(sim)
    expect(w.P).toBe(OLD)
    expect(w.live.topic.partitions).toBe(OLD)
    const refused = sim.drainTrace().filter((e) => e.fact.kind === 'topic.partitionsRefused')
    expect(refused.map((e) => narrate(e.fact))).toEqual(['adding partitions 12 → 18 failed: InvalidReplicationFactorException: All brokers are currently fenced. The topic keeps 12 partitions.'])
    // The page's Partitions field takes these off the settings' count (they replay the script's 18).
    expect(sim.frame(0).refusedPartitions).toBe(6)
    expect(createSimulation(s).frame(0).refusedPartitions).toBeUndefined()
    sim.advanceTo(45_000)
    w = worldOf(sim)
    expect(w.P).toBe(OLD + 2)
    for (const p of added(w)) expect(w.cluster.leader[p]).toBe(2)
    const summary = sim.summary()
    expect(summary.refusedPartitionAdds).toEqual([{ atSec: 20, from: 12, to: 18, error: 'All brokers are currently fenced.' }])
    expect(formatSummary(summary)).toContain('refused    addPartitions at 20 s (12 → 18): InvalidReplicationFactorException: All brokers are currently fenced. The topic kept 12 partitions.')
    expect(conservationErrorsAt(createSimulation(s), [21_000, 41_000, 60_000])).toEqual([])
  })
})
