// Compare mode is supervised too: a side whose worker fails carries on in a fresh one, said in a
// note naming the side; the other side keeps its worker.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { validateScenario } from '../scenario/validate.ts'
import { makeFrame } from '../view/frameFixture.ts'
import type { WorkerRequest } from '../worker/protocol.ts'
import { createCompareSession } from './compareSession.ts'
import { manualWorker, type ManualWorker } from './fakeWorker.ts'

describe('compare mode supervision', () => {
  it('replaces only the failed side’s worker and says which side, in words', () => {
    const workers: Array<{ side: number; w: ManualWorker }> = []
    const session = createCompareSession({
      base: defaultScenario(),
      variants: [
        { label: 'eager', set: {} },
        { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
      ],
      createWorker: (side) => {
        const w = manualWorker()
        workers.push({ side, w })
        return w
      },
      host: { requestFrame: () => 0, cancelFrame: () => {}, now: () => 0 },
      validate: (s) => {
        const r = validateScenario(s)
        return r.ok ? [] : r.errors
      },
      share: async () => '',
      exit: () => {},
      supervision: { clock: { now: () => 0, every: () => () => {} }, debugFaults: false, link: () => 'http://h/#cmp', userAgent: 'UA' },
    })
    const init = (w: ManualWorker) => w.sent.find((m) => m.type === 'init') as Extract<WorkerRequest, { type: 'init' }>
    for (const { w } of workers) w.reply({ type: 'frame', id: init(w).id, runId: init(w).runId, frame: makeFrame({ t: 0 }), samples: [], trace: [], timeline: { latest: 0, checkpointBytes: 0 }, engineMs: 1, behind: false })
    workers.find((x) => x.side === 1)!.w.fail('boom')
    expect(workers.map((x) => x.side)).toEqual([0, 1, 1])
    expect(workers[0]!.w.terminated).toBe(false)
    expect(workers[1]!.w.terminated).toBe(true)
    const note = session.store.getState().notes.at(-1)!
    expect(note.kind).toBe('warning')
    expect(note.text).toMatch(/^The simulation of side “cooperative” stopped at 0\.0 s: the simulation hit an unexpected error\. Starting a fresh one/)
    expect(note.more?.technical).toBe('boom')
    session.dispose()
  })
})
