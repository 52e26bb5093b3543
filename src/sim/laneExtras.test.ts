// The lane bits are hints that must never hide work: whenever a lane's owner is idle in its long
// poll, the lane's wake bit is set (else an append would not wake it); whenever a lane has samples
// not yet delivered or per-key segments, its bit says so. Checked every 50 simulated ms through
// presets with crashes, joins, rolling restarts, added partitions, broker faults and the Parallel
// Consumer, where owners wait, move and come back.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/index.ts'
import { LANE_KEY_SEGS, LANE_SAMPLES, LANE_WAKE } from './laneExtras.ts'
import { createSimulation } from './simulation.ts'
import type { WorldState } from './worldState.ts'

function violations(w: WorldState): string[] {
  const out: string[] = []
  for (let p = 0; p < w.P; p++) {
    const bits = w.laneExtras[p]!
    const c = w.owner[p]!
    if (!w.share && c >= 0 && w.consumers[c]!.waiting && (bits & LANE_WAKE) === 0) out.push(`lane ${p}: owner ${c} waits, no wake bit`)
    if (w.sampleHead[p]! < w.samplesByP[p]!.length && (bits & LANE_SAMPLES) === 0) out.push(`lane ${p}: samples waiting, no bit`)
    if (w.partKeySegs[p]!.length > 0 && (bits & LANE_KEY_SEGS) === 0) out.push(`lane ${p}: key segments, no bit`)
  }
  return out
}

describe('lane bits', () => {
  it('never hide a waiting owner, waiting samples or key segments, through crashes, joins, restarts, new partitions, broker faults and the Parallel Consumer', () => {
    let waits = 0
    let samples = 0
    for (const name of ['consumer-crash', 'consumer-joins-cooperative', 'rolling-restart-static', 'add-partitions', 'broker-failure', 'parallel-consumer-key-order', 'steady']) {
      const sim = createSimulation(getPreset(name)!.build())
      const w = (sim as unknown as { w: WorldState }).w
      for (let t = 50; t <= 30_000; t += 50) {
        sim.advanceTo(t)
        expect(violations(w), `${name} at ${t} ms`).toEqual([])
        for (const cs of w.consumers) if (cs.waiting) waits++
        for (let p = 0; p < w.P; p++) if (w.sampleHead[p]! < w.samplesByP[p]!.length) samples++
      }
    }
    // The check had something to check: owners were waiting, samples were in lanes.
    expect(waits).toBeGreaterThan(100)
    expect(samples).toBeGreaterThan(100)
  }, 60_000)
})
