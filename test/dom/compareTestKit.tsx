// Test helpers for the jsdom project's compare-mode components (here, not in src/ui: they build
// sides with the app's side actions, which src/ui may not import): a compare store and two sides'
// stores (each with compare mode's side actions), and a component mounted inside that context.

import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { sideActions } from '../../src/app/compareSideActions.ts'
import type { Variant } from '../../src/scenario/overrides.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { createCompareStore } from '../../src/store/compareStore.ts'
import { createAppStore } from '../../src/store/createAppStore.ts'
import { CompareContext, type CompareActions, type CompareContextValue } from '../../src/ui/compare/compareActions.ts'

/** Two sides on `base` (one store each, paused), their compare store, and `actions` as compare mode passes them. */
export function twoSides(base: Scenario, variants: Variant[], actions: CompareActions): CompareContextValue {
  const store = createCompareStore({ base, variants, playing: false, mark: 0 })
  const sides = [0, 1].map((i) => ({ store: createAppStore({ scenario: base, playing: false }), actions: sideActions(actions, () => i) }))
  return { store, actions, sides }
}

/** Renders `node` inside the compare context `value`; unmount() takes it out of the document. */
export function mountInCompare(node: ReactNode, value: CompareContextValue): { el: HTMLElement; unmount(): void } {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  act(() => root.render(<CompareContext.Provider value={value}>{node}</CompareContext.Provider>))
  return {
    el,
    unmount: () => {
      act(() => root.unmount())
      el.remove()
    },
  }
}
