// A share group when brokers die, through the real simulation. The share-partition lives on its
// partition's leader: a crash freezes it, and the next leader starts from the share coordinator's
// state, so records acquired and not acknowledged come back and are delivered again with the
// delivery count last written (the acquisition itself never was). The group coordinator's crash
// only delays ShareGroupHeartbeat: members go on fetching from the partition leaders.
import { describe, expect, it } from 'vitest'
import { checkpointFromJson, checkpointToJson } from '../../engine/checkpointJson.ts'
import type { Scenario, ScenarioAction } from '../../scenario/types.ts'
import { coordinatorBroker } from '../brokers/coordinatorState.ts'
import type { SimCheckpoint } from '../simulationApi.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'
import { shareScenario, worldOf } from './shareTestWorld.ts'

const CRASH_MS = 10_000

function threeBrokers(s: Scenario): Scenario {
  return { ...s, cluster: { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null } }
}

const crash = (broker: number, atMs = CRASH_MS): ScenarioAction => ({ atSec: atMs / 1000, do: 'crashBroker', broker: broker + 1 }) as ScenarioAction
const acquiredIn = (w: ReturnType<typeof worldOf>, p: number) => w.share!.parts[p]!.runs.filter((r) => r.state === 'acquired').reduce((n, r) => n + r.to - r.from, 0)

describe('share group: the partition leader crashes', () => {
  const base = threeBrokers(shareScenario(2))
  const leader = worldOf(createSimulation(base)).cluster.leader[0]!
  const s = { ...base, actions: [crash(leader)] }

  it('freezes the share-partition until a new leader is elected, which starts from the persisted state: the acquired records are available again', () => {
    const sim = createSimulation(s)
    sim.advanceTo(CRASH_MS)
    const atCrash = worldOf(sim)
    const locked = acquiredIn(atCrash, 0)
    expect(locked).toBeGreaterThan(0)
    const acquiredAtCrash = sim.summary().shareGroup!.acquired
    sim.advanceTo(CRASH_MS + 5000) // before the controller fences the broker (broker.session.timeout.ms)
    // Nobody fetched from the dead leader; its locks neither expired nor were acknowledged.
    expect(sim.summary().shareGroup!.acquired).toBe(acquiredAtCrash)
    expect(acquiredIn(worldOf(sim), 0)).toBe(locked)
    sim.advanceTo(CRASH_MS + 12_000)
    const trace = sim.drainTrace()
    expect(trace.some((e) => e.fact.kind === 'share.lockExpired')).toBe(false)
    const changed = trace.find((e) => e.fact.kind === 'share.leaderChanged')
    const fenced = trace.find((e) => e.fact.kind === 'broker.fenced')
    expect(changed?.t).toBe(fenced?.t)
    expect(changed!.fact).toMatchObject({ partition: 0, returned: locked })
    expect(sim.summary().shareGroup).toMatchObject({ leaderChanges: 1, returnedOnLeaderChange: locked })
  })

  it('delivers them again with the delivery count last written: their first delivery was never persisted', () => {
    const sim = createSimulation(s)
    sim.advanceTo(CRASH_MS + 30_000)
    const sg = sim.summary().shareGroup!
    // Delivered again (each one a duplicate for the member that had processed it) …
    expect(sg.returnedOnLeaderChange).toBeGreaterThan(0)
    expect(sg.acquired).toBeGreaterThan(sg.acknowledged)
    // … yet still as a first delivery: no lock ever expired, so no delivery count 2 was written.
    expect(sg.maxDeliveryCount).toBe(1)
    expect(sg.redelivered).toBe(0)
    expect(sim.summary().duplicates).toBeGreaterThan(0)
    // The share group keeps up again on the new leader.
    const w = worldOf(sim)
    expect(w.cluster.leader[0]).not.toBe(leader)
    expect(w.leo[0]! - w.share!.parts[0]!.start).toBeLessThan(400)
  })
})

describe('share group: the group coordinator’s broker crashes', () => {
  // A group whose coordinator is not partition 0's leader, so fetching is untouched.
  const s = (() => {
    for (const id of ['highway', 'share-a', 'share-b', 'share-c', 'share-d']) {
      const x = threeBrokers(shareScenario(2))
      x.group = { ...x.group, groupId: id }
      const w = worldOf(createSimulation(x))
      const c = coordinatorBroker(w)
      if (c !== w.cluster.leader[0]) return { ...x, actions: [crash(c), { atSec: 12, do: 'addConsumer' } as ScenarioAction] }
    }
    throw new Error('no group id with its coordinator off partition 0’s leader')
  })()

  it('holds ShareGroupHeartbeat (a member joining waits) while members go on fetching from the partition leader', () => {
    const sim = createSimulation(s)
    sim.advanceTo(CRASH_MS + 20_000)
    const trace = sim.drainTrace()
    const loaded = trace.find((e) => e.fact.kind === 'coordinator.loaded')
    const reloaded = trace.find((e) => e.fact.kind === 'group.reloaded')
    expect(loaded).toBeDefined()
    expect(reloaded?.fact).toMatchObject({ protocol: 'share', members: ['consumer-1', 'consumer-2'] })
    const reachableAt = loaded!.t + (loaded!.fact as { reachableInMs: number }).reachableInMs
    // The third member started at 12 s; its join heartbeat reached only the new coordinator.
    const joined = trace.find((e) => e.fact.kind === 'share.joined' && e.t > CRASH_MS)
    expect(joined).toBeDefined()
    expect(joined!.t).toBeGreaterThanOrEqual(reachableAt)
    // Fetching never waited for the coordinator. (Until the fence it waited for the high watermark:
    // the dead broker was still an in-sync follower of partition 0.) From the fence until members
    // reach the new coordinator, they acquire records as before.
    const fencedAt = trace.find((e) => e.fact.kind === 'broker.fenced')!.t
    expect(reachableAt).toBeGreaterThan(fencedAt + 100)
    const at = (t: number) => {
      const x = createSimulation(s)
      x.advanceTo(t)
      return x.summary().shareGroup!.acquired
    }
    expect(at(reachableAt) - at(fencedAt)).toBeGreaterThan(0)
  })
})

describe('share group failovers, checkpointed', () => {
  it('continue exactly as the straight run from a checkpoint taken while the leader is dead and while the coordinator loads', () => {
    const base = threeBrokers(shareScenario(3))
    base.topic = { ...base.topic, partitions: 3 }
    const c = coordinatorBroker(worldOf(createSimulation(base)))
    // The coordinator's broker leads some partition too (three brokers, three preferred leaders).
    const s = { ...base, actions: [crash(c), { atSec: 12, do: 'addConsumer' } as ScenarioAction] }
    const straight = createSimulation(s)
    straight.advanceTo(40_000)
    const trace = straight.drainTrace()
    expect(trace.some((e) => e.fact.kind === 'share.leaderChanged')).toBe(true)
    const loadedAt = trace.find((e) => e.fact.kind === 'coordinator.loaded')!.t
    for (const cut of [CRASH_MS + 3000, loadedAt + 1]) {
      const first = createSimulation(s)
      first.advanceTo(cut)
      const before = first.drainTrace()
      const resumed = restoreSimulation(checkpointFromJson(checkpointToJson(first.checkpoint())) as SimCheckpoint)
      resumed.advanceTo(40_000)
      expect([...before, ...resumed.drainTrace()]).toEqual(trace)
      expect(resumed.summary()).toEqual(straight.summary())
    }
  })
})
