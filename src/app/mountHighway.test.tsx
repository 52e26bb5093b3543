import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { decodeScenario, encodeScenario } from '../scenario/codec.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { makeFrame } from '../view/frameFixture.ts'
import type { FrameMessage } from '../worker/protocol.ts'
import { manualWorker, type ManualWorker } from './fakeWorker.ts'
import { mountHighway, type MountedHighway } from './mountHighway.tsx'
import { openChunkMs } from './openChunk.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})

const fakeWorker = (): ManualWorker => manualWorker((f) => act(f))

const frameAt = (runId: number, t: number, latest = t): FrameMessage => ({
  type: 'frame',
  id: 1,
  runId,
  frame: makeFrame({ t }),
  samples: [],
  trace: [],
  engineMs: 1,
  behind: false,
  timeline: { latest, checkpointBytes: 0 },
})

let mounted: MountedHighway | null = null
let el: HTMLElement | null = null
afterEach(() => {
  act(() => mounted?.dispose())
  el?.remove()
  mounted = null
  window.location.hash = ''
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

/** The chunks a link's run takes from 0 s to `toMs`: whole chunks, then the rest. */
function chunksTo(chunk: number, toMs: number): number[] {
  const out: number[] = []
  for (let t = 0; t < toMs; t += chunk) out.push(Math.min(chunk, toMs - t))
  return out
}

/** Answers each chunk but the last with a frame where it ends; returns every step's stepMs. */
function walk(worker: ManualWorker, chunk: number, toMs: number): number[] {
  for (let t = chunk; t < toMs; t += chunk) worker.reply(frameAt(0, t))
  return worker.sent.filter((m) => m.type === 'step').map((m) => (m.type === 'step' ? m.stepMs : 0))
}

const playButton = (root: HTMLElement) => Array.from(root.querySelectorAll('button')).find((b) => /^(Play|Pause)$/.test(b.textContent ?? ''))

describe('a moment link', () => {
  it('opens the scenario paused, then goes to the moment once the first frame is in', () => {
    const s = { ...defaultScenario(), seed: 31 }
    const { worker, el } = open(`#s=${encodeScenario(s)}&t=42.5`)
    const init = worker.sent.find((m) => m.type === 'init')
    expect(init?.type === 'init' && init.scenario.seed).toBe(31)
    expect(playButton(el)?.textContent).toBe('Play')
    expect(worker.sent.some((m) => m.type === 'step')).toBe(false)
    worker.reply(frameAt(0, 0))
    // Far ahead: it gets there in chunks sized by the run's cost (openChunk.ts), saying how far it
    // has come, then lands exactly on it.
    const chunk = openChunkMs(s)
    expect(worker.sent.filter((m) => m.type === 'step')).toEqual([expect.objectContaining({ stepMs: chunk })])
    expect(el.textContent).toMatch(/Going to the link's moment, 42\.5 s/)
    expect(walk(worker, chunk, 42_500)).toEqual(chunksTo(chunk, 42_500))
    worker.reply(frameAt(0, 42_500))
    expect(worker.sent.filter((m) => m.type === 'step')).toHaveLength(chunksTo(chunk, 42_500).length)
    expect(el.textContent).not.toMatch(/Going to the link's moment/)
    expect(playButton(el)?.textContent).toBe('Play')
  })

  it('a pause on the way does not stop it: a lesson opened at a later step pauses the page as it starts, and still gets to the step', () => {
    const { worker, el } = open(`#s=${encodeScenario(defaultScenario())}&t=42.5`)
    act(() => mounted!.actions.setPlaying(false))
    worker.reply(frameAt(0, 0))
    act(() => mounted!.actions.setPlaying(false))
    const chunk = openChunkMs(defaultScenario())
    expect(walk(worker, chunk, 42_500)).toEqual(chunksTo(chunk, 42_500))
    worker.reply(frameAt(0, 42_500))
    expect(el.textContent).not.toMatch(/Going to the link's moment/)
    expect(playButton(el)?.textContent).toBe('Play')
  })

  it('far away, Play takes over: the run plays on from where it is and steps no further toward the moment', () => {
    // A run that long (a moment past durationSec opens at the end: urlSync.test.ts).
    const { worker, el } = open(`#s=${encodeScenario({ ...defaultScenario(), durationSec: 86_400 })}&t=80000`)
    worker.reply(frameAt(0, 0))
    worker.reply(frameAt(0, 20_000))
    expect(el.textContent).toMatch(/Going to the link's moment, 80000\.0 s: at [\d.]+ s… \(Play or the Timeline stops here\)/)
    const stepsBefore = worker.sent.filter((m) => m.type === 'step').length
    act(() => playButton(el)!.click())
    expect(playButton(el)?.textContent).toBe('Pause')
    expect(el.textContent).not.toMatch(/Going to the link's moment/)
    // The frame answering the last chunk arrives: no further chunk, no jump to the moment.
    worker.reply(frameAt(0, 40_000))
    expect(worker.sent.filter((m) => m.type === 'step')).toHaveLength(stepsBefore)
    expect(worker.sent.some((m) => m.type === 'seek')).toBe(false)
  })

  it('without t, the run plays from 0 s and nothing is stepped', () => {
    const { worker, el } = open(`#s=${encodeScenario(defaultScenario())}`)
    worker.reply(frameAt(0, 0))
    expect(worker.sent.some((m) => m.type === 'step' || m.type === 'seek')).toBe(false)
    expect(playButton(el)?.textContent).toBe('Pause')
  })

  it('a bad t says so and starts at 0 s', () => {
    const { worker, el } = open(`#s=${encodeScenario(defaultScenario())}&t=later`)
    worker.reply(frameAt(0, 0))
    expect(worker.sent.some((m) => m.type === 'step' || m.type === 'seek')).toBe(false)
    expect(el.textContent).toMatch(/moment could not be read/)
  })
})

describe('a link with mark=', () => {
  it('counts from the link’s mark, a teacher’s mark (Clear mark is offered)', async () => {
    const { worker, el } = open(`#s=${encodeScenario(defaultScenario())}&mark=12.5`)
    worker.reply(frameAt(0, 13_000))
    await act(() => new Promise((r) => setTimeout(r, 300)))
    expect(el.querySelector('.status .since-label')?.textContent).toContain('since 12.5 s')
    expect(Array.from(el.querySelectorAll('.status button')).some((b) => b.textContent === 'Clear mark')).toBe(true)
  })
})

describe('a link pasted into the open page (hashchange)', () => {
  const paste = (hash: string) =>
    act(() => {
      window.location.hash = hash
      window.dispatchEvent(new HashChangeEvent('hashchange'))
    })
  const said = () => mounted!.store.getState().banners.map((b) => [b.text, ...b.details])

  it('the whole link asked for replaces the cut one’s banners; a bad one pasted later says the scenario shown stays', () => {
    const whole = { ...defaultScenario(), name: 'the whole link' }
    const cut = encodeScenario(whole).slice(0, 12)
    const d = decodeScenario(cut)
    const why = d.ok ? '' : d.errors[0]!.message
    expect(why).toMatch(/cut short/)
    open(`#s=${cut}`)
    expect(said()).toEqual([['This link’s scenario could not be used, so the default scenario is shown instead.', why]])
    paste(`#s=${encodeScenario(whole)}&t=later`)
    expect(mounted!.store.getState().scenario.name).toBe('the whole link')
    expect(said()).toEqual([['The link’s moment could not be read, so the run starts at 0 s:', 't must be a number of seconds (like 42 or 42.5), got "later"']])
    paste(`#s=${cut}`)
    expect(mounted!.store.getState().scenario.name).toBe('the whole link')
    expect(said()).toEqual([['This link’s scenario could not be used, so the scenario shown is unchanged.', why]])
    paste('#t=3')
    expect(said()).toEqual([['This link has no scenario in it (expected #s=…). The scenario shown is unchanged.']])
  })

  it('a lesson link that could not be opened is a link’s banner too: the next link pasted replaces it', () => {
    window.location.hash = '#lesson=hot-key&step=0'
    el = document.createElement('div')
    document.body.appendChild(el)
    const worker = fakeWorker()
    const problem = { kind: 'warning' as const, text: 'The lesson link could not be opened: lesson hot-key: step must be a step number (1, 2, …), got "0"', details: [] }
    act(() => {
      mounted = mountHighway(el!, { syncUrl: true, createWorker: () => worker, linkProblem: problem })
    })
    expect(said()).toEqual([[problem.text]])
    paste(`#s=${encodeScenario({ ...defaultScenario(), name: 'next' })}`)
    expect(said()).toEqual([])
  })
})
