import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { getPreset } from '../scenario/presets/index.ts'
import { createSimulation } from '../sim/simulation.ts'
import type { Simulation } from '../sim/simulationApi.ts'
import type { TimelineApi } from '../sim/timeline.ts'
import { makeFrame } from '../view/frameFixture.ts'
import type { FrameMessage, WorkerResponse } from './protocol.ts'
import { transferablesOf } from './protocol.ts'
import { createLaneViewState } from './laneView.ts'
import { createSimHost, detachFrame } from './simHost.ts'

/** A simulation whose clock only moves when told; every call is recorded. */
function fakeSim(costPerAdvanceMs = 0, clock = { now: 0 }): { sim: Simulation; calls: string[] } {
  let t = 0
  const calls: string[] = []
  const sim = {
    scenario: defaultScenario(),
    now: () => t,
    advanceTo: (to: number) => {
      calls.push(`advanceTo ${to}`)
      clock.now += costPerAdvanceMs
      t = to
    },
    apply: (c: { do: string }) => calls.push(`apply ${c.do}`),
    frame: () => makeFrame({ t }),
    liveFrame: () => makeFrame({ t }),
    drainSamples: () => [],
    drainTrace: () => [],
    summary: () => {
      throw new Error('unused')
    },
    checkpoint: () => {
      throw new Error('unused')
    },
    eventsProcessed: () => 0,
  } as unknown as Simulation
  return { sim, calls }
}

/** A timeline over a fake simulation: no checkpoints, no markers; just passes calls through. */
function over(sim: Simulation): TimelineApi {
  return {
    sim: () => sim,
    now: () => sim.now(),
    latest: () => sim.now(),
    markers: () => [],
    markersVersion: () => 0,
    actions: () => [],
    actionsVersion: () => 0,
    checkpointBytes: () => 0,
    advanceTo: (t) => {
      sim.advanceTo(t)
      return false
    },
    seek: (t) => sim.advanceTo(t),
    apply: (c) => {
      sim.apply(c)
      return { ...c, atSec: sim.now() / 1000 }
    },
    drainSamples: () => sim.drainSamples(),
    drainTrace: () => sim.drainTrace(),
  }
}

function frameOf(r: WorkerResponse | null): FrameMessage {
  if (r === null || r.type !== 'frame') throw new Error(`expected a frame, got ${JSON.stringify(r)}`)
  return r
}

describe('createSimHost', () => {
  it('answers init with a frame at t = 0 tagged with the run id', () => {
    const host = createSimHost({ createTimeline: () => over(fakeSim().sim), now: () => 0 })
    const r = frameOf(host.handle({ type: 'init', id: 1, runId: 7, scenario: defaultScenario(), maxParticles: 100 }))
    expect(r.id).toBe(1)
    expect(r.runId).toBe(7)
    expect(r.frame.t).toBe(0)
  })

  it('advances to the requested time and answers with a frame there', () => {
    const host = createSimHost({ createTimeline: () => over(fakeSim().sim), now: () => 0 })
    host.handle({ type: 'init', id: 1, runId: 0, scenario: defaultScenario(), maxParticles: 100 })
    const r = frameOf(host.handle({ type: 'advance', id: 2, toT: 500 }))
    expect(r.frame.t).toBe(500)
    expect(r.behind).toBe(false)
  })

  it('stops short and says so when the advance exceeds its wall budget', () => {
    const clock = { now: 0 }
    const { sim } = fakeSim(5, clock)
    const host = createSimHost({ createTimeline: () => over(sim), now: () => clock.now, budgetMs: 12 })
    host.handle({ type: 'init', id: 1, runId: 0, scenario: defaultScenario(), maxParticles: 100 })
    const r = frameOf(host.handle({ type: 'advance', id: 2, toT: 100_000 }))
    expect(r.behind).toBe(true)
    expect(r.frame.t).toBeLessThan(100_000)
    expect(r.frame.t).toBeGreaterThan(0)
  })

  it('PAGEFPS: keeps the whole answer, frame included, within its budget, so a slow frame costs simulated time, not frame rate', () => {
    const answer = (frameCostMs: number): FrameMessage => {
      const clock = { now: 0 }
      const { sim } = fakeSim(2, clock)
      const frame = sim.liveFrame.bind(sim)
      ;(sim as { liveFrame: () => unknown }).liveFrame = () => {
        clock.now += frameCostMs
        return frame()
      }
      const host = createSimHost({ createTimeline: () => over(sim), now: () => clock.now, budgetMs: 12 })
      host.handle({ type: 'init', id: 1, runId: 0, scenario: defaultScenario(), maxParticles: 100 })
      return frameOf(host.handle({ type: 'advance', id: 2, toT: 100_000 }))
    }
    const slow = answer(6)
    const fast = answer(0)
    expect(slow.engineMs).toBeLessThanOrEqual(12)
    expect(slow.behind).toBe(true)
    expect(slow.frame.t).toBeGreaterThan(0)
    // Room was left for the 6 ms frame: fewer 2 ms chunks than with a frame that costs nothing.
    expect(slow.frame.t).toBeLessThan(fast.frame.t)
    expect(fast.engineMs).toBeLessThanOrEqual(12)
  })

  it('PAGEFPS: sizes its chunks by what a simulated ms has cost, so one chunk at high speed does not overrun the budget', () => {
    // A run that costs 0.2 wall ms per simulated ms: at 25× a chunk of 100 simulated ms costs 20 ms.
    const clock = { now: 0 }
    const { sim } = fakeSim(0, clock)
    const advanceTo = sim.advanceTo.bind(sim)
    ;(sim as { advanceTo: (to: number) => void }).advanceTo = (to) => {
      clock.now += (to - sim.now()) * 0.2
      advanceTo(to)
    }
    const host = createSimHost({ createTimeline: () => over(sim), now: () => clock.now, budgetMs: 12 })
    host.handle({ type: 'init', id: 1, runId: 0, scenario: defaultScenario(), maxParticles: 100 })
    host.handle({ type: 'speed', speed: 25 })
    const first = frameOf(host.handle({ type: 'advance', id: 2, toT: 100_000 }))
    expect(first.frame.t).toBe(100) // one chunk of a quarter frame at 25×: its cost is not known yet
    for (let id = 3; id < 6; id++) {
      const r = frameOf(host.handle({ type: 'advance', id, toT: 100_000 }))
      expect(r.behind).toBe(true)
      expect(r.engineMs).toBeLessThanOrEqual(12)
      expect(r.engineMs).toBeGreaterThan(10) // and the budget is used, not left idle
    }
  })

  it('applies live commands and steps by a fixed amount', () => {
    const { sim, calls } = fakeSim()
    const host = createSimHost({ createTimeline: () => over(sim), now: () => 0 })
    host.handle({ type: 'init', id: 1, runId: 0, scenario: defaultScenario(), maxParticles: 100 })
    host.handle({ type: 'command', id: 2, command: { do: 'addConsumer' } })
    const r = frameOf(host.handle({ type: 'step', id: 3, stepMs: 100 }))
    expect(calls).toEqual(['apply addConsumer', 'advanceTo 100'])
    expect(r.frame.t).toBe(100)
  })

  it('reports errors as messages, never throws', () => {
    const host = createSimHost({
      createTimeline: () => {
        throw new Error('bad scenario')
      },
      now: () => 0,
    })
    const r = host.handle({ type: 'init', id: 1, runId: 3, scenario: defaultScenario(), maxParticles: 10 })
    expect(r).toEqual({ type: 'error', id: 1, runId: 3, message: 'bad scenario' })
    expect(host.handle({ type: 'advance', id: 2, toT: 10 })).toMatchObject({ type: 'error' })
  })

  it('play, pause and speed need no answer', () => {
    const host = createSimHost({ createTimeline: () => over(fakeSim().sim), now: () => 0 })
    expect(host.handle({ type: 'play' })).toBeNull()
    expect(host.handle({ type: 'speed', speed: 10 })).toBeNull()
  })

  it('drives the real simulation: time moves, narration arrives once', () => {
    let wall = 0
    const host = createSimHost({ now: () => wall++ * 0, budgetMs: 1e9 })
    host.handle({ type: 'init', id: 1, runId: 0, scenario: defaultScenario(), maxParticles: 500 })
    const r = frameOf(host.handle({ type: 'advance', id: 2, toT: 5000 }))
    expect(r.frame.t).toBe(5000)
    expect(r.frame.partitions).toBe(12)
    expect(r.samples.length).toBeGreaterThan(0)
    expect(r.trace.length).toBeGreaterThan(0)
    const again = frameOf(host.handle({ type: 'advance', id: 3, toT: 5000 }))
    expect(again.trace).toEqual([])
  })
})

describe('time travel through the host', () => {
  const crash = getPreset('consumer-crash')!.build()

  function run(): ReturnType<typeof createSimHost> {
    const host = createSimHost({ now: () => 0, budgetMs: 1e9 })
    frameOf(host.handle({ type: 'init', id: 1, runId: 0, scenario: crash, maxParticles: 0 }))
    return host
  }

  it('a seek answers with the exact frame of the straight run at that moment, flagged as a seek', () => {
    const host = run()
    frameOf(host.handle({ type: 'advance', id: 2, toT: 45_000 }))
    const r = frameOf(host.handle({ type: 'seek', id: 3, toT: 31_500 }))
    const straight = createSimulation(crash)
    straight.advanceTo(31_500)
    expect(r.frame.t).toBe(31_500)
    expect(Array.from(r.frame.lag)).toEqual(Array.from(straight.frame(0).lag))
    expect(r.timeline.seeked).toBe(true)
    expect(r.timeline.latest).toBe(45_000)
  })

  it('records a command at the moment asked for and sends the script and markers only when they change', () => {
    const host = run()
    const first = frameOf(host.handle({ type: 'advance', id: 2, toT: 5_000 }))
    expect(first.timeline.actions).toBeUndefined()
    const r = frameOf(host.handle({ type: 'command', id: 3, command: { do: 'crashConsumer', consumer: 'consumer-3' }, atT: 7_250 }))
    expect(r.frame.t).toBe(7_250)
    expect(r.timeline.actions).toEqual([
      { do: 'crashConsumer', consumer: 'consumer-3', atSec: 7.25 },
      { do: 'crashConsumer', consumer: 'consumer-2', atSec: 30 },
    ])
    expect(r.timeline.markers?.some((m) => m.kind === 'fault' && m.t === 7_250)).toBe(true)
    const next = frameOf(host.handle({ type: 'step', id: 4, stepMs: 100 }))
    expect(next.timeline.actions).toBeUndefined()
  })

  it('pauses itself just after the next rebalance starts when asked to', () => {
    const host = run()
    frameOf(host.handle({ type: 'advance', id: 2, toT: 20_000 }))
    const r = frameOf(host.handle({ type: 'advance', id: 3, toT: 90_000, pauseAtRebalance: true }))
    expect(r.timeline.pausedAt).toBe('rebalance')
    expect(r.frame.t).toBeLessThan(90_000)
    expect(r.timeline.markers?.filter((m) => m.kind === 'rebalance-start').at(-1)?.t).toBeGreaterThan(20_000)
  })
})

describe('frames on the wire', () => {
  it('detachFrame copies every typed array', () => {
    const f = makeFrame()
    const d = detachFrame(f)
    expect(d.lag).not.toBe(f.lag)
    expect(Array.from(d.lag)).toEqual(Array.from(f.lag))
  })

  it('lists each buffer once for transfer, and the frame survives structured clone with transfer', () => {
    const msg: FrameMessage = { type: 'frame', id: 1, runId: 0, frame: makeFrame(), samples: [], trace: [], timeline: { latest: 0, checkpointBytes: 0 }, engineMs: 1, behind: false }
    const buffers = transferablesOf(msg)
    expect(new Set(buffers).size).toBe(buffers.length)
    expect(buffers.length).toBe(11) // twelve arrays (lane leaders and leaderless lanes too); the empty particle array has no buffer worth moving
    const copy = structuredClone(msg, { transfer: buffers })
    expect(copy.frame.partitions).toBe(6)
    expect(msg.frame.lag.length).toBe(0) // detached: ownership moved
  })

  it('PAGESCALE: a big topic\'s frames carry its rows, as the page last asked (init, then a lanes request answered at once)', () => {
    const sim = fakeSim().sim
    ;(sim as { liveFrame: () => unknown }).liveFrame = () => makeFrame({ t: sim.now(), partitions: 300, members: 3 })
    const host = createSimHost({ createTimeline: () => over(sim), now: () => 0 })
    const first = frameOf(host.handle({ type: 'init', id: 1, runId: 0, scenario: defaultScenario(), maxParticles: 100, lanes: { by: 'consumer', open: null, inspect: 7 } }))
    expect(first.frame.partitions).toBe(3)
    expect(first.frame.grouped!.partitions).toBe(300)
    expect(first.frame.grouped!.inspected!.lane).toBe(7)
    const opened = frameOf(host.handle({ type: 'lanes', id: 2, view: { by: 'consumer', open: first.frame.grouped!.groups[1]!.id, inspect: null } }))
    expect(opened.id).toBe(2)
    expect(Array.from(opened.frame.grouped!.rowLane).slice(0, 3)).toEqual([1, 4, 7])
    // Its buffers are the rows' own: transferring them leaves nothing of the simulation detached.
    expect(transferablesOf(opened)).toContain(opened.frame.grouped!.rowLane.buffer)
  })

  it('PAGEFPS: a big topic\'s frames read the run\'s own arrays, transfer none of them, and are the rows a copied frame gives', () => {
    const base = defaultScenario()
    const scenario = { ...base, topic: { ...base.topic, partitions: 300 }, group: { ...base.group, consumers: 4 } }
    const view = { by: 'broker', open: null, inspect: 3 } as const
    const sim = createSimulation(scenario)
    const host = createSimHost({ createTimeline: () => over(sim), now: () => 0 })
    host.handle({ type: 'init', id: 1, runId: 0, scenario, maxParticles: 500, lanes: view })
    const msg = frameOf(host.handle({ type: 'advance', id: 2, toT: 3000 }))
    const live = sim.liveFrame(500)
    const runArrays = [live.logEndOffset, live.position, live.committed, live.inRate, live.outRate, live.owner, live.laneLeader]
    const moved = new Set(transferablesOf(msg))
    expect(moved.size).toBeGreaterThan(0)
    for (const a of runArrays) expect(moved.has(a.buffer as ArrayBuffer)).toBe(false)
    structuredClone(msg, { transfer: [...moved] })
    for (const a of runArrays) expect(a.length).toBe(300) // still the run's, not detached
    // The rows are those a frame of copies gives at the same moment.
    const fromCopy = createLaneViewState(() => 0)
    fromCopy.set(view)
    const fromLive = createLaneViewState(() => 0)
    fromLive.set(view)
    expect(fromLive.frame(sim.liveFrame(500))).toEqual(fromCopy.frame(sim.frame(500)))
    // And the run goes on as one that was never asked for frames.
    sim.advanceTo(6000)
    const straight = createSimulation(scenario)
    straight.advanceTo(6000)
    expect(sim.frame(500)).toEqual(straight.frame(500))
  })
})
