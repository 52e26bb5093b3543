// broker-hotspot's story, checked against runs of the preset (with its capacity and without it):
// which broker leads the hot lane, how hot it is, and which lanes its saturation slows.
import { describe, expect, it } from 'vitest'
import { createSimulation } from '../../sim/simulation.ts'
import { brokerBoxes } from '../../view/brokerStrip.ts'
import { getPreset } from './index.ts'

const preset = getPreset('broker-hotspot')!

function run(capacity: number | null) {
  const s = preset.build()
  s.cluster = { ...s.cluster!, brokerCapacityPerSec: capacity }
  const sim = createSimulation(s)
  sim.advanceTo(10_000)
  const before = sim.summary().partitions.map((p) => p.produced)
  sim.advanceTo(40_000)
  const sum = sim.summary()
  return { sim, sum, appended: sum.partitions.map((p, i) => p.produced - before[i]!), trace: sim.drainTrace(), leader: sim.frame().laneLeader }
}

describe('broker-hotspot story', () => {
  const capped = run(preset.build().cluster!.brokerCapacityPerSec)
  const free = run(null)

  it('names the broker that leads the hot lane and the other lanes it leads', () => {
    const hotLane = capped.sum.hotKeys[0]!.partitions[0]!
    const hot = capped.trace.map((e) => e.fact).filter((f) => f.kind === 'broker.hot')
    expect(hot).toHaveLength(1)
    const f = hot[0]!
    if (f.kind !== 'broker.hot') throw new Error('unreachable')
    expect(f.leaders).toContain(hotLane)
    const others = f.leaders.filter((p) => p !== hotLane)
    expect(preset.notice).toContain(`partition ${hotLane} is led by broker ${f.broker + 1}, which also leads partitions ${others.slice(0, -1).join(', ')} and ${others.at(-1)}`)
  })

  it('gives the in-rates the story quotes, with and without the capacity', () => {
    const [b1, b2, b3] = free.sum.brokers
    expect(Math.round(b1!.recordsInPerSec / 100) * 100).toBe(3800)
    for (const b of [b2!, b3!]) expect(Math.round(b.recordsInPerSec / 100) * 100).toBe(1100)
    const mean = (bs: typeof free.sum.brokers) => bs.reduce((a, b) => a + b.recordsInPerSec, 0) / bs.length
    expect((b1!.recordsInPerSec / mean(free.sum.brokers)).toFixed(1)).toBe('1.9')
    expect(preset.notice).toMatch(/about 3800 records\/s, 1\.9× the/)
    const c1 = capped.sum.brokers[0]!
    expect(c1.recordsInPerSec).toBe(3000)
    expect((c1.recordsInPerSec / mean(capped.sum.brokers)).toFixed(1)).toBe('1.7')
    expect(capped.sum.brokers.map((b) => b.hot)).toEqual([true, false, false])
  })

  it('slows every lane of the saturated broker to about 80 %, and no other lane', () => {
    const saturated = capped.trace.map((e) => e.fact).filter((f) => f.kind === 'broker.saturated')
    expect(saturated.map((f) => (f.kind === 'broker.saturated' ? f.broker : -1))).toEqual([0])
    for (let p = 0; p < 12; p++) {
      const ratio = capped.appended[p]! / free.appended[p]!
      if (capped.leader[p] === 0) {
        expect(ratio).toBeGreaterThan(0.75)
        expect(ratio).toBeLessThan(0.85)
      } else expect(ratio).toBe(1)
    }
    expect(capped.sum.producerBuffered).toBeGreaterThan(0)
    expect(preset.notice).toContain('about 80% of what the producers send them')
  })

  it('names the badge the broker strip shows on the hot broker (AT CAPACITY outranks HOT there)', () => {
    // The story said "the broker strip flags broker 1 HOT" of the uncapped run; the room looked at
    // the strip of this one and read AT CAPACITY.
    const box = brokerBoxes(capped.sim.frame().brokers)[0]!
    expect(box.badge).toBe('AT CAPACITY')
    expect(preset.notice).toContain(`the strip says ${box.badge}`)
    expect(preset.notice).not.toContain('flags broker 1 HOT')
  })
})
