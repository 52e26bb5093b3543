import { describe, expect, it } from 'vitest'
import type { ParticleMarks } from './particleLayout.ts'
import { clearBox, paintParticles, parseColour, pixelOf, type ParticleInks } from './particlePixels.ts'
import { BUCKET_HOT, BUCKET_KEYLESS, PARTICLE_BUCKETS } from './theme.ts'

/** Marks with the given points per bucket (x, y pairs in CSS px). */
function marks(points: Record<number, Array<[number, number]>>, radius: number): ParticleMarks {
  const buckets = PARTICLE_BUCKETS.map((_, b) => Float32Array.from((points[b] ?? []).flat()))
  return { buckets, counts: buckets.map((a) => a.length / 2), radius, hotKeyShown: (points[BUCKET_HOT]?.length ?? 0) > 0 }
}

const inks: ParticleInks = { buckets: Uint32Array.from(PARTICLE_BUCKETS, (_, b) => 100 + b), halo: 7 }
const at = (px: Uint32Array, w: number, x: number, y: number): number => px[y * w + x] ?? -1

describe('parseColour / pixelOf', () => {
  it('reads the forms the themes use', () => {
    expect(parseColour('#E69F00')).toEqual({ r: 230, g: 159, b: 0, a: 1 })
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 })
    expect(parseColour('#11223380')).toEqual({ r: 0x11, g: 0x22, b: 0x33, a: 0x80 / 255 })
    expect(parseColour('rgba(230, 159, 0, 0.22)')).toEqual({ r: 230, g: 159, b: 0, a: 0.22 })
    expect(parseColour('rgb(1,2,3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 })
    expect(parseColour('orange')).toBeNull()
  })

  it('packs a pixel as the RGBA bytes an ImageData holds', () => {
    const px = new Uint32Array([pixelOf({ r: 230, g: 159, b: 0, a: 0.22 })])
    expect(Array.from(new Uint8ClampedArray(px.buffer))).toEqual([230, 159, 0, 56])
  })
})

describe('paintParticles', () => {
  it('fills the square of each record, the pixels whose centres it covers, and no others', () => {
    const w = 20
    const px = new Uint32Array(w * 20)
    const box = paintParticles(px, w, 20, marks({ [BUCKET_KEYLESS]: [[10, 5]] }, 2), 1, inks)
    // A square from 8 to 12 (exclusive) in x, 3 to 7 in y.
    for (let y = 0; y < 20; y++) {
      for (let x = 0; x < w; x++) expect(at(px, w, x, y)).toBe(x >= 8 && x < 12 && y >= 3 && y < 7 ? 100 + BUCKET_KEYLESS : 0)
    }
    expect(box).toEqual({ x0: 8, x1: 12, y0: 3, y1: 7 })
  })

  it('scales by the device pixel ratio', () => {
    const w = 40
    const px = new Uint32Array(w * 40)
    const box = paintParticles(px, w, 40, marks({ [BUCKET_KEYLESS]: [[10, 5]] }, 2), 2, inks)
    expect(box).toEqual({ x0: 16, x1: 24, y0: 6, y1: 14 })
    expect(px.filter((v) => v !== 0).length).toBe(64)
  })

  it('draws the hot key over ordinary records, inside a halo of its own that ordinary records cover', () => {
    const w = 40
    const px = new Uint32Array(w * 40)
    const ordinary = 2
    paintParticles(px, w, 40, marks({ [BUCKET_HOT]: [[20, 20]], [ordinary]: [[20, 20], [25, 20]] }, 2), 1, inks)
    // Centre: the hot key (radius 2.8) on top of the ordinary record under it.
    expect(at(px, w, 20, 20)).toBe(100 + BUCKET_HOT)
    // The halo (radius 3.8) shows where nothing opaque is drawn …
    expect(at(px, w, 16, 20)).toBe(7)
    // … and the ordinary record beside it covers the halo.
    expect(at(px, w, 24, 20)).toBe(100 + ordinary)
    expect(at(px, w, 10, 20)).toBe(0)
  })

  it('clips records at the edges, and clearBox wipes exactly what was inked', () => {
    const w = 10
    const px = new Uint32Array(w * 10)
    const box = paintParticles(px, w, 10, marks({ [BUCKET_KEYLESS]: [[0, 0], [9.5, 9.5], [50, 50]] }, 2), 1, inks)
    expect(box).toEqual({ x0: 0, x1: 10, y0: 0, y1: 10 })
    expect(px.filter((v) => v !== 0).length).toBe(8)
    clearBox(px, w, box)
    expect(px.every((v) => v === 0)).toBe(true)
  })
})
