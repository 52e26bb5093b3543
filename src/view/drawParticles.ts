// Paints the moving records onto the highway's 2D canvas. Not one fillRect per record: on a
// software-rendered canvas (no GPU, a laptop on battery) 3 000 fillRects cost ~1.5 ms of main-thread
// time a frame in the canvas binding and its recording, about a tenth of a core at 60 frames a
// second (measured in test/browser/battery.test.ts's page, headless chromium). The squares go into
// a pixel buffer instead (particlePixels.ts) and reach the canvas in one putImageData, of the rows
// that changed only. DOM: holds one ImageData per canvas, reused frame to frame.

import type { LanesLayout } from './layout.ts'
import { clearBox, paintParticles, parseColour, pixelOf, type InkedBox, type ParticleInks } from './particlePixels.ts'
import { PARTICLE_BUCKETS, theme } from './theme.ts'

interface Surface {
  img: ImageData
  px: Uint32Array
  /** Where the last paint left ink (cleared before the next). */
  inked: InkedBox
}

const surfaces = new WeakMap<CanvasRenderingContext2D, Surface>()
let inks: ParticleInks | null = null

/** The theme's particle colours as pixels; a form parseColour does not know is normalised by the canvas. */
function inksFor(ctx: CanvasRenderingContext2D): ParticleInks {
  if (inks !== null) return inks
  const pixel = (css: string): number => {
    let c = parseColour(css)
    if (c === null) {
      ctx.fillStyle = css
      c = parseColour(String(ctx.fillStyle))
    }
    return c === null ? 0 : pixelOf(c)
  }
  inks = { buckets: Uint32Array.from(PARTICLE_BUCKETS, pixel), halo: pixel(theme.hotHalo) }
  return inks
}

function surfaceFor(ctx: CanvasRenderingContext2D): Surface {
  const { width, height } = ctx.canvas
  const s = surfaces.get(ctx)
  if (s !== undefined && s.img.width === width && s.img.height === height) return s
  const img = ctx.createImageData(Math.max(1, width), Math.max(1, height))
  const fresh: Surface = { img, px: new Uint32Array(img.data.buffer), inked: { x0: 0, x1: img.width, y0: 0, y1: img.height } }
  surfaces.set(ctx, fresh)
  return fresh
}

export function drawParticles(ctx: CanvasRenderingContext2D, L: LanesLayout, dpr: number): void {
  const s = surfaceFor(ctx)
  const { width: w, height: h } = s.img
  const was = s.inked
  clearBox(s.px, w, was)
  const now = paintParticles(s.px, w, h, L.particles, dpr, inksFor(ctx))
  s.inked = now
  // Only the box that held ink before or holds it now: the rest of the canvas is already clear.
  const x0 = Math.min(was.x0, now.x0)
  const y0 = Math.min(was.y0, now.y0)
  const x1 = Math.max(was.x1, now.x1)
  const y1 = Math.max(was.y1, now.y1)
  if (x1 > x0 && y1 > y0) ctx.putImageData(s.img, 0, 0, x0, y0, x1 - x0, y1 - y0)
}
