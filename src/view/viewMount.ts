// Test support: a view (lanes, charts) mounted in jsdom, which has no canvas (the particle layer
// draws nothing), and unmounted after each test. One place for what seven view tests each wrote out.
import { afterEach, beforeAll } from 'vitest'
import { createChartsView, type ChartsView } from './createChartsView.ts'
import { createLanesView, type LanesView } from './createLanesView.ts'

interface Size {
  width: number
  height: number
}

export interface Mounted<V> {
  view: V
  el: HTMLElement
}

/**
 * Call at a test file's top level: returns `mount(size, options)`, which puts a view made by
 * `create` at `size` into the document; each test's views are destroyed after it.
 */
function mountsOf<V extends { resize(s: Size): void; destroy(): void }, O>(create: (el: HTMLElement, o: O) => V, defaults: O) {
  const mounted: Array<Mounted<V>> = []
  beforeAll(() => {
    HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
  })
  afterEach(() => {
    for (const m of mounted.splice(0)) {
      m.view.destroy()
      m.el.remove()
    }
  })
  return (size: Size = { width: 1000, height: 500 }, o: O = defaults): Mounted<V> => {
    const el = document.createElement('div')
    document.body.appendChild(el)
    const view = create(el, o)
    view.resize(size)
    const m = { view, el }
    mounted.push(m)
    return m
  }
}

export const lanesViewMounts = () => mountsOf<LanesView, NonNullable<Parameters<typeof createLanesView>[1]>>(createLanesView, {})
export const chartsViewMounts = () => mountsOf<ChartsView, NonNullable<Parameters<typeof createChartsView>[1]>>(createChartsView, {})
