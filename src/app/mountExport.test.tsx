// The single page's exports and embed mode, mounted with a fake worker (jsdom).
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { encodeScenario } from '../scenario/codec.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { makeFrame } from '../view/frameFixture.ts'
import type { FrameMessage } from '../worker/protocol.ts'
import { manualWorker, type ManualWorker } from './fakeWorker.ts'
import { mountHighway, type MountedHighway } from './mountHighway.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})

const fakeWorker = (): ManualWorker => manualWorker((f) => act(f))

const frameAt = (runId: number, t: number): FrameMessage => ({
  type: 'frame',
  id: 1,
  runId,
  frame: makeFrame({ t }),
  samples: [],
  trace: [],
  engineMs: 1,
  behind: false,
  timeline: { latest: t, checkpointBytes: 0 },
})

let mounted: MountedHighway | null = null
let el: HTMLElement | null = null
afterEach(() => {
  act(() => mounted?.dispose())
  el?.remove()
  mounted = null
  window.location.hash = ''
  vi.restoreAllMocks()
})

function open(hash: string) {
  window.location.hash = hash
  el = document.createElement('div')
  document.body.appendChild(el)
  const worker = fakeWorker()
  act(() => {
    mounted = mountHighway(el!, { syncUrl: true, createWorker: () => worker })
  })
  return { worker, el }
}

const button = (root: HTMLElement, name: string) => Array.from(root.querySelectorAll('button')).find((b) => b.textContent === name)

describe('Export on the page', () => {
  it('asks the worker for the run data at the moment shown and downloads its answer, named after it', async () => {
    const blobs: Blob[] = []
    const names: string[] = []
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b)
      return 'blob:x'
    }) as typeof URL.createObjectURL
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { worker, el } = open(`#s=${encodeScenario(defaultScenario())}`)
    worker.reply(frameAt(0, 0))
    worker.reply(frameAt(0, 12_000))
    act(() => button(el, 'Export')!.click())
    act(() => button(el, 'Run data (CSV)')!.click())
    const req = worker.sent.find((m) => m.type === 'export')
    expect(req).toEqual({ type: 'export', id: expect.any(Number), kind: 'csv', toT: 12_000 })
    await act(async () => worker.reply({ type: 'export', id: (req as { id: number }).id, runId: 0, kind: 'csv', text: 'the,csv\n' }))
    expect(names).toEqual(['partition-highway-steady-12s.csv'])
    expect(await blobs[0]!.text()).toBe('the,csv\n')
    expect(el.querySelector('.export-note')?.textContent).toBe('Downloaded partition-highway-steady-12s.csv')
  })
})

describe('Client configuration on the page', () => {
  it('shows the settings in force at the moment shown (a live partitioner switch included), and follows the run', () => {
    const s = defaultScenario()
    s.producerConfig['partitioner.class'] = null
    s.actions = [{ atSec: 10, do: 'setPartitioner', partitioner: 'round-robin' }]
    const { worker, el } = open(`#s=${encodeScenario(s)}`)
    worker.reply(frameAt(0, 0))
    worker.reply(frameAt(0, 5_000))
    act(() => button(el, 'Export')!.click())
    act(() => button(el, 'Client configuration…')!.click())
    const text = (): string => el.querySelector<HTMLTextAreaElement>('textarea.config-text')!.value
    expect(text()).not.toMatch(/^partitioner\.class=/m)
    expect(text()).toContain('in force at 5.0 s of the run')
    worker.reply(frameAt(0, 12_000))
    expect(text()).toMatch(/^partitioner\.class=org\.apache\.kafka\.clients\.producer\.RoundRobinPartitioner$/m)
  })
})

describe('embed=1', () => {
  it('shows the highway with a compact toolbar, no side panels, and leaves the URL as given', () => {
    vi.useFakeTimers()
    const hash = `#s=${encodeScenario(defaultScenario())}&embed=1`
    const { worker, el } = open(hash)
    worker.reply({ ...frameAt(0, 0), timeline: { latest: 0, checkpointBytes: 0, actions: [{ do: 'addConsumer', atSec: 0 }] } })
    expect(el.querySelector('[data-testid="highway"]')).not.toBeNull()
    expect(el.querySelector('aside')).toBeNull()
    expect(button(el, 'Export')).toBeUndefined()
    expect(button(el, 'Pause')).toBeDefined()
    const link = Array.from(el.querySelectorAll('a')).find((a) => a.textContent === 'Open in Partition Highway')
    expect(link?.getAttribute('href')).toMatch(/#s=v\d+\.[^&]+$/)
    expect(link?.getAttribute('target')).toBe('_blank')
    act(() => vi.advanceTimersByTime(2000))
    expect(window.location.hash).toBe(hash)
    vi.useRealTimers()
  })
})
