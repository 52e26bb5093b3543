// Test support: compare mode mounted in jsdom on fake workers (one per side), eager and
// cooperative by default, and taken down after each test. One place for what the compare page
// tests each wrote out.
import { act } from 'react'
import { afterEach, beforeAll } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { compareLinkHash } from '../scenario/links.ts'
import type { Variant } from '../scenario/overrides.ts'
import { fakeWorker, type FakeWorker } from './fakeWorker.ts'
import { mountCompare, type MountedCompare } from './mountCompare.tsx'

export const eager: Variant = { label: 'eager', set: { 'group.protocol': 'eager', 'group.assignor': 'range' } }
export const coop: Variant = { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } }
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface OpenedCompare {
  root: HTMLElement
  workers: FakeWorker[]
  mounted: MountedCompare
}

/**
 * Call at a test file's top level: returns `open(options)`, which mounts compare mode of `hash`
 * (default: eager and cooperative on the default scenario). With `syncUrl` the location starts
 * elsewhere, so whatever it says afterwards the page wrote.
 */
export function compareMounts(): (o?: { hash?: string; syncUrl?: boolean; openLessons?: () => void }) => Promise<OpenedCompare> {
  let mounted: MountedCompare | null = null
  let el: HTMLElement | null = null
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  beforeAll(() => {
    HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
  })
  afterEach(() => {
    act(() => mounted?.dispose())
    mounted = null
    el?.remove()
    el = null
    window.history.replaceState(null, '', '#')
  })
  return async (o = {}) => {
    const workers: FakeWorker[] = []
    const root = document.createElement('div')
    el = root
    document.body.appendChild(root)
    if (o.syncUrl === true) window.history.replaceState(null, '', '#elsewhere')
    act(() => {
      mounted = mountCompare(root, {
        hash: o.hash ?? compareLinkHash(defaultScenario(), [eager, coop]),
        syncUrl: o.syncUrl ?? false,
        createWorker: () => {
          const w = fakeWorker()
          workers.push(w)
          return w
        },
        onExit: () => {},
        ...(o.openLessons !== undefined ? { openLessons: o.openLessons } : {}),
      })
    })
    await act(() => sleep(30))
    return { root, workers, mounted: mounted! }
  }
}
