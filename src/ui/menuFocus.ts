// The keys that move the focus through a menu or a list of choices, as WAI-ARIA's menu and listbox
// patterns have them: ↓ / ↑ the next / previous item, Home / End the first / last. One function for
// every such widget in src/ui: the menus (Share, Export, a consumer's or a broker's actions, Compare ▾,
// Add side), the Lessons list and the tooltip groups (useTipGroup).

export interface MenuMoveOptions {
  /** Past the last item ↓ goes to the first and ↑ from the first to the last (a menu); else it stays (a list). */
  wrap: boolean
  /** → / ← move as ↓ / ↑ (a row of figures). */
  sideways?: boolean
  /** Page Down / Page Up move as ↓ / ↑ (a presenter remote's keys in the Lessons list). */
  pageKeys?: boolean
}

/**
 * Where `key` moves the focus among `count` items from item `at` (-1: none of them has it: ↓ goes to
 * the first, ↑ to the last), or null when `key` is not a move. Pure.
 */
export function menuMove(count: number, at: number, key: string, opts: MenuMoveOptions): number | null {
  if (count === 0) return null
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  const by = key === 'ArrowDown' || (opts.sideways === true && key === 'ArrowRight') || (opts.pageKeys === true && key === 'PageDown') ? 1 : key === 'ArrowUp' || (opts.sideways === true && key === 'ArrowLeft') || (opts.pageKeys === true && key === 'PageUp') ? -1 : 0
  if (by === 0) return null
  if (at < 0) return by > 0 ? 0 : count - 1
  return opts.wrap ? (at + by + count) % count : Math.max(0, Math.min(count - 1, at + by))
}

/**
 * Moves the focus among `items` for `key` (the focused one found in `doc`); true when the key was a
 * move, so the caller prevents its default (and the page's shortcut for it).
 */
export function moveMenuFocus(items: readonly HTMLElement[], key: string, opts: MenuMoveOptions): boolean {
  const doc = items[0]?.ownerDocument
  const to = menuMove(items.length, items.indexOf(doc?.activeElement as HTMLElement), key, opts)
  if (to === null) return false
  items[to]?.focus()
  return true
}
