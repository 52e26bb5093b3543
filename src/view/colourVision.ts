// How a colour looks to a viewer with protanopia or deuteranopia, and how far apart two colours
// look (CIE ΔE*ab 1976 in CIELAB, D65). Pure; used to test the consumer palette.

export type Deficiency = 'protanopia' | 'deuteranopia'

/**
 * Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color
 * vision deficiency", severity 1.0; applied to linear RGB.
 */
const MACHADO: Record<Deficiency, readonly (readonly number[])[]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
}

/** '#rrggbb' → linear RGB, each 0..1. */
export function linearRgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex)
  if (m === null) throw new Error(`not a #rrggbb colour: ${hex}`)
  const c = [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16) / 255)
  const lin = (v: number): number => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
  return [lin(c[0]!), lin(c[1]!), lin(c[2]!)]
}

/** The linear RGB a viewer with `d` perceives for `hex` (null: normal vision). */
export function simulate(hex: string, d: Deficiency | null): [number, number, number] {
  const l = linearRgb(hex)
  if (d === null) return l
  const clamp = (v: number): number => Math.min(1, Math.max(0, v))
  const row = (r: readonly number[]): number => clamp(r[0]! * l[0] + r[1]! * l[1] + r[2]! * l[2])
  const m = MACHADO[d]
  return [row(m[0]!), row(m[1]!), row(m[2]!)]
}

/** Linear sRGB → CIELAB (D65 white). */
export function toLab([r, g, b]: readonly [number, number, number]): [number, number, number] {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116)
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
}

/** ΔE*ab (1976) between two colours as a viewer with `d` sees them. */
export function perceivedDistance(a: string, b: string, d: Deficiency | null): number {
  const p = toLab(simulate(a, d))
  const q = toLab(simulate(b, d))
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2])
}
