// Whether the page is on screen, as the drivers need it: a hidden tab (another tab in front, the
// window minimised) pauses the simulation's wall clock, and showing it again resumes from where it
// was with no catch-up. Reads `document.visibilityState`, so a test can emulate it by overriding
// that property and dispatching `visibilitychange`.

export interface PageVisibility {
  hidden(): boolean
  /** Calls `cb` on every visibility change; returns the unsubscribe. */
  onChange(cb: () => void): () => void
}

export function pageVisibility(doc: Document): PageVisibility {
  return {
    hidden: () => doc.visibilityState === 'hidden',
    onChange(cb) {
      doc.addEventListener('visibilitychange', cb)
      return () => doc.removeEventListener('visibilitychange', cb)
    },
  }
}

/** For hosts without a page (tests, Node): always visible. */
export const ALWAYS_VISIBLE: PageVisibility = { hidden: () => false, onChange: () => () => {} }

/** Visibility set by hand (tests): `set(true)` hides the page and tells every listener. */
export function manualVisibility(): PageVisibility & { set(hidden: boolean): void } {
  let hidden = false
  const listeners = new Set<() => void>()
  return {
    hidden: () => hidden,
    onChange(cb) {
      listeners.add(cb)
      return () => listeners.delete(cb)
    },
    set(h) {
      hidden = h
      for (const l of listeners) l()
    },
  }
}
