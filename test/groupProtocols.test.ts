// The consumer-group story end to end: what eager, cooperative, static and KIP-848 rebalancing cost
// the data plane on the same presets, and a storm that emerges from load alone.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../src/scenario/index.ts'
import type { Scenario } from '../src/scenario/types.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import type { RunSummary } from '../src/sim/simulationApi.ts'

function run(s: Scenario, seconds: number): RunSummary {
  const sim = createSimulation(s)
  sim.advanceTo(seconds * 1000)
  return sim.summary()
}

const preset = (name: string): Scenario => getPreset(name)!.build()

const coopJoin = run(preset('consumer-joins-cooperative'), 90)

describe('a consumer joins (3 → 4 consumers, 12 partitions)', () => {
  const eager = run(preset('consumer-joins-eager'), 90)
  const coop = coopJoin
  const joinOf = (s: RunSummary) => s.rebalanceLog.filter((r) => r.startMs >= 30_000)

  it('eager revokes all 12 partitions in one rebalance and stops every lane', () => {
    const join = joinOf(eager)
    expect(join).toHaveLength(1)
    expect(join[0]!.revoked).toBe(12)
    expect(join[0]!.assigned).toBe(12)
    expect(eager.generation).toBe(2)
    // every lane stood still for part of the rebalance
    expect(join[0]!.stoppedPartitionSeconds).toBeGreaterThan(12 * 0.2)
  })

  it('cooperative revokes only the 3 partitions that move, over two rebalances, and stops far less', () => {
    const join = joinOf(coop)
    expect(join).toHaveLength(2)
    // KIP-429: the first round's assignment revokes the three; the second only hands them over.
    expect(join.map((r) => [r.revoked, r.assigned, r.lost])).toEqual([
      [3, 0, 0],
      [0, 3, 0],
    ])
    expect(coop.revokedPartitions).toBe(3)
    expect(coop.generation).toBe(3)
    const stopped = join.reduce((a, r) => a + r.stoppedPartitionSeconds, 0)
    expect(stopped).toBeLessThan(joinOf(eager)[0]!.stoppedPartitionSeconds)
    expect(join.reduce((a, r) => Math.max(a, r.maxLag), 0)).toBeLessThan(joinOf(eager)[0]!.maxLag)
  })

  it('ends with all four consumers owning three partitions each under both protocols', () => {
    for (const s of [eager, coop]) {
      const owners = new Map<string, number>()
      for (const p of s.partitions) owners.set(p.owner ?? '-', (owners.get(p.owner ?? '-') ?? 0) + 1)
      expect([...owners.values()].sort()).toEqual([3, 3, 3, 3])
    }
  })
})

describe('a crashed consumer', () => {
  it("leaves its partitions unconsumed until session.timeout.ms, then they move and uncommitted work is redone", () => {
    const s = preset('consumer-crash')
    const crash = s.actions.find((a) => a.do === 'crashConsumer')!
    const sim = createSimulation(s)
    sim.advanceTo(crash.atSec * 1000 + 40_000)
    const during = sim.summary()
    expect(during.rebalanceLog.filter((r) => r.startMs > crash.atSec * 1000)).toHaveLength(0)
    sim.advanceTo(crash.atSec * 1000 + 60_000)
    const after = sim.summary()
    const removal = after.rebalanceLog.filter((r) => r.startMs > crash.atSec * 1000)
    expect(removal).toHaveLength(1)
    expect(removal[0]!.startMs - crash.atSec * 1000).toBeGreaterThanOrEqual(s.group.config['session.timeout.ms'] - 3000)
    expect(after.duplicates).toBeGreaterThan(0)
  })

  it('counts its partitions as lost (onPartitionsLost, nothing committed), never as revoked', () => {
    const s = preset('consumer-crash')
    const crash = s.actions.find((a) => a.do === 'crashConsumer')!
    const sim = createSimulation(s)
    sim.advanceTo(crash.atSec * 1000 - 1)
    const held = sim.summary().partitions.filter((p) => p.owner === crash.consumer).length
    expect(held).toBeGreaterThan(0)
    sim.advanceTo(crash.atSec * 1000 + 60_000)
    const after = sim.summary()
    const removal = after.rebalanceLog.filter((r) => r.startMs > crash.atSec * 1000)
    // Eager: the survivors revoke everything they own as they rejoin; the crashed member's share is lost.
    expect(removal.map((r) => [r.revoked, r.lost])).toEqual([[s.topic.partitions - held, held]])
    expect([after.revokedPartitions, after.lostPartitions]).toEqual([s.topic.partitions - held, held])
  })
})

describe('auto-commit before a cooperative rejoin (ConsumerCoordinator.onJoinPrepare)', () => {
  it('re-delivers only records consumed after the rebalance started, however rarely the interval auto-commits', () => {
    for (const interval of [5_000, 60_000]) {
      const s = preset('consumer-joins-cooperative')
      s.group.config['auto.commit.interval.ms'] = interval
      const sim = createSimulation(s)
      sim.advanceTo(90_000)
      const revokes = sim.drainTrace().filter((e) => e.fact.kind === 'group.revoke' && e.t >= 30_000)
      const sum = sim.summary()
      const start = sum.rebalanceLog.find((r) => r.startMs >= 30_000)!.startMs
      // Every owner commits at its rejoin, after the start: at most what the three moving lanes
      // received from the start until the last of them was revoked can come again.
      const rate = s.producers[0]!.rate
      const perLaneMs = (rate.kind === 'constant' ? rate.perSec : NaN) / s.topic.partitions / 1000
      expect(revokes).toHaveLength(3)
      expect(sum.duplicates).toBeGreaterThan(0)
      expect(sum.duplicates).toBeLessThanOrEqual(3 * perLaneMs * (Math.max(...revokes.map((e) => e.t)) - start))
    }
  })
})

describe('partitions added under KIP-848', () => {
  const grown = (protocol: 'consumer' | 'eager'): Scenario => {
    const s = preset('add-partitions')
    s.group.protocol = protocol
    s.group.assignor = protocol === 'consumer' ? 'uniform' : 'range'
    s.group.config['metadata.max.age.ms'] = 300_000
    s.producerConfig['metadata.max.age.ms'] = 300_000
    return s
  }
  const at = (s: Scenario) => s.actions.find((a) => a.do === 'addPartitions')!.atSec * 1000
  // One heartbeat interval, a round trip, and the poll in which a member reconciles.
  const withinOneHeartbeat = (s: Scenario) => at(s) + s.broker['group.consumer.heartbeat.interval.ms'] + 2 * s.broker.networkLatencyMs + 1000

  it('the coordinator notices them at once: members own them within one heartbeat, whatever metadata.max.age.ms', () => {
    const s = grown('consumer')
    const sim = createSimulation(s)
    sim.advanceTo(withinOneHeartbeat(s))
    const sum = sim.summary()
    expect(sum.partitions).toHaveLength(12)
    expect(sum.partitions.filter((p) => p.owner === null)).toEqual([])
    expect(sim.drainTrace().some((e) => e.fact.kind === 'group.metadataRefresh')).toBe(false)
  })

  it("the classic group still waits for its leader's metadata refresh", () => {
    const s = grown('eager')
    const sim = createSimulation(s)
    sim.advanceTo(withinOneHeartbeat(s))
    expect(sim.summary().partitions.filter((p) => p.owner === null).map((p) => p.partition)).toEqual([6, 7, 8, 9, 10, 11])
  })
})

describe('rolling restarts', () => {
  it('cost about two rebalances per consumer with dynamic members and none with static members', { timeout: 60_000 }, () => {
    const dyn = run(preset('rolling-restart-dynamic'), 180)
    const stat = run(preset('rolling-restart-static'), 180)
    const n = preset('rolling-restart-dynamic').group.consumers
    // Both presets start warm (the group formed before 0 s): every rebalance here is a restart's.
    expect(dyn.rebalances).toBeGreaterThanOrEqual(2 * n - 1)
    expect(stat.rebalances).toBe(0)
    expect(stat.generation).toBe(1)
  })
})

describe('a storm that nobody scripted', () => {
  it('starts after a burst of load and keeps going after it ends', () => {
    const s = preset('slow-consumer-storm')
    expect(s.actions).toEqual([])
    const sim = createSimulation(s)
    // Warm: formed before 0 s, and calm until the burst.
    sim.advanceTo(59_000)
    expect(sim.summary().rebalances).toBe(0)
    sim.advanceTo(300_000)
    const end = sim.summary()
    expect(end.storm).toBe(true)
    const late = end.rebalanceLog.filter((r) => r.startMs > 150_000)
    expect(late.length).toBeGreaterThanOrEqual(4) // the burst ended at 80 s
    expect(end.duplicates).toBeGreaterThan(0)
  })

  it('is absorbed when a full poll fits in max.poll.interval.ms', () => {
    const s = preset('slow-consumer-storm')
    // 8 s per full poll: fits in 15 s even with the processing jitter (cv 0.3). At 300 records (12 s)
    // about one full poll in four still overruns, so whether the group stays calm depends on the seed.
    s.group.config['max.poll.records'] = 200
    const end = run(s, 300)
    expect(end.storm).toBe(false)
    expect(end.rebalances).toBeLessThanOrEqual(3)
    expect(end.lag).toBeLessThan(1000)
  })
})

describe('KIP-848', () => {
  it('reconciles members one at a time: no group-wide stop when membership churns', () => {
    const churn = run(preset('kip848-churn'), 150)
    expect(churn.rebalanceLog.every((r) => r.protocol === 'consumer')).toBe(true)
    // revocations touch only moving partitions: far fewer than all partitions per epoch
    expect(churn.revokedPartitions).toBeLessThan(churn.rebalances * preset('kip848-churn').topic.partitions / 2)
  })
})
