// Test support: a lanes view mounted in jsdom (which has no canvas, so the particle layer draws
// nothing), unmounted after each test. One place for what five view tests each wrote out.
import { afterEach, beforeAll } from 'vitest'
import { createLanesView, type LanesView } from './createLanesView.ts'

export interface Mounted {
  view: LanesView
  el: HTMLElement
}

type Callbacks = Parameters<typeof createLanesView>[1]

/**
 * Call at a test file's top level: returns `mount(size, callbacks)`, which puts a lanes view of
 * `size` (default 1000×500) into the document; each test's views are destroyed after it.
 */
export function lanesViewMounts(): (size?: { width: number; height: number }, cb?: Callbacks) => Mounted {
  const mounted: Mounted[] = []
  beforeAll(() => {
    HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
  })
  afterEach(() => {
    for (const m of mounted.splice(0)) {
      m.view.destroy()
      m.el.remove()
    }
  })
  return (size = { width: 1000, height: 500 }, cb = {}) => {
    const el = document.createElement('div')
    document.body.appendChild(el)
    const view = createLanesView(el, cb)
    view.resize(size)
    const m = { view, el }
    mounted.push(m)
    return m
  }
}
