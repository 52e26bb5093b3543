// Paints the moving records onto a 2D canvas, batched by colour (one fillStyle per colour, the
// batching the fps table in ../shared/toolchain.md calls for). Records are opaque squares drawn
// with fillRect: on software-rendered canvas (no GPU, a laptop on battery) one path of thousands of
// anti-aliased subpaths costs ~3.5 ms a frame to rasterise, the same squares as fillRects ~0.4 ms
// (measured at 1280×460, 3 000 records, headless chromium). Pure drawing: reads only the marks given.

import type { LanesLayout } from './layout.ts'
import { BUCKET_HOT, PARTICLE_BUCKETS, theme } from './theme.ts'

export function drawParticles(ctx: CanvasRenderingContext2D, L: LanesLayout, dpr: number): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  ctx.clearRect(0, 0, L.width, L.height)
  const { buckets, counts, radius } = L.particles
  const hotPts = buckets[BUCKET_HOT]
  const hotN = counts[BUCKET_HOT] ?? 0
  if (hotPts !== undefined && hotN > 0) {
    // Halo first, so the hot key reads as a glowing stream even when lanes are thin. One path: the
    // halo is translucent, and squares filled one by one would darken where they overlap.
    const hr = radius * 1.9
    ctx.fillStyle = theme.hotHalo
    ctx.beginPath()
    for (let i = 0; i < hotN; i++) ctx.rect(hotPts[i * 2]! - hr, hotPts[i * 2 + 1]! - hr, hr * 2, hr * 2)
    ctx.fill()
  }
  // Hot key last, so it is never hidden under ordinary records.
  for (let b = PARTICLE_BUCKETS.length - 1; b >= 0; b--) {
    const pts = buckets[b]
    const n = counts[b] ?? 0
    if (pts === undefined || n === 0) continue
    const r = b === BUCKET_HOT ? radius * 1.4 : radius
    ctx.fillStyle = PARTICLE_BUCKETS[b] ?? theme.keyless
    // Opaque colours: squares drawn one by one cover exactly what one path of them would.
    for (let i = 0; i < n; i++) ctx.fillRect(pts[i * 2]! - r, pts[i * 2 + 1]! - r, r * 2, r * 2)
  }
}
