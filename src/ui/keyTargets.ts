// Which keys the focused control uses itself, so a page-wide shortcut must leave them alone.
// DOM reads only (tag, type, role); no state.

/** A field the user types into: every printable key (and Space) is text there. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  if ((target as HTMLElement).isContentEditable) return true
  const tag = target.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag !== 'INPUT') return false
  const type = (target as HTMLInputElement).type
  return !NON_TEXT_INPUTS.has(type)
}

const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file', 'image'])

/** Keys a native range input (or an ARIA slider) moves its value with. */
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'])

/** Controls Space (and Enter) activate: a button, a summary, a checkbox or radio, a menu item. */
export function isActivatable(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  const tag = target.tagName
  if (tag === 'BUTTON' || tag === 'SUMMARY' || tag === 'A') return true
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type
    return type === 'checkbox' || type === 'radio' || type === 'button' || type === 'submit' || type === 'reset'
  }
  const role = target.getAttribute('role')
  return role === 'button' || role === 'menuitem' || role === 'checkbox' || role === 'switch' || role === 'tab' || role === 'option'
}

function isSlider(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  return (target.tagName === 'INPUT' && (target as HTMLInputElement).type === 'range') || target.getAttribute('role') === 'slider'
}

/**
 * A modal dialog is open (the Import dialog, the Lessons list, the keys, a client configuration):
 * the page behind it is inert (aria-modal), so a key is the dialog's, never the page's shortcut
 * (R restarted, C left for compare mode and L stacked a second dialog over the Import dialog).
 * Asked of the document, not the key's target: a click in the dialog leaves focus on <body>.
 */
function modalOpen(doc: Document): boolean {
  return doc.querySelector('[aria-modal="true"]') !== null
}

/** True when the focused `target` uses `key` itself (typing, Space on a button, arrows on a slider). */
export function controlUsesKey(target: EventTarget | null, key: string): boolean {
  if (isTextEntry(target)) return key !== 'Escape'
  if (key === ' ' || key === 'Enter') return isActivatable(target)
  if (SLIDER_KEYS.has(key)) return isSlider(target)
  return false
}

/**
 * Marks a column that scrolls on its own and is a Tab stop when it does (compare mode's tables of
 * each side; the browser makes a scroller without controls focusable): see scrollColumnUsesKey.
 */
export const SCROLL_COLUMN = 'data-scroll-column'

/** Keys a focused scroller scrolls with, which are also page shortcuts (Space plays, Page Down steps). */
const SCROLL_KEYS = new Set([' ', 'PageDown', 'PageUp'])

/**
 * True when `key` is the focused scrolling column's: Page Down / Page Up, or Space, pressed on the
 * column itself or on a figure in it that is no control, while it has more to show than fits. The
 * page's shortcuts took them, so the column never scrolled from the keyboard. On a control inside
 * it the key stays the control's or the page's (Space presses a button; a presenter remote's Page
 * Down steps), and a column with nothing to scroll leaves Space to play or pause.
 */
export function scrollColumnUsesKey(target: EventTarget | null, key: string): boolean {
  if (!SCROLL_KEYS.has(key) || !(target instanceof Element)) return false
  if (isActivatable(target) || isTextEntry(target) || isSlider(target)) return false
  const column = target.closest(`[${SCROLL_COLUMN}]`)
  return column !== null && column.scrollHeight > column.clientHeight
}

/**
 * The page's shortcut handlers (one highway, compare mode, the lesson's remote keys) leave `e` alone:
 * the focused control (or scrolling column) uses the key itself, or a modal dialog is open and the
 * key is its.
 */
export function notThePagesKey(e: KeyboardEvent, doc: Document): boolean {
  return controlUsesKey(e.target, e.key) || scrollColumnUsesKey(e.target, e.key) || modalOpen(doc)
}
