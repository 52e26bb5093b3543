// Broker faults through the real simulation: when the controller notices, who leads next, how
// clients pause and resume, what acks=1 loses and acks=all does not, delivery.timeout.ms, restart,
// the preferred-leader rebalance, and a checkpoint taken mid-fault continuing exactly.
import { describe, expect, it } from 'vitest'
import { checkpointFromJson, checkpointToJson } from '../../engine/checkpointJson.ts'
import { defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario, ScenarioAction } from '../../scenario/types.ts'
import type { SimCheckpoint, Simulation } from '../simulationApi.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'
import { narrate, type TraceEntry } from '../narration.ts'
import type { WorldState } from '../worldState.ts'
import { lastHeartbeat } from './faultState.ts'

const CRASH_MS = 5_000

function scenario(edit: (s: Scenario) => void = () => {}): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.durationSec = 30
  s.producers[0]!.rate = { kind: 'constant', perSec: 3000 }
  // Fewer, larger send cycles keep these runs cheap; the crash lands just after one (at 5000 ms).
  s.producerConfig['linger.ms'] = 50
  s.cluster = { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }
  s.actions = [{ atSec: CRASH_MS / 1000, do: 'crashBroker', broker: 2 }]
  edit(s)
  return s
}

const worldOf = (sim: Simulation) => (sim.checkpoint().state as { w: WorldState }).w
const facts = (trace: readonly TraceEntry[], kind: string) => trace.filter((e) => e.fact.kind === kind)

function at(s: Scenario, ms: number): { sim: Simulation; w: WorldState; trace: TraceEntry[] } {
  const sim = createSimulation(s)
  sim.advanceTo(ms)
  return { sim, w: worldOf(sim), trace: sim.drainTrace() }
}

describe('the controller notices a crashed broker after broker.session.timeout.ms', () => {
  it('fences it 9 s after its last heartbeat, not before', () => {
    const s = scenario()
    const { trace } = at(s, 20_000)
    const fenced = facts(trace, 'broker.fenced')
    expect(fenced).toHaveLength(1)
    const last = lastHeartbeat(s.seed, 1, 2000, CRASH_MS)
    expect(last).toBeLessThanOrEqual(CRASH_MS)
    expect(last).toBeGreaterThan(CRASH_MS - 2000)
    expect(fenced[0]!.t).toBe(last + 9000)
  })
  it('says the silence the controller timed, broker.session.timeout.ms, not the shorter time since the crash', () => {
    const { trace } = at(scenario(), 20_000)
    const crash = narrate(facts(trace, 'broker.crash')[0]!.fact)
    const fenced = facts(trace, 'broker.fenced')[0]!
    const sinceCrash = +((fenced.t - CRASH_MS) / 1000).toFixed(1)
    expect(sinceCrash).toBeLessThan(9)
    // The crash line announced the notice this far ahead; the fence line agrees with it and with the timeout.
    expect(crash).toContain(`the controller will notice in ${sinceCrash} s (broker.session.timeout.ms)`)
    expect(narrate(fenced.fact)).toMatch(new RegExp(`^broker 2 sent no heartbeat for 9 s \\(broker\\.session\\.timeout\\.ms; it crashed ${sinceCrash} s ago\\); the controller fenced it`))
  })
  it('a broker registering again before the timeout is fenced then, and says so', () => {
    const s = scenario((x) => x.actions.push({ atSec: 8, do: 'restartBroker', broker: 2 }))
    const fenced = facts(at(s, 12_000).trace, 'broker.fenced')
    expect(fenced.map((e) => e.t)).toEqual([8000])
    expect(narrate(fenced[0]!.fact)).toMatch(/^broker 2 registered again 3 s after its crash, before broker\.session\.timeout\.ms ran out; the controller fenced it/)
  })
  it('a longer broker.session.timeout.ms notices later', () => {
    const s = scenario((x) => Object.assign(x.cluster!, { 'broker.session.timeout.ms': 15_000 }))
    const { trace } = at(s, 20_000)
    expect(facts(trace, 'broker.fenced')[0]!.t).toBe(lastHeartbeat(s.seed, 1, 2000, CRASH_MS) + 15_000)
  })
})

describe('leadership moves to the first live in-sync replica', () => {
  it('every partition broker 2 led now has a live leader from its ISR, with a new epoch', () => {
    const before = at(scenario(), CRASH_MS - 1).w
    const after = at(scenario(), 20_000).w
    const led = [...before.cluster.leader.keys()].filter((p) => before.cluster.leader[p] === 1)
    expect(led.length).toBeGreaterThan(0)
    for (const p of led) {
      const expected = before.cluster.replicas[p]!.find((b) => b !== 1)
      expect(after.cluster.leader[p]).toBe(expected)
      expect(after.cluster.leaderEpoch[p]).toBe(before.cluster.leaderEpoch[p]! + 1)
      expect(after.cluster.isr[p]).not.toContain(1)
    }
  })
  it('with replication factor 1 its partitions go offline and come back when it restarts', () => {
    const s = scenario((x) => {
      x.cluster = { brokers: 3, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
      x.actions.push({ atSec: 20, do: 'restartBroker', broker: 2 })
    })
    const mid = at(s, 19_000).w
    const offline = [...mid.cluster.leader.keys()].filter((p) => mid.cluster.leader[p] === -1)
    expect(offline.length).toBeGreaterThan(0)
    const later = at(s, 21_000).w
    for (const p of offline) expect(later.cluster.leader[p]).toBe(1)
  })
})

describe('clients pause until they learn the new leader, then resume', () => {
  it('lanes broker 2 led neither grow nor drain between the crash and the resume, then do both', () => {
    const s = scenario()
    const w0 = at(s, CRASH_MS).w
    const p = [...w0.cluster.leader.keys()].find((q) => w0.cluster.leader[q] === 1)!
    const { trace } = at(s, 20_000)
    const resumed = facts(trace, 'broker.clientsResumed').find((e) => (e.fact as { moved: Array<{ partition: number }> }).moved.some((m) => m.partition === p))!
    const fenced = facts(trace, 'broker.fenced')[0]!
    expect(resumed.t).toBeGreaterThanOrEqual(fenced.t)
    const wBefore = at(s, resumed.t - 1).w
    expect(wBefore.leo[p]).toBeLessThanOrEqual(w0.leo[p]!)
    expect(wBefore.delivered[p]).toBeLessThanOrEqual(w0.leo[p]!)
    expect(wBefore.buffered[p]).toBeGreaterThan(0) // the producers hold its records
    const wAfter = at(s, resumed.t + 2000).w
    expect(wAfter.leo[p]).toBeGreaterThan(wBefore.leo[p]!)
    expect(wAfter.delivered[p]).toBeGreaterThan(wBefore.delivered[p]!)
  })
  it('with acks=all, a lane whose follower died also waits until the controller drops it from the ISR', () => {
    const s = scenario()
    const w0 = at(s, CRASH_MS).w
    const p = [...w0.cluster.leader.keys()].find((q) => w0.cluster.leader[q] !== 1)!
    const fenceAt = lastHeartbeat(s.seed, 1, 2000, CRASH_MS) + 9000
    const wBefore = at(s, fenceAt - 1).w
    expect(wBefore.leo[p]).toBe(w0.leo[p])
    const wAfter = at(s, fenceAt + 500).w
    expect(wAfter.leo[p]).toBeGreaterThan(w0.leo[p]!)
  })
})

describe('acks and loss', () => {
  const run = (acks: 'all' | '1') => at(scenario((x) => (x.producerConfig.acks = acks)), 20_000).sim.summary()
  it('acks=1 loses the records the leader had not yet replicated; acks=all loses none (same seed)', () => {
    const one = run('1')
    const all = run('all')
    expect(one.lostRecords).toBeGreaterThan(0)
    expect(all.lostRecords).toBe(0)
    expect(all.failedSends).toBe(0)
  })
  it('acks=all producers wait with NOT_ENOUGH_REPLICAS when fewer than min.insync.replicas are in sync; acks=1 do not', () => {
    const crashTwo = (acks: 'all' | '1') =>
      scenario((x) => {
        x.producerConfig.acks = acks
        x.actions.push({ atSec: 5, do: 'crashBroker', broker: 3 })
      })
    const all = at(crashTwo('all'), 25_000).w
    const allBefore = at(crashTwo('all'), 18_000).w
    // Every partition is down to one in-sync replica: nothing is appended under acks=all.
    expect(all.leo.reduce((a, b) => a + b, 0)).toBe(allBefore.leo.reduce((a, b) => a + b, 0))
    const one = at(crashTwo('1'), 25_000).w
    const oneBefore = at(crashTwo('1'), 18_000).w
    expect(one.leo.reduce((a, b) => a + b, 0)).toBeGreaterThan(oneBefore.leo.reduce((a, b) => a + b, 0))
  })
})

describe('delivery.timeout.ms', () => {
  it('records waiting for an offline partition fail after delivery.timeout.ms, not before', () => {
    const s = scenario((x) => {
      x.cluster = { brokers: 3, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
      Object.assign(x.producerConfig, { 'request.timeout.ms': 1000, 'delivery.timeout.ms': 5000 })
    })
    expect(at(s, CRASH_MS + 4800).sim.summary().failedSends).toBe(0)
    const later = at(s, CRASH_MS + 8000).sim.summary()
    expect(later.failedSends).toBeGreaterThan(0)
    // The default (120 s) fails nothing in the same time.
    const dflt = scenario((x) => (x.cluster = { brokers: 3, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: null }))
    expect(at(dflt, CRASH_MS + 8000).sim.summary().failedSends).toBe(0)
  })

  it('counts from send(): records a lane at capacity held from before the crash fail 5 s after they were sent, before its leader has been gone 5 s', () => {
    // 250 rec/s a lane against 200 appended: lanes hold records from before the crash (5 s), the
    // hot key's lanes from ~3.5 s. At 9 s the oldest of them on the dead broker's lanes were sent
    // over 5 s before. Counted from when the wait for a leader began (5 s), none would fail before 10 s.
    const s = scenario((x) => {
      x.cluster = { brokers: 3, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
      x.broker.appendCapacityPerSec = 200
      Object.assign(x.producerConfig, { 'request.timeout.ms': 1000, 'delivery.timeout.ms': 5000 })
    })
    const soon = at(s, CRASH_MS + 4000)
    expect(soon.sim.summary().failedSends).toBeGreaterThan(0)
    // Only those: every record still held was sent within the last 5 s (one 100 ms bucket's slack).
    for (const q of soon.w.held) if (q.length > 0) expect(q[0]!).toBeGreaterThan(CRASH_MS + 4000 - 5000 - 100)
  })
})

describe("restart and preferred leaders (the KRaft controller's leader-imbalance check)", () => {
  const fenceAt = (s: Scenario) => lastHeartbeat(s.seed, 1, 2000, CRASH_MS) + 9000
  const withCheck = (restartSec: number, edit: (s: Scenario) => void = () => {}) =>
    scenario((x) => {
      Object.assign(x.cluster!, { 'leader.imbalance.check.interval.seconds': 20 })
      x.actions.push({ atSec: restartSec, do: 'restartBroker', broker: 2 })
      edit(x)
    })

  it('checks leader.imbalance.check.interval.seconds after the fence moved the leaders (not on a clock from 0 s), and gives the restarted broker its preferred partitions back then', () => {
    const s = withCheck(16)
    const checkAt = fenceAt(s) + 20_000
    expect(checkAt % 20_000).not.toBe(0)
    const before = at(s, checkAt - 1)
    expect(facts(before.trace, 'broker.isrJoin').length).toBeGreaterThan(0)
    expect(facts(before.trace, 'broker.preferredLeaders')).toEqual([])
    const away = [...before.w.cluster.leader.keys()].filter((p) => before.w.cluster.replicas[p]![0] === 1)
    expect(away.length).toBeGreaterThan(0)
    for (const p of away) expect(before.w.cluster.leader[p]).not.toBe(1)
    const { w, trace } = at(s, checkAt + 1000)
    const check = facts(trace, 'broker.preferredLeaders')
    expect(check.map((e) => e.t)).toEqual([checkAt])
    for (let p = 0; p < w.P; p++) expect(w.cluster.leader[p]).toBe(w.cluster.replicas[p]![0])
    expect(narrate(check[0]!.fact)).toMatch(/^the controller's leader-imbalance check \(auto\.leader\.rebalance\.enable, leader\.imbalance\.check\.interval\.seconds = 20 s\): preferred leaders take back p\d+(, p\d+)* to broker 2; clients follow after one round trip, nothing is lost$/)
  })
  it('says at the restart that the broker is back as a follower, and when it will lead its preferred partitions again', () => {
    const s = withCheck(16)
    const { trace } = at(s, 17_000)
    const restart = facts(trace, 'broker.restart')[0]!
    const preferred = (restart.fact as { preferred: number[] }).preferred
    expect(preferred.length).toBeGreaterThan(0)
    const when = +((fenceAt(s) + 20_000) / 1000).toFixed(1)
    expect(narrate(restart.fact)).toBe(
      'broker 2 restarts and registers; it is back as a follower: it catches up its replicas before rejoining their in-sync sets; ' +
        `it leads ${preferred.map((p) => `p${p}`).join(', ')}, whose preferred leader it is, again only at the controller's next leader-imbalance check, ` +
        `at ${when} s (leader.imbalance.check.interval.seconds = 20 s after the leaders moved; auto.leader.rebalance.enable)`,
    )
  })
  it('a check that finds the preferred broker still down moves nothing and the next follows one interval later', () => {
    const s = withCheck(40)
    const first = fenceAt(s) + 20_000
    const { w, trace } = at(s, first + 21_000)
    const restart = facts(trace, 'broker.restart')[0]!
    expect((restart.fact as { leaderCheckAt: number }).leaderCheckAt).toBe(first + 20_000)
    expect(facts(trace, 'broker.preferredLeaders').map((e) => e.t)).toEqual([first + 20_000])
    for (let p = 0; p < w.P; p++) expect(w.cluster.leader[p]).toBe(w.cluster.replicas[p]![0])
  })
  it('with auto.leader.rebalance.enable=false the restarted broker stays a follower, and says so', () => {
    const s = withCheck(16, (x) => Object.assign(x.cluster!, { 'auto.leader.rebalance.enable': false }))
    const { w, trace } = at(s, 60_000)
    expect(facts(trace, 'broker.preferredLeaders')).toEqual([])
    expect([...w.cluster.leader.keys()].some((p) => w.cluster.leader[p] !== w.cluster.replicas[p]![0])).toBe(true)
    expect(narrate(facts(trace, 'broker.restart')[0]!.fact)).toMatch(/whose preferred leader it is, until someone runs a preferred leader election \(kafka-leader-election\.sh\): auto\.leader\.rebalance\.enable is false$/)
  })
})

describe('determinism', () => {
  it('a run checkpointed mid-fault (before the controller notices, and while clients wait) ends identical to the straight run', () => {
    const s = scenario((x) => {
      x.producerConfig.acks = '1'
      x.actions.push({ atSec: 16, do: 'restartBroker', broker: 2 } as ScenarioAction)
    })
    const straight = createSimulation(s)
    straight.advanceTo(25_000)
    // Before the controller notices; while clients wait for their metadata refresh.
    const fenceAt = lastHeartbeat(s.seed, 1, 2000, CRASH_MS) + 9000
    for (const cut of [7_000, fenceAt + 50]) {
      const first = createSimulation(s)
      first.advanceTo(cut)
      const cp = checkpointFromJson(checkpointToJson(first.checkpoint())) as SimCheckpoint
      const resumed = restoreSimulation(cp)
      resumed.advanceTo(25_000)
      expect(JSON.stringify(resumed.summary())).toBe(JSON.stringify(straight.summary()))
    }
  })
})
