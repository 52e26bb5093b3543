// Compare mode's "Add side": a menu of the sides to copy (the last first, the default). The copy
// becomes the new last side, brought to the moment shown as if it had run from 0 s with the others;
// the teacher then changes it with its own Strategy popover, which gets the focus. At four sides,
// or inside a lesson (which keeps its own sides), a button that does nothing says why.

import { useRef, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { MAX_SIDES } from '../../store/compareStore.ts'
import { FORK_MENU_ITEMS, useDismissDetails } from '../useDismissDetails.ts'
import { keepInWindowX } from '../useMenuBox.ts'
import { useCompare } from './compareActions.ts'
import { SIDE_LETTERS } from './CompareSide.tsx'

/** Focuses side `i`'s Strategy once the page shows it (after React has rendered the new side). */
export function focusSideStrategy(doc: Document, i: number): void {
  setTimeout(() => doc.querySelectorAll<HTMLElement>('.compare-side .side-controls > summary')[i]?.focus(), 0)
}

export function AddSide(): ReactNode {
  const { sides } = useCompare()
  const lessonAt = useStore(sides[0]!.store, (s) => s.lessonAt)
  const why = sides.length >= MAX_SIDES ? `At most ${MAX_SIDES} sides on one clock: remove one (× in its header) to add another` : lessonAt !== null ? 'A lesson keeps its own sides: leave it to add one' : null
  if (why !== null) {
    // aria-disabled, not disabled: a disabled button takes no focus, so a keyboard user never
    // reached the reason in its title (the page's bubble shows it on focus, TitleTip.tsx).
    return (
      <button type="button" className="add-side" aria-disabled="true" title={why}>
        Add side
      </button>
    )
  }
  return <AddSideMenu />
}

/**
 * The drop-down itself, its own component so that its keys (useDismissDetails) are bound to the
 * <details> it renders: when Add side first showed as the disabled button (four sides, a lesson),
 * a hook in AddSide had bound at mount to no element and never again, so after a side was removed
 * the menu took neither Esc nor arrows.
 */
function AddSideMenu(): ReactNode {
  const { store, actions } = useCompare()
  const labels = useStore(store, (s) => s.variants.map((v) => v.label).join('\u0000')).split('\u0000')
  const details = useRef<HTMLDetailsElement>(null)
  useDismissDetails(details, FORK_MENU_ITEMS)
  const last = labels.length - 1
  const add = (from: number, doc: Document): void => {
    if (details.current !== null) details.current.open = false
    const i = actions.addSide(from)
    if (i >= 0) focusSideStrategy(doc, i)
  }
  return (
    <details
      ref={details}
      className="fork add-side"
      onToggle={(e) => {
        const menu = e.currentTarget.querySelector<HTMLElement>('.fork-menu')
        if (!e.currentTarget.open || menu === null) return
        keepInWindowX(menu, window.innerWidth)
        // The default (a copy of the last side) first and focused: Enter, Enter adds it.
        menu.querySelector<HTMLElement>('button')?.focus()
      }}
    >
      <summary title="Add a side: a copy of one side on the same clock, then change its Strategy">Add side</summary>
      <div className="fork-menu" role="group" aria-label="Add a side as a copy of">
        {labels
          .map((label, i) => ({ label, i }))
          .reverse()
          .map(({ label, i }) => (
            <button key={i} type="button" onClick={(e) => add(i, e.currentTarget.ownerDocument)}>
              Copy of side {SIDE_LETTERS[i]} · {label} {i === last ? <span className="when">(default)</span> : null}
            </button>
          ))}
        <p className="dim small">The copy joins at this moment as if it had run from 0 s. Change it with its Strategy.</p>
      </div>
    </details>
  )
}
