// The page's tooltips for touch and keyboard. A `title` shows only on a mouse's hover, so a
// participant on a phone or tablet and a keyboard user never saw the words behind a slider or a
// status figure. This shows the same text in a bubble: on a tap (touch or pen) of an element with a
// title (or of a label whose control has one), and on keyboard focus of one (a checkbox's title sits
// on its label). The Timeline's markers say their words themselves (TimelineBar). The mouse keeps
// the browser's own tooltip. Titles are read from the DOM at the tap or focus; the only state is
// the bubble shown.

import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { TIP_ITEM } from './useTipGroup.ts'

/** The bubble's id: a figure reached in a tip group (useTipGroup) is described by it while it shows. */
export const TIP_ID = 'title-tip'

/** An element whose tip is shown, and the tip's text. */
export interface Titled {
  el: Element
  text: string
}

/**
 * `data-tip="focus"`: the title is for keyboard focus only (the Timeline's keys: a finger's tap
 * seeks there, and the marker it lands on shows its own words).
 */
function tipOff(el: Element): boolean {
  return el.closest('[data-tip="focus"]') !== null
}

/**
 * The title a tap on `target` stands for: its own or an ancestor's, or a label's control's
 * (tapping "Hot-key share" explains the slider without moving it).
 */
export function titledAt(target: EventTarget | null): Titled | null {
  if (!(target instanceof Element) || tipOff(target)) return null
  for (let el: Element | null = target; el !== null; el = el.parentElement) {
    const own = el.getAttribute('title')
    if (own !== null && own.trim() !== '') return { el, text: own }
    const control = el.tagName === 'LABEL' ? (el as HTMLLabelElement).control : null
    const its = control?.getAttribute('title') ?? ''
    if (control !== null && its.trim() !== '' && !tipOff(control)) return { el, text: its }
  }
  return null
}

/** The title keyboard focus on `target` stands for: its own, or (a checkbox) its label's. */
export function titledFocus(target: EventTarget | null): Titled | null {
  if (!(target instanceof Element)) return null
  const own = target.getAttribute('title')
  if (own !== null && own.trim() !== '') return { el: target, text: own }
  const labels = (target as HTMLInputElement).labels
  for (const label of labels ?? []) {
    const t = label.getAttribute('title')
    if (t !== null && t.trim() !== '') return { el: target, text: t }
  }
  return null
}

/**
 * Focus on `target` belongs to the tip's element: itself, inside it, (a tapped label) its control,
 * or a group holding it (a tap on a status figure focuses the status bar, a tip group: useTipGroup).
 */
function holds(el: Element, target: EventTarget | null): boolean {
  if (!(target instanceof Node)) return false
  return el === target || el.contains(target) || target.contains(el) || (el.tagName === 'LABEL' && (el as HTMLLabelElement).control === target)
}

interface Shown extends Titled {
  /** How it came: a tap's tip stays until the next touch; a focus's leaves with the focus. */
  by: 'tap' | 'focus'
}

const GAP = 6
const MARGIN = 8

/**
 * The last input's kind, per document and not per bubble: a switch between one highway and compare
 * mode renders a new page (and a new TitleTip), whose focus on "One highway" after a mouse click on
 * the Compare menu read as keyboard focus, and its tip stayed over side B's label.
 */
interface LastInput {
  pointer: boolean
  touch: boolean
}
const lastInputs = new WeakMap<Document, LastInput>()

function lastInputOf(doc: Document): LastInput {
  const had = lastInputs.get(doc)
  if (had !== undefined) return had
  const fresh = { pointer: false, touch: false }
  lastInputs.set(doc, fresh)
  return fresh
}

/** Where the bubble goes: under the element, or above it when it would leave the window; inside it sideways. */
export function tipPlace(anchor: { left: number; top: number; bottom: number; width: number }, tip: { width: number; height: number }, win: { width: number; height: number }): { left: number; top: number } {
  const below = anchor.bottom + GAP
  const top = below + tip.height + MARGIN <= win.height || anchor.top - GAP - tip.height < MARGIN ? below : anchor.top - GAP - tip.height
  const centred = anchor.left + anchor.width / 2 - tip.width / 2
  const left = Math.max(MARGIN, Math.min(centred, win.width - MARGIN - tip.width))
  return { left: Math.round(left), top: Math.round(Math.max(MARGIN, Math.min(top, win.height - MARGIN - tip.height))) }
}

export function TitleTip(): ReactNode {
  const [shown, setShown] = useState<Shown | null>(null)
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null)
  // Bumped when the page scrolls under a shown bubble, so it is placed again.
  const [followed, setFollowed] = useState(0)
  const bubble = useRef<HTMLDivElement>(null)
  const current = useRef<Shown | null>(null)
  current.current = shown

  useEffect(() => {
    const doc = bubble.current?.ownerDocument ?? document
    const win = doc.defaultView ?? window
    // The last input's kind: focus that follows a pointer is not keyboard focus, and only a
    // touch's (or pen's) tap shows a tip (a mouse has the browser's).
    const input = lastInputOf(doc)
    const hide = (): void => setShown(null)
    const onPointerDown = (e: PointerEvent): void => {
      input.pointer = true
      input.touch = e.pointerType === 'touch' || e.pointerType === 'pen'
      if (current.current !== null) hide()
    }
    const onKeyDown = (e: KeyboardEvent): void => {
      input.pointer = false
      if (e.key === 'Escape' && current.current !== null) hide()
    }
    // pointerup, not click: a tap on a slider gives no click. A touch that became a scroll ends in
    // pointercancel instead, so scrolling the page shows nothing.
    const onPointerUp = (e: PointerEvent): void => {
      if (!input.touch) return
      const t = titledAt(e.target)
      if (t !== null) setShown({ ...t, by: 'tap' })
    }
    const onFocusIn = (e: FocusEvent): void => {
      const c = current.current
      // Focus moved on (a menu or dialog opened by the tap): the tip would sit over it.
      if (c !== null && !holds(c.el, e.target)) hide()
      if (input.pointer) return
      const t = titledFocus(e.target)
      if (t !== null) setShown({ ...t, by: 'focus' })
    }
    const onFocusOut = (e: FocusEvent): void => {
      const c = current.current
      if (c !== null && c.by === 'focus' && c.el === e.target) hide()
    }
    // The page scrolled (a participant's swipe, or scroll anchoring as the status line rewraps):
    // the bubble follows its element, and goes once the element has left the window.
    let frame: number | null = null
    const follow = (): void => {
      if (current.current === null || frame !== null) return
      frame = win.requestAnimationFrame(() => {
        frame = null
        const c = current.current
        if (c === null) return
        const r = c.el.getBoundingClientRect()
        if (!c.el.isConnected || r.bottom < 0 || r.top > win.innerHeight) hide()
        else setFollowed((n) => n + 1)
      })
    }
    // One signal removes every listener at once (nothing to keep in step with the adds).
    const off = new AbortController()
    const capture = { capture: true, signal: off.signal }
    doc.addEventListener('pointerdown', onPointerDown, capture)
    doc.addEventListener('keydown', onKeyDown, capture)
    doc.addEventListener('pointerup', onPointerUp, capture)
    doc.addEventListener('focusin', onFocusIn, { signal: off.signal })
    doc.addEventListener('focusout', onFocusOut, { signal: off.signal })
    win.addEventListener('scroll', follow, capture)
    win.addEventListener('resize', follow, { signal: off.signal })
    return () => {
      off.abort()
      if (frame !== null) win.cancelAnimationFrame(frame)
    }
  }, [])

  useLayoutEffect(() => {
    const b = bubble.current
    if (shown === null || b === null) {
      setPlace(null)
      return
    }
    const win = b.ownerDocument.defaultView ?? window
    const r = b.getBoundingClientRect()
    setPlace(tipPlace(shown.el.getBoundingClientRect(), { width: r.width, height: r.height }, { width: win.innerWidth, height: win.innerHeight }))
  }, [shown, followed])

  // A figure reached by the arrow keys of a tip group is described by the bubble (role tooltip)
  // while it shows; aria-describedby then stands in for its title, so nothing is read twice.
  const describes = shown !== null && shown.by === 'focus' && shown.el.hasAttribute(TIP_ITEM)
  useEffect(() => {
    if (!describes || shown === null) return
    const el = shown.el
    el.setAttribute('aria-describedby', TIP_ID)
    return () => el.removeAttribute('aria-describedby')
  }, [describes, shown])

  const style: CSSProperties = place === null ? { left: 0, top: 0, visibility: 'hidden' } : { left: place.left, top: place.top }
  return (
    // Elsewhere the same words as the title, which is already the element's accessible description:
    // hidden from assistive technology so a screen reader does not read them twice.
    <div ref={bubble} id={TIP_ID} role="tooltip" className="title-tip" aria-hidden={describes ? undefined : true} data-by={shown?.by} style={style} hidden={shown === null}>
      {shown?.text}
    </div>
  )
}
