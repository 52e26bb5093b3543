// Test helpers for the jsdom project: mount a component with a store and fake actions, and find
// controls the way a user (or a screen reader) does: by their label text or accessible name.

import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { defaultScenario } from '../scenario/defaults.ts'
import { createAppStore, type AppStore } from '../store/createAppStore.ts'
import { applyEdit, type ScenarioEdit } from '../store/scenarioEdits.ts'
import type { Command } from '../store/types.ts'
import { AppStoreProvider } from '../store/useAppStore.ts'
import { ActionsContext, type AppActions } from './actions.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export interface Mounted {
  container: HTMLElement
  store: AppStore
  actions: AppActions & { edits: ScenarioEdit[]; injected: Command[]; calls: string[]; seeks: number[] }
  unmount(): void
}

export function fakeActions(store: AppStore): Mounted['actions'] {
  const a: Mounted['actions'] = {
    edits: [],
    injected: [],
    calls: [],
    seeks: [],
    presets: [
      { name: 'steady', title: 'Steady', notice: 'Everything keeps up.' },
      { name: 'hot-key', title: 'Hot key', notice: 'One lane falls behind.' },
    ],
    setPlaying: (p) => store.getState().setPlaying(p),
    togglePlay: () => store.getState().setPlaying(!store.getState().playing),
    step: () => void a.calls.push('step'),
    stepBack: () => void a.calls.push('stepBack'),
    seek: (t) => void a.seeks.push(t),
    setPauseAtRebalance: (on) => store.getState().setPauseAtRebalance(on),
    setSpeed: (s) => store.getState().setSpeed(s),
    restart: () => void a.calls.push('restart'),
    edit: (e) => {
      a.edits.push(e)
      store.getState().setScenario(applyEdit(store.getState().scenario, e).scenario, false)
    },
    choosePreset: (name) => void a.calls.push(`preset ${name}`),
    inject: (c) => void a.injected.push(c),
    share: async (opts) => {
      a.calls.push(opts?.lesson === true ? 'share lesson' : opts?.moment === true ? 'share moment' : 'share')
      return 'Link copied'
    },
    whichLane: (key, n) => ({ bytesHex: '', hash: key.length, positive: key.length, partition: key.length % n }),
  }
  return a
}

export function mount(node: ReactNode, store = createAppStore({ scenario: defaultScenario() })): Mounted {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const actions = fakeActions(store)
  let root: Root | null = null
  act(() => {
    root = createRoot(container)
    root.render(
      <AppStoreProvider store={store}>
        <ActionsContext.Provider value={actions}>{node}</ActionsContext.Provider>
      </AppStoreProvider>,
    )
  })
  return {
    container,
    store,
    actions,
    unmount: () => {
      act(() => root?.unmount())
      container.remove()
    },
  }
}

/** The form control whose <label> text is exactly `text`. Throws unless there is exactly one. */
export function byLabel(root: ParentNode, text: string): HTMLInputElement & HTMLSelectElement {
  const labels = Array.from(root.querySelectorAll('label')).filter((l) => l.textContent?.trim() === text)
  if (labels.length !== 1) throw new Error(`expected one label "${text}", found ${labels.length}`)
  const control = labels[0]!.control
  if (control === null) throw new Error(`label "${text}" labels no control`)
  return control as HTMLInputElement & HTMLSelectElement
}

/** Buttons whose accessible name (aria-label, else text) is exactly `name`. */
export function buttons(root: ParentNode, name: string): HTMLButtonElement[] {
  return Array.from(root.querySelectorAll('button')).filter(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name,
  )
}

/** Sets a control's value the way a browser does when the user moves or types, then fires events. */
export function setValue(el: HTMLInputElement | HTMLSelectElement, value: string, events: Array<'input' | 'change'> = ['input', 'change']): void {
  act(() => {
    // Through the prototype's setter, as the browser does: React's value tracker sees a change.
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value)
    for (const type of events) el.dispatchEvent(new Event(type, { bubbles: true }))
  })
}

export function press(key: string, target: EventTarget = window): void {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  })
}
