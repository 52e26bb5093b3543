// A D3 view sized to its element: now, and whenever the element is resized (window, panels,
// compare mode's sides). Shared by the panels that mount a view.

export interface Resizable {
  resize(size: { width: number; height: number }): void
}

/** Sizes `view` to `el` now and on every resize of `el`; returns the function that stops following. */
export function followSize(el: HTMLElement, view: Resizable): () => void {
  const fit = (): void => view.resize({ width: el.clientWidth, height: el.clientHeight })
  fit()
  if (typeof ResizeObserver === 'undefined') return () => {}
  const ro = new ResizeObserver(fit)
  ro.observe(el)
  return () => ro.disconnect()
}
