// Supervision in the client: gone or stuck workers are replaced by fresh ones that continue the
// run from the page's moment; a fault that comes back at the same moment stops the run.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { Command, ScenarioAction } from '../scenario/types.ts'
import { makeFrame } from '../view/frameFixture.ts'
import type { FrameMessage, TimelineInfo, WorkerRequest } from '../worker/protocol.ts'
import { manualWorker, type ManualWorker } from './fakeWorker.ts'
import { createSimClient, type SupervisionClock, type SupervisionEvent } from './simClient.ts'
import { ANSWER_WITHIN_MS, PING_AFTER_MS, TICK_MS } from './supervisor.ts'

function fakeClock(): SupervisionClock & { tick(ms: number): void; setNow(ms: number): void; timers(): number } {
  let t = 0
  const fns: Array<() => void> = []
  return {
    timers: () => fns.length,
    now: () => t,
    every: (_ms, fn) => {
      fns.push(fn)
      return () => fns.splice(fns.indexOf(fn), 1)
    },
    tick(ms) {
      for (let i = 0; i < ms; i += TICK_MS) {
        t += TICK_MS
        fns.forEach((f) => f())
      }
    },
    setNow(ms) {
      t = ms
    },
  }
}

const frame = (id: number, runId: number, t: number, timeline: Partial<TimelineInfo> = {}): FrameMessage => ({
  type: 'frame',
  id,
  runId,
  frame: makeFrame({ t }),
  samples: [],
  trace: [],
  timeline: { latest: t, checkpointBytes: 0, ...timeline },
  engineMs: 1,
  behind: false,
})

/** The id of the newest request of `type` a worker was sent. */
function lastId(w: ManualWorker, type: WorkerRequest['type']): number {
  const r = [...w.sent].reverse().find((m) => m.type === type)
  if (r === undefined || !('id' in r)) throw new Error(`no ${type} sent`)
  return r.id
}

function setup() {
  const clock = fakeClock()
  const workers: ManualWorker[] = []
  const frames: FrameMessage[] = []
  const events: SupervisionEvent[] = []
  const client = createSimClient(
    () => {
      const w = manualWorker()
      workers.push(w)
      return w
    },
    { onFrame: (m) => frames.push(m), onError: () => {}, onSupervision: (e) => events.push(e) },
    { clock },
  )
  return { clock, workers, frames, events, client, last: () => workers.at(-1)! }
}

const action: ScenarioAction = { atSec: 3, do: 'addConsumer' } as ScenarioAction

/** A run at 12.3 s with a checkpoint at 10 s and a recorded action, as a live worker leaves it. */
function runTo12300() {
  const s = setup()
  s.client.start(0, defaultScenario())
  const w = s.last()
  w.reply(frame(lastId(w, 'init'), 0, 0))
  w.reply({ type: 'checkpoint', runId: 0, t: 10_000, checkpoint: '{"cp":10}' })
  s.client.advance(12_300)
  w.reply(frame(lastId(w, 'advance'), 0, 12_300, { actions: [action] }))
  return s
}

describe('worker supervision', () => {
  it('catches a worker that stops answering within 1 s and continues the run in a fresh one from the checkpoint, exactly at the moment shown', () => {
    const s = runTo12300()
    s.client.advance(12_400) // playing: asked, and owed an answer
    const old = s.last()
    old.answersPings = false // closed: nothing more comes
    s.clock.tick(1000)
    expect(s.workers).toHaveLength(2)
    expect(old.terminated).toBe(true)
    expect(s.events[0]).toMatchObject({ kind: 'recovering', momentMs: 12_300 })
    const init = s.last().sent.find((m) => m.type === 'init')
    expect(init).toMatchObject({ runId: 0, resume: { t: 10_000, checkpoint: '{"cp":10}' }, scenario: { actions: [action] } })
    // The fresh worker stands at the checkpoint: it is stepped to 12.3 s, and that frame is the one shown.
    const fresh = s.last()
    fresh.reply(frame(lastId(fresh, 'init'), 0, 10_000, { markers: [{ t: 3000, kind: 'action', text: 'a' }], actions: [action] }))
    expect(fresh.sent.at(-1)).toMatchObject({ type: 'step', stepMs: 2300 })
    expect(s.frames).toHaveLength(2)
    fresh.reply(frame(lastId(fresh, 'step'), 0, 12_300))
    const shown = s.frames.at(-1)!
    expect(shown.frame.t).toBe(12_300)
    expect(shown.timeline).toMatchObject({ seeked: true, markers: [{ t: 3000 }], actions: [action] })
    expect(s.events.at(-1)).toEqual({ kind: 'recovered', momentMs: 12_300 })
    expect(s.client.advance(12_400)).toBe(true)
  })

  it('a paused page (nothing asked) sends no pings; a long answer from a worker that answers pings is not blamed', () => {
    const s = runTo12300()
    const pings = (): number => s.last().sent.filter((m) => m.type === 'ping').length
    s.clock.tick(10_000) // paused: the worker owes nothing, so nothing wakes it (battery)
    expect(pings()).toBe(0)
    // Not even the watchdog's timer: the page sets none while nothing is owed.
    expect(s.clock.timers()).toBe(0)
    s.client.advance(12_400) // asked, and answered only much later
    expect(s.clock.timers()).toBe(1)
    s.clock.tick(10_000)
    expect(s.workers).toHaveLength(1)
    expect(pings()).toBeGreaterThan(10)
  })

  it('replaces a worker at once on its error event, and on an error answer', () => {
    const s = runTo12300()
    s.last().fail('Uncaught Error: boom')
    expect(s.workers).toHaveLength(2)
    expect(s.events[0]).toMatchObject({ kind: 'recovering', what: 'the simulation hit an unexpected error', detail: 'Uncaught Error: boom' })
    const fresh = s.last()
    fresh.reply(frame(lastId(fresh, 'init'), 0, 10_000))
    fresh.reply(frame(lastId(fresh, 'step'), 0, 12_300))
    // The run gets past the first fault, so a later one is new and retried too.
    s.client.advance(20_000)
    fresh.reply(frame(lastId(fresh, 'advance'), 0, 20_000))
    s.client.advance(21_000)
    fresh.reply({ type: 'error', id: lastId(fresh, 'advance'), runId: 0, message: 'invariant broken' })
    expect(s.workers).toHaveLength(3)
    expect(s.events.at(-1)).toMatchObject({ kind: 'recovering', momentMs: 20_000, detail: 'invariant broken' })
  })

  it('stops after one retry when the fault comes back before the run got past it, naming the moment and both errors', () => {
    const s = runTo12300()
    s.client.advance(12_400)
    s.last().fail('first')
    const fresh = s.last()
    fresh.reply(frame(lastId(fresh, 'init'), 0, 10_000))
    fresh.reply(frame(lastId(fresh, 'step'), 0, 12_300))
    s.client.advance(12_350)
    fresh.fail('second')
    expect(s.workers).toHaveLength(2)
    expect(fresh.terminated).toBe(true)
    expect(s.events.at(-1)).toEqual({ kind: 'stopped', momentMs: 12_300, what: 'the simulation hit an unexpected error', detail: 'second', firstDetail: 'first' })
    expect(s.client.advance(12_500)).toBe(false)
    s.clock.tick(3000)
    expect(s.workers).toHaveLength(2) // nothing more is tried
  })

  it('a fault while the fresh worker is still getting back counts as the same moment', () => {
    const s = runTo12300()
    s.client.advance(12_400) // playing: asked, and owed an answer
    s.last().answersPings = false
    s.clock.tick(1000)
    const fresh = s.last()
    fresh.answersPings = false
    s.clock.tick(6000) // a new worker gets the long patience, then it is stuck too
    expect(s.events.map((e) => e.kind)).toEqual(['recovering', 'stopped'])
    expect(s.events.at(-1)).toMatchObject({ momentMs: 12_300 })
  })

  it('every start gets a fresh worker, so a livelocked one (answering nothing) never holds a restart', () => {
    const s = runTo12300()
    const stuck = s.last()
    stuck.answersPings = false
    s.client.advance(13_000) // never answered
    s.client.start(1, defaultScenario())
    expect(stuck.terminated).toBe(true)
    expect(s.workers).toHaveLength(2)
    const fresh = s.last()
    expect(fresh.sent[0]).toMatchObject({ type: 'init', runId: 1 })
    expect(fresh.sent[0]).not.toHaveProperty('resume')
    fresh.reply(frame(lastId(fresh, 'init'), 1, 0))
    expect(s.client.advance(100)).toBe(true)
    expect(s.frames.at(-1)!.runId).toBe(1)
  })

  it('sends a command the failed worker never answered to the fresh one once the run is back', () => {
    const s = runTo12300()
    const cmd = { do: 'crashConsumer', consumer: 'c1' } as unknown as Command
    s.client.command(cmd)
    s.last().fail('boom')
    const fresh = s.last()
    fresh.reply(frame(lastId(fresh, 'init'), 0, 10_000))
    expect(fresh.sent.some((m) => m.type === 'command')).toBe(false)
    fresh.reply(frame(lastId(fresh, 'step'), 0, 12_300))
    expect(fresh.sent.at(-1)).toMatchObject({ type: 'command', command: cmd })
  })

  it('without a checkpoint yet, the fresh worker replays from 0 s', () => {
    const s = setup()
    s.client.start(0, defaultScenario())
    const w = s.last()
    w.reply(frame(lastId(w, 'init'), 0, 0))
    s.client.advance(800)
    w.reply(frame(lastId(w, 'advance'), 0, 800))
    w.fail('boom')
    expect(s.last().sent[0]).not.toHaveProperty('resume')
  })

  it('a frozen page (a late tick) does not count as a stuck worker', () => {
    const s = runTo12300()
    s.client.advance(12_400) // playing: asked, and owed an answer
    s.last().answersPings = false
    s.clock.tick(PING_AFTER_MS + 100) // a ping goes out, unanswered
    s.clock.setNow(s.clock.now() + 5000) // the page froze 5 s; the answer may be queued behind this tick
    s.clock.tick(100)
    expect(s.workers).toHaveLength(1)
    s.clock.tick(PING_AFTER_MS + ANSWER_WITHIN_MS + 200)
    expect(s.workers).toHaveLength(2) // still silent when asked again: gone
  })

  it('re-arms a debug fault set for a moment in the fresh worker, and only with debug faults on', () => {
    const s = setup()
    s.client.debugFault!('throw', 5)
    expect(s.last().sent).toEqual([])
    const clock = fakeClock()
    const workers: ManualWorker[] = []
    const c = createSimClient(() => (workers.push(manualWorker()), workers.at(-1)!), { onFrame: () => {}, onError: () => {} }, { clock, debugFaults: true })
    c.start(0, defaultScenario())
    expect(workers[0]!.sent[0]).toMatchObject({ type: 'init', debugFaults: true })
    c.debugFault!('throw', 5)
    workers[0]!.fail('debug fault')
    expect(workers[1]!.sent.filter((m) => m.type === 'debugFault')).toEqual([{ type: 'debugFault', kind: 'throw', atSec: 5 }])
  })
})
