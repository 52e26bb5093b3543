// The moving records as pixels: squares written straight into a 32-bit pixel buffer, then shown with
// one putImageData. On a software-rendered canvas (no GPU: a laptop on battery, headless chromium)
// each fillRect costs about a microsecond of main-thread time in the canvas binding and recording
// alone, and a frame holds 2 000–4 000 records: most of the page's drawing cost while playing.
// Typed-array writes of the same squares cost a small fraction of that. Pure: no DOM, no clock.

import type { ParticleMarks } from './particleLayout.ts'
import { BUCKET_HOT } from './theme.ts'

/** A CSS colour as red, green, blue (0–255) and alpha (0–1). */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

/**
 * Parses the colour forms the themes use: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` and
 * `rgba(r, g, b, a)`. Null for anything else (the caller asks the canvas to normalise it). Pure.
 */
export function parseColour(css: string): Rgba | null {
  const s = css.trim().toLowerCase()
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(s)
  if (hex !== null) {
    const h = hex[1]!
    const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h
    const byte = (i: number): number => parseInt(full.slice(i * 2, i * 2 + 2), 16)
    return { r: byte(0), g: byte(1), b: byte(2), a: full.length === 8 ? byte(3) / 255 : 1 }
  }
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(s)
  if (fn !== null) {
    const c = (i: number): number => Math.max(0, Math.min(255, Math.round(Number(fn[i]))))
    return { r: c(1), g: c(2), b: c(3), a: fn[4] === undefined ? 1 : Math.max(0, Math.min(1, Number(fn[4]))) }
  }
  return null
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([0x0a0b0c0d]).buffer)[0] === 0x0d

/**
 * `c` as one pixel of an ImageData's buffer seen as a Uint32Array (RGBA bytes in memory order,
 * not premultiplied, as ImageData holds them). Pure.
 */
export function pixelOf(c: Rgba): number {
  const a = Math.round(c.a * 255)
  return (LITTLE_ENDIAN ? ((a << 24) | (c.b << 16) | (c.g << 8) | c.r) : ((c.r << 24) | (c.g << 16) | (c.b << 8) | a)) >>> 0
}

/** Pixel colours for one paint: per particle bucket (PARTICLE_BUCKETS order) and the hot key's halo. */
export interface ParticleInks {
  buckets: Uint32Array
  halo: number
}

/** The box [x0, x1) × [y0, y1) of device pixels holding ink after a paint (empty when y1 ≤ y0): what the next clear must wipe. */
export interface InkedBox {
  x0: number
  x1: number
  y0: number
  y1: number
}

/** A box holding nothing, ready to be widened. */
export function emptyBox(): InkedBox {
  return { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity }
}

/**
 * Fills the square of half-side `r` (CSS px) around each point, scaled by `dpr`, with `ink`. A
 * pixel is covered when its centre is inside the square, the rule a non-anti-aliased fillRect
 * follows; squares are clipped to the buffer. Widens `box` to what it inked.
 */
function squares(px: Uint32Array, w: number, h: number, pts: Float32Array, n: number, r: number, dpr: number, ink: number, box: InkedBox): void {
  for (let i = 0; i < n; i++) {
    const cx = pts[i * 2]!
    const cy = pts[i * 2 + 1]!
    const x0 = Math.max(0, Math.round((cx - r) * dpr))
    const x1 = Math.min(w, Math.round((cx + r) * dpr))
    const y0 = Math.max(0, Math.round((cy - r) * dpr))
    const y1 = Math.min(h, Math.round((cy + r) * dpr))
    if (x1 <= x0 || y1 <= y0) continue
    if (x0 < box.x0) box.x0 = x0
    if (x1 > box.x1) box.x1 = x1
    if (y0 < box.y0) box.y0 = y0
    if (y1 > box.y1) box.y1 = y1
    // Plain loops: a square is ~10 pixels wide, too short for TypedArray.fill's call to pay off.
    for (let row = y0 * w, end = y1 * w; row < end; row += w) {
      for (let k = row + x0, stop = row + x1; k < stop; k++) px[k] = ink
    }
  }
}

/**
 * Paints `marks` into `px` (a `w` × `h` device-pixel buffer, cleared by the caller) the way
 * drawParticles always drew them: the hot key's halo first (translucent, one colour where halos
 * overlap, as one path of them filled once), then buckets from last to first, so the hot key
 * (bucket 0) ends on top of ordinary records. Returns the box it inked. Pure.
 */
export function paintParticles(px: Uint32Array, w: number, h: number, marks: ParticleMarks, dpr: number, inks: ParticleInks): InkedBox {
  const box = emptyBox()
  const { buckets, counts, radius } = marks
  const hotPts = buckets[BUCKET_HOT]
  const hotN = counts[BUCKET_HOT] ?? 0
  if (hotPts !== undefined && hotN > 0) squares(px, w, h, hotPts, hotN, radius * 1.9, dpr, inks.halo, box)
  for (let b = buckets.length - 1; b >= 0; b--) {
    const pts = buckets[b]
    const n = counts[b] ?? 0
    if (pts === undefined || n === 0) continue
    squares(px, w, h, pts, n, b === BUCKET_HOT ? radius * 1.4 : radius, dpr, inks.buckets[b] ?? 0, box)
  }
  return box
}

/** Sets the pixels of `box` to 0 (transparent). */
export function clearBox(px: Uint32Array, w: number, box: InkedBox): void {
  for (let y = box.y0; y < box.y1; y++) px.fill(0, y * w + box.x0, y * w + box.x1)
}
