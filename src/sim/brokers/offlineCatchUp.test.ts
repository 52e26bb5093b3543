// An offline partition (its last in-sync broker is down) and a replica outside its ISR that comes
// back first: in Kafka a follower catches up only by fetching from the leader, and only the leader
// can add it to the ISR (ReplicationControlManager.validateAlterPartitionData), so it stays out of
// the ISR and never leads; the partition returns with its last in-sync broker, and the follower
// catches up from it then. Nothing is lost on the way (the ledger's conservation rules hold).
import { describe, expect, it } from 'vitest'
import { conservationErrors, conservationErrorsAt, worldOf } from '../../../test/properties/conservationCheck.ts'
import { defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario } from '../../scenario/types.ts'
import { createSimulation } from '../simulation.ts'
import { narrate, type TraceEntry } from '../narration.ts'
import { lastHeartbeat } from './faultState.ts'

// Brokers as the scenario numbers them (1-based); the world indexes them from 0.
const FIRST_OUT = 3 // crashed first: out of every ISR, and the first to come back
const LAST_IN = 1 // crashed last: every partition's last in-sync replica
const RESTART_FIRST_MS = 38_000
const RESTART_LAST_MS = 55_000

function scenario(): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.durationSec = 70
  s.producers[0]!.rate = { kind: 'constant', perSec: 2000 }
  s.producerConfig['linger.ms'] = 50
  s.producerConfig.acks = 'all'
  // A short leader-imbalance interval: the check runs several times while the partitions are offline.
  s.cluster = { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null, 'leader.imbalance.check.interval.seconds': 5 }
  // Each crash is fenced (within broker.session.timeout.ms = 9 s) before the next one.
  s.actions = [
    { atSec: 5, do: 'crashBroker', broker: FIRST_OUT },
    { atSec: 16, do: 'crashBroker', broker: 2 },
    { atSec: 27, do: 'crashBroker', broker: LAST_IN },
    { atSec: RESTART_FIRST_MS / 1000, do: 'restartBroker', broker: FIRST_OUT },
    { atSec: RESTART_LAST_MS / 1000, do: 'restartBroker', broker: LAST_IN },
  ]
  return s
}

const facts = (trace: readonly TraceEntry[], kind: string) => trace.filter((e) => e.fact.kind === kind)

describe('a replica that restarts while its partition is offline', () => {
  const first = FIRST_OUT - 1
  const last = LAST_IN - 1

  it('stays out of the ISR and never leads until the last in-sync broker returns; then that broker leads and the follower catches up from it', () => {
    const s = scenario()
    // The third crash is fenced before the first restart: every partition is offline then.
    expect(lastHeartbeat(s.seed, last, 2000, 27_000) + 9000).toBeLessThan(RESTART_FIRST_MS)
    const sim = createSimulation(s)
    sim.advanceTo(RESTART_FIRST_MS - 1)
    const offline = worldOf(sim)
    for (let p = 0; p < offline.P; p++) {
      expect(offline.cluster.leader[p]).toBe(-1)
      expect(offline.cluster.isr[p]).toEqual([last])
    }
    sim.drainTrace()
    // Several leader-imbalance checks run while broker FIRST_OUT is up and the partitions are offline.
    for (let t = RESTART_FIRST_MS; t < RESTART_LAST_MS; t += 1000) {
      sim.advanceTo(t)
      const w = worldOf(sim)
      expect(w.cluster.brokers[first]!.up).toBe(true)
      for (let p = 0; p < w.P; p++) {
        expect(w.cluster.isr[p], `p${p} at ${t} ms`).toEqual([last])
        expect(w.cluster.leader[p], `p${p} at ${t} ms`).toBe(-1)
      }
    }
    sim.advanceTo(RESTART_LAST_MS - 1)
    const waited = sim.drainTrace()
    // Its restart says it waits, and promises no leadership at the next leader-imbalance check.
    const restart = facts(waited, 'broker.restart')[0]!
    const all = Array.from({ length: offline.P }, (_, p) => p)
    expect(restart.fact).toMatchObject({ broker: first, leaderAgain: [], preferred: [], noLeader: all })
    expect(narrate(restart.fact)).toContain(
      'have no running leader to copy from (offline, or led by a dead broker the controller has not fenced yet): it stays out of their in-sync sets, and cannot lead them, until a leader is elected from their in-sync replicas',
    )
    expect(facts(waited, 'broker.isrJoin')).toEqual([])
    expect(facts(waited, 'broker.preferredLeaders').flatMap((e) => (e.fact as { moved: unknown[] }).moved)).toEqual([])

    // The last in-sync broker returns: it leads every partition at once (ONLINE election).
    sim.advanceTo(RESTART_LAST_MS)
    const back = worldOf(sim)
    for (let p = 0; p < back.P; p++) {
      expect(back.cluster.leader[p]).toBe(last)
      expect(back.cluster.isr[p]).toEqual([last])
    }
    // Then the waiting follower catches up from it and rejoins, later than the restart.
    sim.advanceTo(RESTART_LAST_MS + 2000)
    const joins = facts(sim.drainTrace(), 'broker.isrJoin').filter((e) => (e.fact as { broker: number }).broker === first)
    expect(joins.length).toBeGreaterThan(0)
    for (const j of joins) expect(j.t).toBeGreaterThan(RESTART_LAST_MS)
    const joined = worldOf(sim)
    for (let p = 0; p < joined.P; p++) expect(joined.cluster.isr[p]).toContain(first)
    expect(conservationErrors(joined)).toEqual([])
  })

  it('keeps the ledger: every record is appended, buffered, lost or failed, throughout', () => {
    const instants = [20_000, 30_000, 37_000, 40_000, 50_000, 55_000, 56_000, 62_000, 70_000]
    expect(conservationErrorsAt(createSimulation(scenario()), instants)).toEqual([])
  })
})

describe('a replica that restarts while its leader is dead but not yet fenced', () => {
  // Broker 3 crashes and is fenced; broker 1 (a leader) crashes; broker 3 restarts before the
  // controller fences broker 1: broker 1's partitions have nobody to fetch from until then.
  function deadLeader(): Scenario {
    const s = scenario()
    s.actions = [
      { atSec: 5, do: 'crashBroker', broker: 3 },
      { atSec: 16, do: 'crashBroker', broker: 1 },
      { atSec: 17, do: 'restartBroker', broker: 3 },
    ]
    return s
  }

  it("catches up only from the leader the fence elects, and never leads the dead leader's partitions", () => {
    const s = deadLeader()
    const fenceAt = lastHeartbeat(s.seed, 0, 2000, 16_000) + 9000
    expect(fenceAt).toBeGreaterThan(18_000)
    const sim = createSimulation(s)
    sim.advanceTo(16_000)
    const before = worldOf(sim)
    const led = [...before.cluster.leader.keys()].filter((p) => before.cluster.leader[p] === 0)
    expect(led.length).toBeGreaterThan(0)
    for (const p of led) expect(before.cluster.isr[p]).toEqual([0, 1])
    sim.advanceTo(fenceAt - 1)
    const waiting = worldOf(sim)
    // The other partitions had a live leader: broker 3 caught up from it and rejoined.
    for (let p = 0; p < waiting.P; p++) expect(waiting.cluster.isr[p]!.includes(2), `p${p}`).toBe(!led.includes(p))
    sim.advanceTo(fenceAt)
    const fenced = worldOf(sim)
    for (const p of led) {
      expect(fenced.cluster.leader[p]).toBe(1)
      expect(fenced.cluster.isr[p]).toEqual([1])
    }
    sim.drainTrace()
    sim.advanceTo(fenceAt + 2000)
    const joins = facts(sim.drainTrace(), 'broker.isrJoin').filter((e) => (e.fact as { broker: number }).broker === 2)
    expect(joins.flatMap((e) => (e.fact as { partitions: number[] }).partitions).sort((a, b) => a - b)).toEqual(led)
    for (const j of joins) expect(j.t).toBeGreaterThan(fenceAt)
    const after = worldOf(sim)
    for (const p of led) expect(after.cluster.isr[p]).toContain(2)
    expect(conservationErrors(after)).toEqual([])
  })
})
