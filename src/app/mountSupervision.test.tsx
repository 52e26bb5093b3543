// The page's side of supervision: a fault is said in words, the run carries on in a fresh worker;
// a repeated one stops with Copy details and the raw error behind a closed disclosure; Restart
// gets a fresh worker and clears the old run's fault.
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeFrame } from '../view/frameFixture.ts'
import type { FrameMessage, WorkerRequest } from '../worker/protocol.ts'
import { manualWorker, type ManualWorker } from './fakeWorker.ts'
import { mountHighway, type MountedHighway } from './mountHighway.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})

const frameAt = (id: number, runId: number, t: number): FrameMessage => ({
  type: 'frame',
  id,
  runId,
  frame: makeFrame({ t }),
  samples: [],
  trace: [],
  engineMs: 1,
  behind: false,
  timeline: { latest: t, checkpointBytes: 0 },
})

const lastOf = (w: ManualWorker, type: WorkerRequest['type']) => [...w.sent].reverse().find((m) => m.type === type) as Extract<WorkerRequest, { id: number }>

let mounted: MountedHighway | null = null
let el: HTMLElement | null = null
afterEach(() => {
  act(() => mounted?.dispose())
  el?.remove()
  mounted = null
})

function open() {
  el = document.createElement('div')
  document.body.appendChild(el)
  const workers: ManualWorker[] = []
  act(() => {
    mounted = mountHighway(el!, {
      syncUrl: false,
      supervisionClock: null,
      createWorker: () => {
        workers.push(manualWorker((f) => act(f)))
        return workers.at(-1)!
      },
    })
  })
  return { workers, root: el }
}

const banners = (root: HTMLElement) => Array.from(root.querySelectorAll('.banner'))

describe('supervision on the page', () => {
  it('says a fault in words, carries on in a fresh worker, stops with Copy details when it repeats, and Restart starts clean', () => {
    const { workers, root } = open()
    const first = workers[0]!
    first.reply(frameAt(lastOf(first, 'init').id, 0, 0))
    first.fail('TypeError: boom')
    expect(workers).toHaveLength(2)
    expect(banners(root).map((b) => b.querySelector('strong')?.textContent)).toEqual([
      'The simulation stopped at 0.0 s: the simulation hit an unexpected error. Starting a fresh one that carries on from 0.0 s…',
    ])
    const fresh = workers[1]!
    fresh.reply(frameAt(lastOf(fresh, 'init').id, 0, 0))
    expect(banners(root).map((b) => b.querySelector('strong')?.textContent)).toEqual(['The simulation was restarted after a fault and carries on from 0.0 s.'])
    fresh.fail('TypeError: boom')
    const [stopped] = banners(root)
    expect(banners(root)).toHaveLength(1)
    expect(stopped!.getAttribute('role')).toBe('alert')
    expect(stopped!.textContent).toContain('failed again at 0.0 s of simulated time')
    // The raw error is not in the sentence, only behind a closed "Details" disclosure.
    expect(stopped!.querySelector('strong')?.textContent).not.toContain('TypeError')
    const details = stopped!.querySelector('details')!
    expect(details.open).toBe(false)
    expect(details.textContent).toContain('Error: the simulation hit an unexpected error: TypeError: boom')
    expect(Array.from(stopped!.querySelectorAll('button')).map((b) => b.textContent)).toContain('Copy details')
    expect(workers).toHaveLength(2)
    act(() => mounted!.actions.restart())
    expect(workers).toHaveLength(3)
    expect(fresh.terminated).toBe(true)
    expect(banners(root)).toHaveLength(0)
  })
})
