// Paints the moving records onto a 2D canvas, one path per colour (the batching the fps table in
// ../shared/toolchain.md calls for). Pure drawing: reads only the marks it is given.

import type { LanesLayout } from './layout.ts'
import { BUCKET_HOT, PARTICLE_BUCKETS, theme } from './theme.ts'

export function drawParticles(ctx: CanvasRenderingContext2D, L: LanesLayout, dpr: number): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  ctx.clearRect(0, 0, L.width, L.height)
  const { buckets, counts, radius } = L.particles
  const hotPts = buckets[BUCKET_HOT]
  const hotN = counts[BUCKET_HOT] ?? 0
  if (hotPts !== undefined && hotN > 0) {
    // Halo first, so the hot key reads as a glowing stream even when lanes are thin.
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
    ctx.beginPath()
    for (let i = 0; i < n; i++) ctx.rect(pts[i * 2]! - r, pts[i * 2 + 1]! - r, r * 2, r * 2)
    ctx.fill()
  }
}
