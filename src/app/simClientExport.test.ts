// The client's export requests: answers and progress go to the caller, never to the frame callback.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { manualWorker, type ManualWorker } from './fakeWorker.ts'
import { createSimClient } from './simClient.ts'

const fakeWorker = (): ManualWorker => manualWorker()

describe('createSimClient exports', () => {
  it('resolves with the text, reports progress, and keeps frames and errors out of it', async () => {
    const w = fakeWorker()
    const errors: string[] = []
    let frames = 0
    const client = createSimClient(w, { onFrame: () => frames++, onError: (m) => errors.push(m) })
    client.start(0, defaultScenario())
    w.reply({ type: 'frame', id: 1, runId: 0, frame: {}, samples: [], trace: [], timeline: { latest: 0, checkpointBytes: 0 }, engineMs: 0, behind: false })
    const seen: number[] = []
    const p = client.exportRun!('csv', 5000, (f) => seen.push(f))
    const req = w.sent.at(-1)
    expect(req).toEqual({ type: 'export', id: expect.any(Number), kind: 'csv', toT: 5000 })
    const id = (req as { id: number }).id
    expect(client.busy()).toBe(true)
    w.reply({ type: 'exportProgress', id, runId: 0, fraction: 0.5 })
    expect(client.busy()).toBe(true)
    w.reply({ type: 'export', id, runId: 0, kind: 'csv', text: 't,partition\n' })
    await expect(p).resolves.toBe('t,partition\n')
    expect(seen).toEqual([0.5])
    expect(client.busy()).toBe(false)
    expect(frames).toBe(1)
    expect(errors).toEqual([])
  })

  it('rejects with the worker\'s error message, without the page-wide error banner', async () => {
    const w = fakeWorker()
    const errors: string[] = []
    const client = createSimClient(w, { onFrame: () => {}, onError: (m) => errors.push(m) })
    client.start(0, defaultScenario())
    const p = client.exportRun!('json', 1000)
    const id = (w.sent.at(-1) as { id: number }).id
    w.reply({ type: 'error', id, runId: 0, message: 'boom' })
    await expect(p).rejects.toThrow('boom')
    expect(errors).toEqual([])
  })

  it('rejects what is pending when disposed', async () => {
    const client = createSimClient(fakeWorker(), { onFrame: () => {}, onError: () => {} })
    const p = client.exportRun!('csv', 1000)
    client.dispose()
    await expect(p).rejects.toThrow(/stopped/)
  })
})
