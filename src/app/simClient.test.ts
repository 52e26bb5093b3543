import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { makeFrame } from '../view/frameFixture.ts'
import type { FrameMessage } from '../worker/protocol.ts'
import { manualWorker, type ManualWorker } from './fakeWorker.ts'
import { createSimClient } from './simClient.ts'

const fakeWorker = (): ManualWorker => manualWorker()

const frameMsg = (runId: number, t = 0): FrameMessage => ({
  type: 'frame',
  id: 1,
  runId,
  frame: makeFrame({ t }),
  samples: [],
  trace: [],
  timeline: { latest: t, checkpointBytes: 0 },
  engineMs: 1,
  behind: false,
})

describe('createSimClient', () => {
  it('keeps one frame request in flight at most', () => {
    const w = fakeWorker()
    const client = createSimClient(w, { onFrame: () => {}, onError: () => {} })
    client.start(0, defaultScenario())
    expect(client.advance(100)).toBe(false) // init is still unanswered
    w.reply(frameMsg(0))
    expect(client.advance(100)).toBe(true)
    expect(client.advance(200)).toBe(false)
    w.reply(frameMsg(0, 100))
    expect(client.busy()).toBe(false)
  })

  it('drops frames of an earlier run', () => {
    const w = fakeWorker()
    const got: number[] = []
    const client = createSimClient(w, { onFrame: (m) => got.push(m.runId), onError: () => {} })
    client.start(0, defaultScenario())
    client.start(1, defaultScenario())
    w.reply(frameMsg(0))
    w.reply(frameMsg(1))
    expect(got).toEqual([1])
  })

  it('ignores messages that are not worker responses, and reports errors', () => {
    const w = fakeWorker()
    const errors: string[] = []
    const client = createSimClient(w, { onFrame: () => {}, onError: (m) => errors.push(m) })
    client.start(0, defaultScenario())
    w.reply('junk')
    w.reply({ type: 'error', id: 1, runId: 0, message: 'boom' })
    // A single worker given cannot be replaced: the run stops, and the message says what happened.
    expect(errors).toEqual(['the simulation could not compute the next moment: boom'])
  })

  it('dispose terminates the worker and sends nothing afterwards', () => {
    const w = fakeWorker()
    const client = createSimClient(w, { onFrame: () => {}, onError: () => {} })
    client.dispose()
    const n = w.sent.length
    client.command({ do: 'addConsumer' })
    expect(w.sent.length).toBe(n)
    expect(w.terminated).toBe(true)
  })

  it('a seek goes out at once when nothing is in flight; while busy only the newest seek waits', () => {
    const w = fakeWorker()
    const client = createSimClient(w, { onFrame: () => {}, onError: () => {} })
    client.start(0, defaultScenario())
    w.reply(frameMsg(0))
    client.seek(5000)
    expect(w.sent.at(-1)).toMatchObject({ type: 'seek', toT: 5000 })
    const n = w.sent.length
    client.seek(4000)
    client.seek(3000)
    expect(w.sent.length).toBe(n)
    w.reply(frameMsg(0, 5000))
    expect(w.sent.slice(n)).toEqual([expect.objectContaining({ type: 'seek', toT: 3000 })])
    w.reply(frameMsg(0, 3000))
    expect(client.busy()).toBe(false)
  })

  it('asks the worker to pause at a rebalance only when told, and sends a command’s moment', () => {
    const w = fakeWorker()
    const client = createSimClient(w, { onFrame: () => {}, onError: () => {} })
    client.start(0, defaultScenario())
    w.reply(frameMsg(0))
    client.advance(100, true)
    expect(w.sent.at(-1)).toMatchObject({ type: 'advance', toT: 100, pauseAtRebalance: true })
    w.reply(frameMsg(0, 100))
    client.advance(200)
    expect(w.sent.at(-1)).not.toHaveProperty('pauseAtRebalance')
    client.command({ do: 'crashConsumer', consumer: 'consumer-1' }, 12_000)
    expect(w.sent.at(-1)).toMatchObject({ type: 'command', atT: 12_000, command: { do: 'crashConsumer' } })
  })

  it('PAGESCALE: sends the page\'s lane view with every start, and a change at once while a run goes', () => {
    const w = fakeWorker()
    const client = createSimClient(w, { onFrame: () => {}, onError: () => {} })
    const view = { by: 'broker' as const, open: null, inspect: 3 }
    client.setLaneView!(view)
    expect(w.sent).toEqual([]) // no run yet: the start carries it
    client.start(0, defaultScenario())
    expect(w.sent[0]).toMatchObject({ type: 'init', lanes: view })
    w.reply(frameMsg(0))
    client.setLaneView!({ ...view, open: 'broker:1-1' })
    expect(w.sent.at(-1)).toMatchObject({ type: 'lanes', view: { by: 'broker', open: 'broker:1-1', inspect: 3 } })
    expect(client.busy()).toBe(true) // answered with a frame, like any request
    w.reply(frameMsg(0, 0))
    // A small topic's page: the worker keeps the view, nothing to answer.
    client.setLaneView!({ ...view, inspect: 5 }, false)
    expect(w.sent.at(-1)).toEqual({ type: 'lanes', view: { ...view, inspect: 5 } })
    expect(client.busy()).toBe(false)
  })
})
