// A warm start: the group is formed and Stable at t = 0 under every protocol, with the configured
// assignor's assignment (checked against the assignor itself), and then behaves as a formed group
// does: heartbeats keep it alive, a crash waits out the session timeout, a static member restarting
// within it causes no rebalance, and checkpoints continue exactly.
import { describe, expect, it } from 'vitest'
import { runAssignor } from '../protocols/leaderAssignment.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import type { AssignorName, RebalanceProtocol, Scenario } from '../scenario/types.ts'
import { serverAssignor } from './group/consumerGroupRuntime.ts'
import { restoreSimulation, createSimulation } from './simulation.ts'

function warm(protocol: RebalanceProtocol, assignor: AssignorName, staticMembership = false, consumers = 3): Scenario {
  const s = defaultScenario()
  return { ...s, start: 'warm', topic: { ...s.topic, partitions: 10 }, group: { ...s.group, consumers, protocol, assignor, staticMembership } }
}

const CASES: Array<[string, Scenario]> = [
  ['eager range', warm('eager', 'range')],
  ['eager roundrobin, static members', warm('eager', 'roundrobin', true)],
  ['eager sticky', warm('eager', 'sticky', false, 4)],
  ['cooperative-sticky', warm('cooperative', 'cooperative-sticky')],
  ['KIP-848 uniform', warm('consumer', 'uniform')],
  ['KIP-848 range, static members', warm('consumer', 'range', true, 4)],
]

describe('warm start', () => {
  for (const [label, s] of CASES) {
    it(`${label}: at t = 0 every consumer is a stable member with the assignor's share, no rebalance, lag 0`, () => {
      const sim = createSimulation(s)
      sim.advanceTo(0)
      const f = sim.frame(0)
      expect(f.members).toHaveLength(s.group.consumers)
      expect(f.members.every((m) => m.phase === 'stable' && m.memberId !== '')).toBe(true)
      expect(f.members.map((m) => m.groupInstanceId)).toEqual(f.members.map((m) => (s.group.staticMembership ? `${m.name}-instance` : null)))
      // The oracle: the assignor run over these member ids, as a first JoinGroup round would.
      const kip848 = s.group.protocol === 'consumer'
      const expected = runAssignor({
        assignor: kip848 ? serverAssignor(s.group.assignor) : s.group.assignor,
        topic: s.topic.name,
        partitionCount: s.topic.partitions,
        members: f.members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, owned: [], generation: kip848 ? 0 : -1 })),
      })
      expect(Object.fromEntries(f.members.map((m) => [m.memberId, m.owned]))).toEqual(expected)
      for (let p = 0; p < f.partitions; p++) expect(f.members[f.owner[p]!]?.owned).toContain(p)
      const epoch = kip848 ? s.group.consumers : 1
      expect(f.group).toMatchObject({ state: 'Stable', generation: epoch, rebalancing: false, rebalances: 0 })
      expect(f.members.every((m) => m.generation === epoch)).toBe(true)
      expect(Array.from(f.committed)).toEqual(new Array(s.topic.partitions).fill(0))
      expect(f.totals.lag).toBe(0)
      expect(sim.drainTrace().map((e) => e.fact.kind)).toEqual(['group.formed'])
    })

    it(`${label}: heartbeats keep the group as it is for a minute, lanes consumed as they fill`, () => {
      const sim = createSimulation(s)
      sim.advanceTo(60_000)
      const f = sim.frame(0)
      expect(sim.rebalanceLog()).toEqual([])
      expect(f.members.every((m) => m.phase === 'stable')).toBe(true)
      // 3000 records/s against 6000+/s of capacity: what is left is what arrived in the last poll cycle.
      expect(f.totals.lag).toBeLessThan(3000 * 0.1)
      expect(f.totals.stoppedPartitionSeconds).toBe(0)
    })
  }

  it('a crashed member is removed when its session runs out, one heartbeat interval at most after session.timeout.ms from the crash', () => {
    for (const protocol of ['eager', 'consumer'] as const) {
      const s = warm(protocol, protocol === 'consumer' ? 'uniform' : 'range')
      s.actions = [{ atSec: 20, do: 'crashConsumer', consumer: 'consumer-2' }]
      const sim = createSimulation(s)
      sim.advanceTo(120_000)
      const trace = sim.drainTrace()
      const session = protocol === 'consumer' ? s.broker['group.consumer.session.timeout.ms'] : s.group.config['session.timeout.ms']
      const heartbeat = protocol === 'consumer' ? s.broker['group.consumer.heartbeat.interval.ms'] : s.group.config['heartbeat.interval.ms']
      const removed = trace.find((e) => e.fact.kind === 'group.memberRemoved')
      expect(removed?.t).toBeGreaterThan(20_000 + session - heartbeat)
      expect(removed?.t).toBeLessThanOrEqual(20_000 + session + s.broker.networkLatencyMs)
      expect(sim.rebalanceLog()).toHaveLength(1)
    }
  })

  it('a static member restarting within session.timeout.ms gets its partitions back without a rebalance', () => {
    const s = warm('eager', 'range', true)
    s.actions = [{ atSec: 10, do: 'restartConsumer', consumer: 'consumer-1', downMs: 5000 }]
    const sim = createSimulation(s)
    const before = (sim.advanceTo(0), sim.frame(0).members[0]!.owned)
    sim.advanceTo(30_000)
    expect(sim.rebalanceLog()).toEqual([])
    expect(sim.frame(0).members[0]).toMatchObject({ phase: 'stable', owned: before })
  })

  it('a checkpoint of a warm run continues exactly as the run itself', () => {
    const s = warm('cooperative', 'cooperative-sticky')
    s.actions = [{ atSec: 12, do: 'addConsumer' }]
    const a = createSimulation(s)
    a.advanceTo(7_000)
    const b = restoreSimulation(a.checkpoint())
    a.advanceTo(40_000)
    b.advanceTo(40_000)
    expect(JSON.stringify(b.summary())).toEqual(JSON.stringify(a.summary()))
    expect(b.rebalanceLog()).toEqual(a.rebalanceLog())
  })

  it('a warm group of no consumers is Empty, and the first consumer added forms it', () => {
    const s = warm('eager', 'range', false, 0)
    s.actions = [{ atSec: 5, do: 'addConsumer' }]
    const sim = createSimulation(s)
    sim.advanceTo(1000)
    expect(sim.frame(0).group).toMatchObject({ state: 'Empty', generation: 0 })
    sim.advanceTo(20_000)
    expect(sim.frame(0).group).toMatchObject({ state: 'Stable', generation: 1 })
    expect(sim.frame(0).members[0]?.owned).toHaveLength(10)
  })

  it('a scenario without `start` forms its group as before (cold)', () => {
    const sim = createSimulation(defaultScenario())
    sim.advanceTo(100)
    expect(sim.frame(0).group.state).toBe('PreparingRebalance')
    expect(sim.rebalanceLog()).toHaveLength(1)
  })
})
