// SUPERVISE: the worker's part of supervision: pongs, `alive` during a long step, and checkpoints
// the page can hand a fresh worker to continue the run exactly.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import type { FrameMessage, WorkerResponse } from './protocol.ts'
import { Timeline } from '../sim/timeline.ts'
import { createSimHost } from './simHost.ts'
import { BUSY_MARGIN, CHECKPOINT_COST_MULTIPLE, CHECKPOINT_EVERY_WALL_MS } from './checkpointPosts.ts'

const scenario = () => getPreset('consumer-crash')!.build()
/** The page's patience with an unanswered ping (app/supervisor.ts ANSWER_WITHIN_MS; the worker does not import the page). */
const ANSWER_WITHIN_MS = 750

function frameOf(r: WorkerResponse | null): FrameMessage {
  if (r === null || r.type !== 'frame') throw new Error(`expected a frame, got ${JSON.stringify(r)}`)
  return r
}

describe('simHost supervision', () => {
  it('answers a ping with a pong carrying its number', () => {
    const host = createSimHost({ now: () => 0 })
    expect(host.handle({ type: 'ping', n: 7 })).toEqual({ type: 'pong', n: 7 })
  })

  it('says it is alive while a long step runs, and posts checkpoints at most every 2 wall seconds', () => {
    const posted: WorkerResponse[] = []
    const wall = { t: 0, perRead: 50 }
    // Every reading of the wall clock moves it 50 ms: a long step reads it often.
    const host = createSimHost({ now: () => (wall.t += wall.perRead), post: (m) => posted.push(m) })
    frameOf(host.handle({ type: 'init', id: 1, runId: 3, scenario: scenario(), maxParticles: 0 }))
    frameOf(host.handle({ type: 'step', id: 2, stepMs: 20_000 }))
    wall.perRead = 0
    expect(posted.filter((m) => m.type === 'alive').length).toBeGreaterThan(2)
    const cps = () => posted.filter((m) => m.type === 'checkpoint')
    expect(cps()).toHaveLength(1)
    expect(cps()[0]).toMatchObject({ runId: 3, t: 20_000 })
    frameOf(host.handle({ type: 'step', id: 3, stepMs: 500 }))
    expect(cps()).toHaveLength(1) // too soon (wall) after the last one
    wall.t += CHECKPOINT_EVERY_WALL_MS
    frameOf(host.handle({ type: 'step', id: 4, stepMs: 100 }))
    expect(cps()).toHaveLength(1) // too little sim time since the last one
    frameOf(host.handle({ type: 'step', id: 5, stepMs: 1500 }))
    expect(cps()).toHaveLength(2)
  })

  it('a long step of a costly run (1 wall ms per simulated ms, as 10 000 lanes on a busy machine) says it is alive within the page\'s patience', () => {
    const wall = { t: 0 }
    const alive: number[] = []
    const costly = (tl: Timeline) =>
      new Proxy(tl, {
        get: (target, prop) =>
          prop === 'advanceTo'
            ? (t: number, pause?: boolean) => {
                const from = target.now()
                const r = target.advanceTo(t as never, pause)
                wall.t += target.now() - from
                return r
              }
            : Reflect.get(target, prop).bind(target),
      })
    const host = createSimHost({ now: () => wall.t, post: (m) => (m.type === 'alive' ? alive.push(wall.t) : undefined), createTimeline: (s) => costly(new Timeline(s)) })
    frameOf(host.handle({ type: 'init', id: 1, runId: 0, scenario: scenario(), maxParticles: 0 }))
    const started = wall.t
    frameOf(host.handle({ type: 'step', id: 2, stepMs: 20_000 }))
    expect(wall.t - started).toBe(20_000)
    const gaps = [alive[0]! - started, ...alive.slice(1).map((t, i) => t - alive[i]!), wall.t - alive[alive.length - 1]!]
    // The page pings 100 ms after it last heard and waits 750 ms for an answer.
    expect(Math.max(...gaps)).toBeLessThanOrEqual(ANSWER_WITHIN_MS)
  })

  it('a checkpoint that was slow to make waits that many times longer before the next (10 000 lanes)', () => {
    const posted: WorkerResponse[] = []
    const wall = { t: 0 }
    // The run's checkpoints take 1 s of wall time each (a 10 000-lane world on a busy machine).
    const slow = (tl: Timeline) =>
      new Proxy(tl, {
        get: (target, prop) =>
          prop === 'sim'
            ? () => new Proxy(target.sim(), { get: (sim, p) => (p === 'checkpoint' ? () => ((wall.t += 1000), sim.checkpoint()) : Reflect.get(sim, p).bind(sim)) })
            : Reflect.get(target, prop).bind(target),
      })
    const host = createSimHost({ now: () => wall.t, post: (m) => posted.push(m), createTimeline: (s) => slow(new Timeline(s)) })
    const cps = () => posted.filter((m) => m.type === 'checkpoint').length
    frameOf(host.handle({ type: 'init', id: 1, runId: 0, scenario: scenario(), maxParticles: 0 }))
    frameOf(host.handle({ type: 'step', id: 2, stepMs: 2000 }))
    expect(cps()).toBe(1)
    wall.t += CHECKPOINT_EVERY_WALL_MS + 1000
    frameOf(host.handle({ type: 'step', id: 3, stepMs: 2000 }))
    expect(cps()).toBe(1) // 2 s of wall would do for a cheap checkpoint, not for a 1 s one
    wall.t += CHECKPOINT_COST_MULTIPLE * 1000
    frameOf(host.handle({ type: 'step', id: 4, stepMs: 2000 }))
    expect(cps()).toBe(2)
  }, 30_000)

  it('says how long it will be busy before writing a checkpoint as slow as the last (10 000 lanes and 50 brokers under load)', () => {
    const wall = { t: 0 }
    const heard: Array<{ at: number; busyMs?: number }> = []
    const writes: Array<[number, number]> = [] // [wall start, wall end] of each checkpoint written
    const host = createSimHost({
      now: () => wall.t,
      post: (m) => (m.type === 'alive' ? heard.push({ at: wall.t, ...(m.busyMs === undefined ? {} : { busyMs: m.busyMs }) }) : undefined),
      createTimeline: (s, resumeFrom, aroundKeep) =>
        new Timeline(s, {
          ...(resumeFrom === undefined ? {} : { resumeFrom }),
          // Each of the timeline's checkpoints takes 900 wall ms to write.
          aroundKeep: (write) => aroundKeep!(() => (writes.push([wall.t, (wall.t += 900)]), write())),
        }),
    })
    frameOf(host.handle({ type: 'init', id: 1, runId: 0, scenario: scenario(), maxParticles: 0 }))
    frameOf(host.handle({ type: 'step', id: 2, stepMs: 25_000 }))
    expect(writes).toHaveLength(3) // 0 s (at init, when the page waits long for a new worker), 10 s, 20 s
    for (const [start, end] of writes.slice(1)) {
      const word = heard.find((h) => h.at === start && h.busyMs !== undefined)
      expect(word?.busyMs).toBe(BUSY_MARGIN * 900)
      expect(start + word!.busyMs!).toBeGreaterThanOrEqual(end)
    }
  })

  it('PAGEFPS: sends the timeline\'s own recent checkpoint instead of writing the world again', () => {
    const posted: WorkerResponse[] = []
    const wall = { t: 0 }
    let written = 0
    const counting = (tl: Timeline) =>
      new Proxy(tl, {
        get: (target, prop) =>
          prop === 'sim'
            ? () => new Proxy(target.sim(), { get: (sim, p) => (p === 'checkpoint' ? () => (written++, sim.checkpoint()) : Reflect.get(sim, p).bind(sim)) })
            : Reflect.get(target, prop).bind(target),
      })
    const host = createSimHost({ now: () => wall.t, post: (m) => posted.push(m), createTimeline: (s) => counting(new Timeline(s)) })
    const cps = () => posted.filter((m) => m.type === 'checkpoint')
    frameOf(host.handle({ type: 'init', id: 1, runId: 0, scenario: scenario(), maxParticles: 0 }))
    frameOf(host.handle({ type: 'step', id: 2, stepMs: 12_000 }))
    // The timeline kept one at 10 s (its every 10 s): that one goes, and no second one is written.
    expect(cps().map((m) => m.type === 'checkpoint' && m.t)).toEqual([10_000])
    expect(written).toBe(0)
    wall.t += CHECKPOINT_EVERY_WALL_MS
    frameOf(host.handle({ type: 'step', id: 3, stepMs: 3000 }))
    // 15 s: the timeline has nothing newer than 10 s, so the host writes the moment itself.
    expect(cps().map((m) => m.type === 'checkpoint' && m.t)).toEqual([10_000, 15_000])
    expect(written).toBe(1)
  }, 30_000)

  it('a fresh host given the checkpoint continues the run exactly where the first one was', () => {
    const posted: WorkerResponse[] = []
    const wall = { t: 0 }
    const first = createSimHost({ now: () => (wall.t += 50), post: (m) => posted.push(m) })
    frameOf(first.handle({ type: 'init', id: 1, runId: 0, scenario: scenario(), maxParticles: 0 }))
    frameOf(first.handle({ type: 'step', id: 2, stepMs: 31_000 }))
    const cp = posted.find((m) => m.type === 'checkpoint')
    if (cp?.type !== 'checkpoint') throw new Error('no checkpoint posted')
    const straight = frameOf(first.handle({ type: 'step', id: 3, stepMs: 4000 }))

    const fresh = createSimHost({ now: () => 0 })
    const back = frameOf(fresh.handle({ type: 'init', id: 1, runId: 0, scenario: scenario(), maxParticles: 0, resume: { t: cp.t, checkpoint: cp.checkpoint } }))
    // The timeline's own checkpoint at 30 s (PAGEFPS: sent instead of writing one at 31 s).
    expect(back.frame.t).toBe(cp.t)
    expect(cp.t).toBe(30_000)
    const again = frameOf(fresh.handle({ type: 'step', id: 2, stepMs: 35_000 - cp.t }))
    expect(again.frame.t).toBe(straight.frame.t)
    expect(Array.from(again.frame.lag)).toEqual(Array.from(straight.frame.lag))
    expect(Array.from(again.frame.committed)).toEqual(Array.from(straight.frame.committed))
  }, 30_000)
})
