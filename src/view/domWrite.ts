// Writes to the DOM only what changed. d3's `attr`/`text` always write, and every write makes the
// browser restyle and repaint; at 60 fps over hundreds of lanes that is most of a frame. Use with
// `selection.call(put, name, value)`. DOM helpers; no state of their own.

import type { BaseType, Selection } from 'd3'

type Primitive = string | number | boolean | null
export type AttrValue<D> = Primitive | ((d: D, i: number) => Primitive)

/** Sets attribute `name` on each element unless it already has that value; null removes it. */
export function put<E extends BaseType, D, P extends BaseType, PD>(
  sel: Selection<E, D, P, PD>,
  name: string,
  value: AttrValue<D>,
): void {
  sel.each(function (d, i) {
    const el = this as unknown as Element
    const v = typeof value === 'function' ? value(d, i) : value
    if (v === null) {
      if (el.hasAttribute(name)) el.removeAttribute(name)
      return
    }
    const s = String(v)
    if (el.getAttribute(name) !== s) el.setAttribute(name, s)
  })
}

/** Sets each element's text unless it already reads so. */
export function putText<E extends BaseType, D, P extends BaseType, PD>(
  sel: Selection<E, D, P, PD>,
  value: string | ((d: D, i: number) => string),
): void {
  sel.each(function (d, i) {
    const el = this as unknown as Element
    const s = typeof value === 'function' ? value(d, i) : value
    if (el.textContent !== s) el.textContent = s
  })
}
