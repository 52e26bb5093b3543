// The group coordinator's broker crashes, through the real simulation: commits stop until the
// members find the new coordinator (consumption goes on), the new coordinator restarts every
// session when it loads the group, so even a short session.timeout.ms rebalances nobody, while a
// member that died meanwhile is removed session.timeout.ms after the load, not after its last
// heartbeat. Classic and KIP-848 groups; a checkpoint taken mid-failover continues exactly.
import { describe, expect, it } from 'vitest'
import { checkpointFromJson, checkpointToJson } from '../../engine/checkpointJson.ts'
import { defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario, ScenarioAction } from '../../scenario/types.ts'
import { narrationLine, type TraceEntry } from '../narration.ts'
import { getPreset } from '../../scenario/presets/index.ts'
import type { SimCheckpoint, Simulation } from '../simulationApi.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'
import type { WorldState } from '../worldState.ts'
import { coordinatorBroker, coordinatorPlacement } from './coordinatorState.ts'

const CRASH_MS = 5_000

const worldOf = (sim: Simulation) => (sim.checkpoint().state as { w: WorldState }).w
const committedSum = (w: WorldState) => Array.from(w.committed).reduce((a, x) => a + Math.max(0, x), 0)
const factAt = (trace: readonly TraceEntry[], kind: string) => trace.find((e) => e.fact.kind === kind)?.t

function base(edit: (s: Scenario) => void = () => {}): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.durationSec = 60
  s.producers[0]!.rate = { kind: 'constant', perSec: 3000 }
  s.producerConfig['linger.ms'] = 50 // fewer send cycles: cheap runs
  s.cluster = { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }
  edit(s)
  return s
}

/** The coordinator's broker as the world places it (index), before any fault. */
function coordinatorOf(s: Scenario): number {
  return coordinatorBroker(worldOf(createSimulation({ ...s, actions: [] })))
}

/** `s` with the coordinator's broker (or another one) crashing at CRASH_MS. */
function crashing(s: Scenario, which: 'coordinator' | 'other'): Scenario {
  const c = coordinatorOf(s)
  const b = which === 'coordinator' ? c : (c + 1) % 3
  return { ...s, actions: [...s.actions, { atSec: CRASH_MS / 1000, do: 'crashBroker', broker: b + 1 } as ScenarioAction] }
}

describe('where the coordinator lives', () => {
  it('is the preferred leader of the group’s offsets partition, which moves with group.id', () => {
    const s = base()
    const w = worldOf(createSimulation(s))
    expect(coordinatorBroker(w)).toBe(coordinatorPlacement(w).replicas[0])
    expect(coordinatorPlacement(w).replicas).toHaveLength(3)
    expect(coordinatorPlacement(w).partition).toBe(31) // "highway": Utils.abs(hashCode) % 50
    const other = worldOf(createSimulation(base((x) => (x.group.groupId = 'my-group'))))
    expect(coordinatorPlacement(other).partition).toBe(12)
  })
})

describe.each(['eager', 'consumer'] as const)('the coordinator’s broker crashes (%s group)', (protocol) => {
  const s = crashing(
    base((x) => {
      x.group.protocol = protocol
      // The shortest session Kafka allows a classic member (group.min.session.timeout.ms).
      x.group.config['session.timeout.ms'] = 6000
    }),
    'coordinator',
  )

  it('commits stop until members find the new coordinator, consumption goes on, nobody is rebalanced', () => {
    const sim = createSimulation(s)
    sim.advanceTo(CRASH_MS + 1)
    const atCrash = committedSum(worldOf(sim))
    const consumedAtCrash = sim.summary().consumed
    sim.advanceTo(CRASH_MS + 12_000) // past the fence (≤ 9 s after the last heartbeat) and the load
    const trace = sim.drainTrace()
    const lost = factAt(trace, 'coordinator.lost')
    const loaded = trace.find((e) => e.fact.kind === 'coordinator.loaded')
    expect(lost).toBe(CRASH_MS)
    expect(loaded).toBeDefined()
    const reachableAt = loaded!.t + (loaded!.fact as { reachableInMs: number }).reachableInMs
    expect(loaded!.t).toBeGreaterThan(CRASH_MS + 5000) // waited for the controller's fence

    // Just before the members reach the new coordinator: not one commit since the crash.
    const frozen = createSimulation(s)
    frozen.advanceTo(reachableAt - 1)
    const w = worldOf(frozen)
    expect(committedSum(w)).toBe(atCrash)
    expect(w.faults!.coordinator!.failedCommits).toBeGreaterThan(0)
    // (Less than before: acks=all lanes also wait for the dead follower until the fence.)
    expect(frozen.summary().consumed).toBeGreaterThan(consumedAtCrash)

    // After it: commits go on; and a 6 s session outlived a 7–9 s outage without a rebalance.
    sim.advanceTo(reachableAt + 8000)
    expect(committedSum(worldOf(sim))).toBeGreaterThan(atCrash)
    expect(sim.rebalanceLog()).toHaveLength(0)
  })

  it('a crash of another broker leaves commits going', () => {
    const other = crashing(base((x) => (x.group.protocol = protocol)), 'other')
    const sim = createSimulation(other)
    sim.advanceTo(CRASH_MS + 1)
    const atCrash = committedSum(worldOf(sim))
    sim.advanceTo(CRASH_MS + 4000)
    expect(committedSum(worldOf(sim))).toBeGreaterThan(atCrash)
    expect(factAt(sim.drainTrace(), 'coordinator.lost')).toBeUndefined()
  })
})

describe('a member that dies during the failover', () => {
  // 4 s into the outage: its heartbeat thread (every 3 s) had sent at least one heartbeat that waits
  // for the new coordinator; a dead process does not retry it.
  const withCrash = (s: Scenario) => ({ ...s, actions: [...s.actions, { atSec: 9, do: 'crashConsumer', consumer: 'consumer-2' } as ScenarioAction] })
  const s = base((x) => (x.group.config['session.timeout.ms'] = 6000))

  it('is removed session.timeout.ms after the new coordinator loads the group, not after its last heartbeat', () => {
    const plain = createSimulation(withCrash(s))
    plain.advanceTo(20_000)
    const removedPlain = plain.rebalanceLog()[0]!.startMs
    expect(removedPlain).toBeLessThanOrEqual(9000 + 6000)

    const failover = createSimulation(withCrash(crashing(s, 'coordinator')))
    failover.advanceTo(30_000)
    const loadedAt = factAt(failover.drainTrace(), 'coordinator.loaded')!
    const removed = failover.rebalanceLog()[0]!
    expect(removed.trigger).toMatch(/session timeout/)
    expect(removed.startMs).toBeGreaterThanOrEqual(loadedAt + 6000)
    expect(removed.startMs).toBeLessThan(loadedAt + 6000 + 100)
  })
})

describe('a checkpoint taken mid-failover', () => {
  it('continues exactly as the straight run (while the coordinator is down, and while it loads)', () => {
    const s = crashing(base((x) => (x.group.config['session.timeout.ms'] = 6000)), 'coordinator')
    s.actions.push({ atSec: 7, do: 'crashConsumer', consumer: 'consumer-1' } as ScenarioAction)
    const straight = createSimulation(s)
    straight.advanceTo(30_000)
    const trace = straight.drainTrace()
    const loadedAt = factAt(trace, 'coordinator.loaded')!
    for (const cut of [CRASH_MS + 3000, loadedAt + 20]) {
      const first = createSimulation(s)
      first.advanceTo(cut)
      const before = first.drainTrace()
      const resumed = restoreSimulation(checkpointFromJson(checkpointToJson(first.checkpoint())) as SimCheckpoint)
      resumed.advanceTo(30_000)
      expect([...before, ...resumed.drainTrace()]).toEqual(trace)
      expect(resumed.summary()).toEqual(straight.summary())
    }
  })
})

describe('what the page and run --json show', () => {
  it('marks the coordinator on its broker, then on the broker that loaded the group, with the failover counted', () => {
    const s = crashing(base(), 'coordinator')
    const first = coordinatorOf(s)
    const sim = createSimulation(s)
    sim.advanceTo(CRASH_MS - 1)
    expect(sim.frame().brokers.filter((b) => b.coordinator).map((b) => b.id)).toEqual([first])
    expect(sim.summary().groupCoordinator).toEqual({ broker: first + 1, offsetsPartition: '__consumer_offsets-31', reachable: true, failovers: 0, failedCommits: 0 })
    sim.advanceTo(CRASH_MS + 2000)
    expect(sim.summary().groupCoordinator.reachable).toBe(false)
    sim.advanceTo(CRASH_MS + 12_000)
    const now = sim.summary()
    const next = sim.frame().brokers.filter((b) => b.coordinator)
    expect(next).toHaveLength(1)
    expect(next[0]!.id).not.toBe(first)
    expect(now.groupCoordinator.broker).toBe(next[0]!.id + 1)
    expect(now.brokers.filter((b) => b.coordinator).map((b) => b.broker)).toEqual([next[0]!.id + 1])
    expect(now.groupCoordinator).toMatchObject({ reachable: true, failovers: 1 })
    expect(now.groupCoordinator.failedCommits).toBeGreaterThan(0)
  })
})

describe('a share group’s coordinator failover in words', () => {
  it('names group.share.session.timeout.ms and no commits (a share group commits no offsets)', () => {
    const s = base((x) => {
      x.group = { ...x.group, type: 'share', share: getPreset('share-group-hot-lane')!.build().group.share! }
      x.group.config['session.timeout.ms'] = 10_000 // a classic setting a share group does not use
    })
    const sim = createSimulation(crashing(s, 'coordinator'))
    sim.advanceTo(30_000)
    const loaded = sim.drainTrace().filter((e) => e.fact.kind === 'coordinator.loaded')
    expect(loaded).toHaveLength(1)
    const line = narrationLine(loaded[0]!)
    expect(line).toContain('share group "highway"\'s coordinator')
    expect(line).toContain('group.share.session.timeout.ms 45 s from now')
    expect(line).not.toContain('commit')
  })
})
