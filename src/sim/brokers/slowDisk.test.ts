// A slow disk without a broker capacity: appends on that broker take longer, so what it leads (and,
// as an in-sync follower, what waits for it) reaches consumers later; acks=all waits for it, acks=1
// only when it leads. Through the real simulation, with a healthy run as the yardstick.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario, ScenarioAction } from '../../scenario/types.ts'
import type { Simulation } from '../simulationApi.ts'
import { createSimulation } from '../simulation.ts'
import type { WorldState } from '../worldState.ts'
import { readableEnd } from './producerRetry.ts'
import { extraAppendMs, LOG_APPEND_MS, slowAckMs } from './slowDisk.ts'
import { segEnd, segTime } from '../segLog.ts'

const worldOf = (sim: Simulation) => (sim.checkpoint().state as { w: WorldState }).w

function scenario(rf: number, slow: boolean): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.durationSec = 20
  s.producerConfig['linger.ms'] = 20
  s.cluster = { brokers: 3, 'replication.factor': rf, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
  s.actions = slow ? [{ atSec: 2, do: 'slowBroker', broker: 1, factor: 4 } as ScenarioAction] : []
  return s
}

describe('slow disk without a broker capacity', () => {
  it('adds (factor − 1) × the nominal append to each append', () => {
    expect(extraAppendMs(1)).toBe(0)
    expect(extraAppendMs(4)).toBe(3 * LOG_APPEND_MS)
  })

  it('holds back only the lanes whose replicas include the slow broker (replication factor 1: the lanes it leads)', () => {
    const sim = createSimulation(scenario(1, true))
    sim.advanceTo(4_000)
    const w = worldOf(sim)
    const now = 4_000
    const led = Array.from({ length: w.P }, (_, p) => p).filter((p) => w.cluster.leader[p] === 0)
    const others = Array.from({ length: w.P }, (_, p) => p).filter((p) => w.cluster.leader[p] !== 0)
    expect(led.length).toBeGreaterThan(0)
    for (const p of others) expect(readableEnd(w, p, now)).toBe(w.leo[p])
    for (const p of led) {
      // Readable: exactly what was appended at least 30 ms ago.
      const log = w.segs
      let i = log.n[p]! - 1
      while (i >= 0 && segTime(log, p, i) > now - 3 * LOG_APPEND_MS) i--
      expect(readableEnd(w, p, now)).toBe(Math.max(segEnd(log, p, i), w.delivered[p]!))
      expect(readableEnd(w, p, now)).toBeLessThan(w.leo[p]!)
    }
  })

  it('with replication factor 3 every lane waits for it (high watermark), and end-to-end latency rises by about the extra append', () => {
    const healthy = createSimulation(scenario(3, false))
    const slow = createSimulation(scenario(3, true))
    healthy.advanceTo(7_000)
    slow.advanceTo(7_000)
    const a = healthy.summary().latencyMs.p50!
    const b = slow.summary().latencyMs.p50!
    expect(b - a).toBeGreaterThan(0.6 * 3 * LOG_APPEND_MS)
    expect(b - a).toBeLessThan(2 * 3 * LOG_APPEND_MS)
    expect(slow.summary().brokers[0]).toMatchObject({ slowFactor: 4, extraAppendMs: 30 })
    expect(healthy.summary().brokers[0]).toMatchObject({ slowFactor: 1, extraAppendMs: 0 })
  })

  it('acks=all waits for a slow in-sync follower, acks=1 only for a slow leader', () => {
    const sim = createSimulation(scenario(3, true))
    sim.advanceTo(3_000)
    const w = worldOf(sim)
    const followed = Array.from({ length: w.P }, (_, p) => p).find((p) => w.cluster.leader[p] !== 0 && w.cluster.isr[p]!.includes(0))!
    const led = Array.from({ length: w.P }, (_, p) => p).find((p) => w.cluster.leader[p] === 0)!
    expect(slowAckMs(w, followed, 'all')).toBe(30)
    expect(slowAckMs(w, followed, '1')).toBe(0)
    expect(slowAckMs(w, led, '1')).toBe(30)
    expect(slowAckMs(w, led, '0')).toBe(0)
  })
})
