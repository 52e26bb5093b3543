// Countdowns against the configs and against what the engine then does: a countdown that says
// "e of L" at time t must see its timer fire at t + (L − e), with L the setting it names.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { Command, Scenario } from '../scenario/types.ts'
import { countdownLines, countdownShorts, countdownText } from './countdownWords.ts'
import { LONG_POLL_MS } from './countdowns.ts'
import type { Countdown } from './frameTypes.ts'
import type { TraceEntry } from './narration.ts'
import { createSimulation } from './simulation.ts'

function warm(edit: (s: Scenario) => void = () => {}): Scenario {
  const s: Scenario = { ...defaultScenario(), start: 'warm' }
  edit(s)
  return s
}

/** Runs to `t`, returns the member's countdowns then, and the trace until `until`. */
function at(s: Scenario, t: number, until: number, member = 'consumer-2') {
  const sim = createSimulation(s)
  sim.advanceTo(t)
  const f = sim.frame(0)
  const cds = f.members.find((m) => m.name === member)?.countdowns ?? []
  const early = sim.drainTrace()
  sim.advanceTo(until)
  const trace: TraceEntry[] = [...early, ...sim.drainTrace()]
  return { f, cds, trace }
}

const firstAfter = (trace: TraceEntry[], t: number, kind: string): TraceEntry | undefined => trace.find((e) => e.t >= t && e.fact.kind === kind)

describe('session countdown', () => {
  for (const [protocol, sessionMs, config] of [
    ['eager', 20_000, 'session.timeout.ms'],
    ['consumer', 25_000, 'group.consumer.session.timeout.ms'],
  ] as const) {
    it(`${protocol}: a crashed member's time since its last heartbeat, against ${config}; removed when it runs out`, () => {
      const s = warm((x) => {
        x.group.protocol = protocol
        x.group.assignor = protocol === 'consumer' ? 'uniform' : 'range'
        x.group.config['session.timeout.ms'] = sessionMs
        x.broker['group.consumer.session.timeout.ms'] = sessionMs
        x.actions = [{ atSec: 10, do: 'crashConsumer', consumer: 'consumer-2' }]
      })
      const heartbeat = protocol === 'consumer' ? s.broker['group.consumer.heartbeat.interval.ms'] : s.group.config['heartbeat.interval.ms']
      const { cds, trace } = at(s, 17_000, 60_000)
      expect(cds).toHaveLength(1)
      const c = cds[0]!
      expect(c).toMatchObject({ kind: 'session', limitMs: sessionMs, config })
      // The last heartbeat reached the coordinator before the crash, at most one interval before it.
      expect(c.elapsedMs).toBeGreaterThanOrEqual(7_000)
      expect(c.elapsedMs).toBeLessThanOrEqual(7_000 + heartbeat)
      expect(firstAfter(trace, 10_000, 'group.memberRemoved')?.t).toBeCloseTo(17_000 + c.limitMs - c.elapsedMs, 6)
    })
  }

  it('a classic group\'s new member crashed while parked in its first JoinGroup runs on the new-member join timeout (5 min), then on its session', () => {
    const s = defaultScenario() // cold start: JoinGroups wait out group.initial.rebalance.delay.ms
    s.actions = [{ atSec: 1, do: 'crashConsumer', consumer: 'consumer-2' }]
    const parked = at(s, 2500, 2500).cds
    expect(parked).toEqual([expect.objectContaining({ kind: 'session', limitMs: 300_000, config: 'new-member join timeout' })])
    expect(countdownText(parked[0]!, 'consumer-2')).toMatch(/^consumer-2 has waited [\d.]+ s of 300 s to finish its first join \(the coordinator's new-member join timeout\)$/)
    // Once the join completes the coordinator times it by its session, as for any member.
    expect(at(s, 10_000, 10_000).cds).toEqual([expect.objectContaining({ kind: 'session', limitMs: s.group.config['session.timeout.ms'], config: 'session.timeout.ms' })])
  })

  it('a GC pause shows the session running down while heartbeats stop, and nothing once it is over', () => {
    const s = warm((x) => (x.actions = [{ atSec: 10, do: 'gcPause', consumer: 'consumer-2', durationMs: 8000 }]))
    const during = at(s, 15_000, 15_000).cds
    // The poll timer runs on too (it is wall-clock time in the client), so the pause may show both.
    const session = during.find((c) => c.kind === 'session')
    expect(session?.elapsedMs).toBeGreaterThanOrEqual(5000)
    const after = at(s, 25_000, 25_000).cds
    expect(after).toEqual([])
  })

  it('a healthy warm group has no member countdowns', () => {
    const { f } = at(warm(), 30_000, 30_000)
    expect(f.members.flatMap((m) => m.countdowns)).toEqual([])
  })
})

describe('poll countdown', () => {
  it('a long poll counts against max.poll.interval.ms, and the member leaves when it runs out', () => {
    const s = warm((x) => {
      x.group.config['max.poll.interval.ms'] = 8000
      x.group.config['max.poll.records'] = 500
      x.actions = [{ atSec: 5, do: 'slowConsumer', consumer: 'consumer-2', factor: 2000 } satisfies Command & { atSec: number }]
    })
    const sim = createSimulation(s)
    let last: { t: number; c: Countdown } | null = null
    let fired: TraceEntry | undefined
    // The slowed consumer's batches take seconds: follow its poll countdown until the timer fires.
    for (let t = 5000; !fired && t < 60_000; t += 250) {
      sim.advanceTo(t)
      fired = sim.drainTrace().find((e) => e.fact.kind === 'group.pollTimeout')
      const c = sim.frame(0).members[1]!.countdowns.find((x) => x.kind === 'poll')
      if (c) last = { t, c }
    }
    expect(last?.c).toMatchObject({ kind: 'poll', limitMs: 8000, config: 'max.poll.interval.ms' })
    const seen = last!.c
    expect(fired?.t).toBeCloseTo(last!.t + seen.limitMs - seen.elapsedMs, 6)
    expect(seen.elapsedMs).toBeGreaterThanOrEqual(LONG_POLL_MS)
  })
})

describe('group countdowns', () => {
  it('cold start: the initial rebalance delay while the coordinator waits (group.initial.rebalance.delay.ms)', () => {
    const s = defaultScenario()
    s.broker['group.initial.rebalance.delay.ms'] = 4000
    const sim = createSimulation(s)
    sim.advanceTo(1000)
    const c = sim.frame(0).group.countdowns.find((x) => x.kind === 'initialDelay')
    expect(c).toMatchObject({ limitMs: 4000, config: 'group.initial.rebalance.delay.ms' })
    sim.advanceTo(20_000)
    // The delay's end: the join completes, or (members still arriving) it waits another delay.
    const end = sim.drainTrace().find((e) => e.t > 1000 && (e.fact.kind === 'group.initialDelay' || e.fact.kind === 'group.joinComplete'))
    expect(end?.t).toBeCloseTo(1000 + c!.limitMs - c!.elapsedMs, 6)
    expect(sim.frame(0).group.countdowns.some((x) => x.kind === 'initialDelay')).toBe(false)
  })

  it('metadata: the next refresh of producers and consumers; after partitions are added it says who will see them when', () => {
    const s = warm((x) => {
      x.producerConfig['metadata.max.age.ms'] = 20_000
      x.group.config['metadata.max.age.ms'] = 12_000
      x.actions = [{ atSec: 31, do: 'addPartitions', count: 3 }]
    })
    const sim = createSimulation(s)
    sim.advanceTo(32_000)
    const cds = sim.frame(0).group.countdowns.filter((x) => x.kind === 'metadata')
    expect(cds).toEqual([
      { kind: 'metadata', client: 'producer', elapsedMs: 12_000, limitMs: 20_000, config: 'metadata.max.age.ms', revealsPartitions: true },
      { kind: 'metadata', client: 'consumer', elapsedMs: 32_000 - 30_000, limitMs: 12_000, config: 'metadata.max.age.ms', revealsPartitions: true },
    ])
    sim.advanceTo(60_000)
    const trace = sim.drainTrace()
    expect(firstAfter(trace, 31_000, 'producer.metadataRefresh')?.t).toBe(32_000 + 20_000 - 12_000)
    expect(firstAfter(trace, 31_000, 'group.metadataRefresh')?.t).toBe(32_000 + 12_000 - 2_000)
    expect(sim.frame(0).group.countdowns.every((x) => x.revealsPartitions === false)).toBe(true)
  })
})

describe('countdown words', () => {
  const session: Countdown = { kind: 'session', elapsedMs: 31_400, limitMs: 45_000, config: 'session.timeout.ms' }
  it('reads as the room says it', () => {
    expect(countdownText(session, 'consumer-3')).toBe('consumer-3 missed heartbeats for 31 s of 45 s (session.timeout.ms)')
    expect(countdownText({ kind: 'poll', elapsedMs: 2_460, limitMs: 15_000, config: 'max.poll.interval.ms' }, 'consumer-1')).toBe(
      'consumer-1 has not called poll() for 2.4 s of 15 s (max.poll.interval.ms)',
    )
    expect(countdownShorts(session)[0]).toBe('no heartbeat 31/45 s')
  })

  it('lists member countdowns and the refreshes that matter, not routine ones', () => {
    const metadata: Countdown = { kind: 'metadata', client: 'producer', elapsedMs: 1000, limitMs: 300_000, config: 'metadata.max.age.ms', revealsPartitions: false }
    const frame = { members: [{ name: 'consumer-3', countdowns: [session] }], group: { countdowns: [metadata] } } as unknown as Parameters<typeof countdownLines>[0]
    expect(countdownLines(frame)).toEqual(['consumer-3 missed heartbeats for 31 s of 45 s (session.timeout.ms)'])
  })
})
