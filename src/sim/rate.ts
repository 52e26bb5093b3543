// Producer rate over time (records/s) from a RateSpec. Pure.

import type { RateSpec } from '../scenario/types.ts'

/** Records per second at sim time `tMs`. */
export function rateAt(spec: RateSpec, tMs: number): number {
  const t = tMs / 1000
  switch (spec.kind) {
    case 'constant':
      return spec.perSec
    case 'step':
      return t < spec.atSec ? spec.perSec : spec.toPerSec
    case 'ramp': {
      if (t <= spec.startSec) return spec.fromPerSec
      if (t >= spec.endSec) return spec.toPerSec
      const f = (t - spec.startSec) / (spec.endSec - spec.startSec)
      return spec.fromPerSec + f * (spec.toPerSec - spec.fromPerSec)
    }
    case 'spike':
      return t >= spec.atSec && t < spec.atSec + spec.durationSec ? spec.perSec * spec.multiplier : spec.perSec
    case 'sine':
      return Math.max(0, spec.perSec * (1 + spec.amplitude * Math.sin((2 * Math.PI * t) / spec.periodSec)))
    case 'schedule': {
      const pts = spec.points
      if (pts.length === 0) return 0
      const first = pts[0]!
      if (t <= first[0]) return first[1]
      for (let i = 1; i < pts.length; i++) {
        const b = pts[i]!
        if (t < b[0]) {
          const a = pts[i - 1]!
          return a[1] + ((t - a[0]) / (b[0] - a[0])) * (b[1] - a[1])
        }
      }
      return pts[pts.length - 1]![1]
    }
  }
}
