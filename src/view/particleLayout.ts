// Where each sampled record is drawn: a pure function of the frame's sim time, its produce and
// consume times and the lane's backlog (RaftScope's sendTime/recvTime idea). No DOM, no clock.

import { PARTICLE_STRIDE, type Frame } from '../sim/frameTypes.ts'
import type { LaneMark, LayoutOptions } from './layout.ts'
import { BUCKET_HOT, BUCKET_KEYLESS, KEY_COLOURS, PARTICLE_BUCKETS } from './theme.ts'

export interface ParticleMarks {
  /** One array per colour bucket (PARTICLE_BUCKETS order) of x, y pairs; `counts[b]` pairs are valid. */
  buckets: Float32Array[]
  counts: number[]
  radius: number
  /** Whether key 0 currently counts as hot (drawn orange with a halo). */
  hotKeyShown: boolean
}

/** Log-scale fraction of `full` reached by `records` (0 → 0, full → 1). */
export function backlogFraction(records: number, full: number): number {
  if (!(records > 0)) return 0
  return Math.min(1, Math.log10(1 + records) / Math.log10(1 + full))
}

/** Backlog shown as none: about 100 ms of the lane's inflow (one poll's worth), at least 10 records. */
export function backlogFloor(inRatePerSec: number): number {
  return Math.max(10, inRatePerSec * 0.1)
}

/** Where a record sits: x along its lane, or null once it has left the picture. Pure. */
export function particleX(
  t: number,
  producedAt: number,
  consumedAt: number,
  ahead: number,
  geo: { x0: number; x1: number; queueX: number; consumerX: number },
  opts: Pick<LayoutOptions, 'travelMs' | 'exitMs' | 'backlogFull'>,
): number | null {
  if (t < producedAt) return null
  const queueLen = geo.x1 - geo.queueX
  if (consumedAt >= 0 && consumedAt <= t) {
    // Delivered: finish crossing (at least travelMs end to end), then slide into the consumer.
    const arrive = Math.max(consumedAt, producedAt + opts.travelMs)
    if (t < arrive) return geo.x0 + ((geo.x1 - geo.x0) * (t - producedAt)) / (arrive - producedAt)
    const k = (t - arrive) / opts.exitMs
    if (k >= 1) return null
    return geo.x1 + (geo.consumerX - geo.x1) * k
  }
  // Still in the log: head for its place in the queue and wait there.
  const slot = geo.x1 - queueLen * backlogFraction(Math.max(0, ahead), opts.backlogFull)
  const k = Math.min(1, (t - producedAt) / opts.travelMs)
  return geo.x0 + (slot - geo.x0) * k
}

export function layoutParticles(
  frame: Frame,
  lanes: readonly LaneMark[],
  geo: { x0: number; x1: number; queueX: number; consumerX: number },
  opts: LayoutOptions,
): ParticleMarks {
  const p = frame.particles
  const total = Math.floor(p.length / PARTICLE_STRIDE)
  const nb = PARTICLE_BUCKETS.length
  const nKeys = KEY_COLOURS.length
  const hot = frame.hotKeys[0]
  const hotKeyShown = hot !== undefined && hot.share >= opts.hotShareThreshold
  // This runs for every record of every frame (2 000–4 000 of them, 60 times a second), so the
  // loops below are written flat: no closures, the colour bucket computed once per record, and
  // particleX's arithmetic with its constants taken out of the loop (same formulas: see there).
  const bucket = new Uint8Array(total)
  // One buffer for all colours, each bucket a slice sized by a first counting pass: a full-size
  // array per colour was 7 × 32 KB allocated and zeroed every frame (1.5 ms of a 60 Hz frame).
  const sizes = new Array<number>(nb).fill(0)
  for (let i = 0; i < total; i++) {
    const k = p[i * PARTICLE_STRIDE + 1]!
    // Key indices are whole numbers: an integer remainder, not a float one (fmod, a slow call).
    const b = k < 0 ? BUCKET_KEYLESS : k === 0 && hotKeyShown ? BUCKET_HOT : 2 + (Math.max(0, k - 1) | 0) % nKeys
    bucket[i] = b
    sizes[b]!++
  }
  const all = new Float32Array(total * 2)
  let start = 0
  const buckets = sizes.map((n) => all.subarray(start * 2, (start += n) * 2))
  const counts = new Array<number>(nb).fill(0)
  const pitch = lanes.length > 1 ? (lanes[1]?.y ?? 0) - (lanes[0]?.y ?? 0) : (lanes[0]?.h ?? 10)
  const radius = Math.max(1, Math.min(5, pitch * 0.16))

  const t = frame.t
  const { x0, x1, queueX, consumerX } = geo
  const { travelMs, exitMs } = opts
  const queueLen = x1 - queueX
  const logFull = Math.log10(1 + opts.backlogFull)
  const position = frame.position
  for (let i = 0; i < total; i++) {
    const o = i * PARTICLE_STRIDE
    const lane = lanes[p[o]!]
    if (lane === undefined) continue
    const producedAt = p[o + 2]!
    if (t < producedAt) continue
    const consumedAt = p[o + 3]!
    const offset = p[o + 4]!
    let x: number
    if (consumedAt >= 0 && consumedAt <= t) {
      const arrive = Math.max(consumedAt, producedAt + travelMs)
      if (t < arrive) x = x0 + ((x1 - x0) * (t - producedAt)) / (arrive - producedAt)
      else {
        const k = (t - arrive) / exitMs
        if (k >= 1) continue
        x = x1 + (consumerX - x1) * k
      }
    } else {
      const ahead = offset - (position[p[o]!] ?? 0)
      const frac = ahead > 0 ? Math.min(1, Math.log10(1 + ahead) / logFull) : 0
      const slot = x1 - queueLen * frac
      x = x0 + (slot - x0) * Math.min(1, (t - producedAt) / travelMs)
    }
    // Spread records across the lane's height by offset (golden-ratio sequence: stable per record).
    // The fraction as v − floor(v): exactly v % 1 for v ≥ 0, without a float remainder's fmod call.
    const g = offset * 0.6180339887
    const y = lane.y + lane.h * (0.2 + 0.6 * (g - Math.floor(g)))
    const b = bucket[i]!
    const c = counts[b]!
    const arr = buckets[b]!
    arr[c * 2] = x
    arr[c * 2 + 1] = y
    counts[b] = c + 1
  }
  return { buckets, counts, radius, hotKeyShown }
}
