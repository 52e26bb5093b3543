// A share group when the broker holding its share coordinator dies (KIP-932): the share-partition
// leader cannot write acknowledgements, so they wait in the persister's retries with their records
// still acquired, and go through once a new leader of the __share_group_state partition has loaded
// it; past the retries they fail and the records are delivered again after their locks run out. A
// new partition leader cannot serve its share-partition before it can read the state.
import { describe, expect, it } from 'vitest'
import { checkpointFromJson, checkpointToJson } from '../../engine/checkpointJson.ts'
import type { Scenario, ScenarioAction } from '../../scenario/types.ts'
import type { SimCheckpoint } from '../simulationApi.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'
import { conservationErrorsAt } from '../../../test/properties/conservationCheck.ts'
import { shareScenario, worldOf } from './shareTestWorld.ts'
import { shareCoordinatorBrokerOf, statePartitionOf } from './shareStateCoordinator.ts'
import { persisterLookupTimes } from '../../kafka/shareCoordinatorPlacement.ts'

const CRASH_MS = 10_000
const crash = (broker: number, atMs = CRASH_MS): ScenarioAction => ({ atSec: atMs / 1000, do: 'crashBroker', broker: broker + 1 }) as ScenarioAction

function cluster(s: Scenario, brokers: number, rf: number): Scenario {
  return { ...s, cluster: { brokers, 'replication.factor': rf, 'min.insync.replicas': Math.min(2, rf), brokerCapacityPerSec: null } }
}

/** The first group id for which `ok(world)` holds (the state partition is a hash of the group id). */
function withGroup(base: Scenario, ok: (w: ReturnType<typeof worldOf>) => boolean): Scenario {
  for (let i = 0; i < 64; i++) {
    const s = { ...base, group: { ...base.group, groupId: `share-${i}` } }
    if (ok(worldOf(createSimulation(s)))) return s
  }
  throw new Error('no group id fits')
}

const stats = (sim: ReturnType<typeof createSimulation>) => sim.summary().shareGroup!

describe('share group: the share coordinator’s broker crashes, the partition leader lives', () => {
  const base = withGroup(cluster(shareScenario(2), 3, 3), (w) => shareCoordinatorBrokerOf(w, 0) !== w.cluster.leader[0])
  const b = shareCoordinatorBrokerOf(worldOf(createSimulation(base)), 0)
  const s = { ...base, actions: [crash(b)] }

  it('holds acknowledgements (records stay acquired, the start offset stalls) until a new share coordinator loads, then writes them', () => {
    const sim = createSimulation(s)
    sim.advanceTo(CRASH_MS)
    const ackedAtCrash = stats(sim).acknowledged
    const startAtCrash = worldOf(sim).share!.parts[0]!.start
    sim.advanceTo(CRASH_MS + 8000) // before the controller fences it (broker.session.timeout.ms = 9 s)
    expect(stats(sim).acknowledged).toBe(ackedAtCrash)
    expect(worldOf(sim).share!.parts[0]!.start).toBe(startAtCrash)
    expect(worldOf(sim).share!.parts[0]!.runs.some((r) => r.state === 'acquired')).toBe(true)
    sim.advanceTo(CRASH_MS + 40_000)
    const trace = sim.drainTrace()
    const lost = trace.find((e) => e.fact.kind === 'shareState.lost')
    const loaded = trace.find((e) => e.fact.kind === 'shareState.loaded')
    expect(lost?.t).toBe(CRASH_MS)
    expect(lost!.fact).toMatchObject({ broker: b, statePartitions: [statePartitionOf(worldOf(sim), 0)], partitions: [0] })
    expect(loaded!.t).toBeGreaterThan(trace.find((e) => e.fact.kind === 'broker.fenced')!.t)
    // The first waiting acknowledgement goes through at the persister's first lookup after the load.
    const sg = stats(sim)
    expect(sg.acksDelayed).toBeGreaterThan(0)
    expect(sg.acksFailed ?? 0).toBe(0)
    expect(sg.acknowledged).toBeGreaterThan(ackedAtCrash + sg.acksDelayed!)
    const at = (t: number) => {
      const x = createSimulation(s)
      x.advanceTo(t)
      return stats(x).acknowledged
    }
    // Not one acknowledgement went through without a share coordinator; each waits for its own
    // lookup schedule (2, 6, 14, 30 s after it was sent), so the first ones land after the load.
    expect(at(loaded!.t)).toBe(ackedAtCrash)
    expect(at(loaded!.t + persisterLookupTimes(0)[3]!)).toBeGreaterThan(ackedAtCrash)
    // Nothing is lost or counted twice on the way.
    expect(conservationErrorsAt(createSimulation(s), [CRASH_MS + 1000, CRASH_MS + 9500, loaded!.t + 3000, CRASH_MS + 60_000])).toEqual([])
  })

  it('continues exactly as the straight run from a checkpoint taken while acknowledgements wait', () => {
    const straight = createSimulation(s)
    straight.advanceTo(CRASH_MS + 40_000)
    const trace = straight.drainTrace()
    for (const cut of [CRASH_MS + 3000, CRASH_MS + 12_000]) {
      const first = createSimulation(s)
      first.advanceTo(cut)
      const before = first.drainTrace()
      const resumed = restoreSimulation(checkpointFromJson(checkpointToJson(first.checkpoint())) as SimCheckpoint)
      resumed.advanceTo(CRASH_MS + 40_000)
      expect([...before, ...resumed.drainTrace()]).toEqual(trace)
      expect(resumed.summary()).toEqual(straight.summary())
    }
  })
})

describe('share group: the partition leader and its share coordinator on the same broker', () => {
  const base = withGroup(cluster(shareScenario(2), 3, 3), (w) => shareCoordinatorBrokerOf(w, 0) === w.cluster.leader[0])
  const b = worldOf(createSimulation(base)).cluster.leader[0]!
  const s = { ...base, actions: [crash(b)] }

  it('the new leader serves the share-partition only once it can read its state', () => {
    const sim = createSimulation(s)
    sim.advanceTo(CRASH_MS + 30_000)
    const trace = sim.drainTrace()
    const fenced = trace.find((e) => e.fact.kind === 'broker.fenced')!
    const waiting = trace.find((e) => e.fact.kind === 'share.initWaiting')
    const loaded = trace.find((e) => e.fact.kind === 'shareState.loaded')!
    const changed = trace.find((e) => e.fact.kind === 'share.leaderChanged')!
    expect(waiting?.t).toBe(fenced.t)
    expect(changed.t).toBeGreaterThanOrEqual(loaded.t)
    expect(stats(sim)).toMatchObject({ initWaits: 1, leaderChanges: 1 })
    expect(stats(sim).returnedOnLeaderChange).toBeGreaterThan(0)
    expect(conservationErrorsAt(createSimulation(s), [fenced.t + 1, loaded.t + 1, CRASH_MS + 60_000])).toEqual([])
  })
})

describe('share group: no share coordinator within the persister’s retries', () => {
  // Four brokers, the data partition on one of them alone, its state on the three others: crash
  // those three and the state partition is offline while the partition leader serves on.
  const base = withGroup(cluster(shareScenario(2), 4, 1), (w) => {
    const s = statePartitionOf(w, 0)
    return s >= 0 && shareCoordinatorBrokerOf(w, 0) !== w.cluster.leader[0]
  })
  const leader = worldOf(createSimulation(base)).cluster.leader[0]!
  const others = [0, 1, 2, 3].filter((x) => x !== leader)
  const s = { ...base, actions: others.map((x) => crash(x)) }

  it('fails the acknowledgements after the fifth lookup; the records stay locked until their locks run out, then are delivered again', () => {
    const sim = createSimulation(s)
    sim.advanceTo(CRASH_MS + 70_000)
    const trace = sim.drainTrace()
    const failed = trace.find((e) => e.fact.kind === 'share.ackFailed')
    expect(failed).toBeDefined()
    expect((failed!.fact as { waitedMs: number }).waitedMs).toBe(persisterLookupTimes(0)[4])
    const sg = stats(sim)
    expect(sg.acksFailed).toBeGreaterThan(0)
    expect(trace.some((e) => e.fact.kind === 'share.lockExpired' && e.t > CRASH_MS)).toBe(true)
    expect(sg.redelivered).toBeGreaterThan(0)
    expect(sg.maxDeliveryCount).toBeGreaterThanOrEqual(2)
    expect(conservationErrorsAt(createSimulation(s), [CRASH_MS + 20_000, CRASH_MS + 45_000, CRASH_MS + 70_000])).toEqual([])
  })
})

describe('share group: a new leader reads a share coordinator that missed writes', () => {
  // As above, with group.share.delivery.count.limit = 2: a second lock timeout archives records in
  // the leader's memory, and that write never reaches the (offline) share coordinator. Then the
  // leader itself dies and comes back with the others: it reads the coordinator's older state.
  const base = withGroup(cluster(shareScenario(2, { 'group.share.delivery.count.limit': 2 }), 4, 1), (w) => shareCoordinatorBrokerOf(w, 0) !== w.cluster.leader[0])
  const leader = worldOf(createSimulation(base)).cluster.leader[0]!
  const others = [0, 1, 2, 3].filter((x) => x !== leader)
  const restart = (x: number, atSec: number): ScenarioAction => ({ atSec, do: 'restartBroker', broker: x + 1 }) as ScenarioAction
  const s = { ...base, actions: [...others.map((x) => crash(x)), crash(leader, 80_000), restart(leader, 85), ...others.map((x) => restart(x, 86))] }

  it('makes the records it archived unsettled again, and counts them so that nothing is lost or counted twice', () => {
    const sim = createSimulation(s)
    sim.advanceTo(80_000)
    expect(stats(sim).archived).toBeGreaterThan(0)
    sim.advanceTo(120_000)
    const trace = sim.drainTrace()
    expect(trace.some((e) => e.fact.kind === 'share.initWaiting')).toBe(true)
    const changed = trace.filter((e) => e.fact.kind === 'share.leaderChanged').at(-1)!
    const sg = stats(sim)
    expect(sg.revived).toBeGreaterThan(0)
    expect((changed.fact as { revived?: number }).revived).toBe(sg.revived)
    expect(conservationErrorsAt(createSimulation(s), [79_000, 86_500, 100_000, 120_000])).toEqual([])
  })
})
