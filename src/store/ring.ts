// A bounded, append-only history kept as plain immutable data. Pure: returns new values.

export interface Ring<T> {
  readonly capacity: number
  /** Oldest first; never longer than `capacity`. */
  readonly items: readonly T[]
}

export function emptyRing<T>(capacity: number): Ring<T> {
  if (!(capacity >= 1)) throw new RangeError(`ring capacity must be ≥ 1, got ${capacity}`)
  return { capacity: Math.floor(capacity), items: [] }
}

/** Appends `more`, dropping the oldest items beyond capacity. Returns `ring` itself when `more` is empty. */
export function pushAll<T>(ring: Ring<T>, more: readonly T[]): Ring<T> {
  if (more.length === 0) return ring
  const joined = ring.items.concat(more)
  const items = joined.length > ring.capacity ? joined.slice(joined.length - ring.capacity) : joined
  return { capacity: ring.capacity, items }
}

/** The items that pass `keep`, in order. Returns `ring` itself when every item passes. */
export function filterRing<T>(ring: Ring<T>, keep: (item: T) => boolean): Ring<T> {
  const items = ring.items.filter(keep)
  return items.length === ring.items.length ? ring : { capacity: ring.capacity, items }
}
