// A side's Strategy panel opens under its header; on the lower side of a 1024×768 page that ran
// past the window's bottom (its last options out of reach). It opens above the header instead when
// there is more room there, and scrolls within the room it has.

/** Margin kept between the panel and the window's edge (px). */
const EDGE = 8

/** Fits the open panel `pop` (absolutely placed under its parent) into the window: below or above, at most the room there. */
export function fitPopover(pop: HTMLElement, windowHeight: number): void {
  delete pop.dataset['up']
  pop.style.maxHeight = ''
  const anchor = (pop.offsetParent ?? pop.parentElement)?.getBoundingClientRect()
  if (anchor === undefined) {
    pop.dataset['placed'] = 'true'
    return
  }
  const below = windowHeight - anchor.bottom - EDGE
  const above = anchor.top - EDGE
  const height = pop.getBoundingClientRect().height
  const up = height > below && above > below
  if (up) pop.dataset['up'] = 'true'
  pop.style.maxHeight = `${Math.max(120, Math.floor(up ? above : below))}px`
  pop.dataset['placed'] = 'true'
}

/** The panel closed: the next opening is hidden until it is placed again. */
export function unplacePopover(pop: HTMLElement): void {
  delete pop.dataset['placed']
}
