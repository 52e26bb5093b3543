// cluster.brokerCapacityPerSec: a saturated broker slows every lane it leads, and only those; the
// records it cannot append wait in the producers' buffers (nothing is lost).
import { describe, expect, it } from 'vitest'
import { DEFAULT_HOT_KEY, defaultScenario } from '../../scenario/defaults.ts'
import { brokerFailureScenario } from '../../scenario/presets/brokerFailure.ts'
import { brokerHotspotScenario } from '../../scenario/presets/brokerHotspot.ts'
import { brokerBoxes } from '../../view/brokerStrip.ts'
import { narrate } from '../narration.ts'
import type { Scenario } from '../../scenario/types.ts'
import { createSimulation } from '../simulation.ts'
import type { Simulation } from '../simulationApi.ts'
import type { WorldState } from '../worldState.ts'

/** 6 lanes on 3 brokers (2 each); the hot key's lane takes ~2000 of 3000 rec/s. */
function scenario(capacity: number | null): Scenario {
  const s = defaultScenario()
  s.topic.partitions = 6
  s.start = 'warm'
  s.producers[0]!.keys = { kind: 'hot', count: 1000, hotKey: DEFAULT_HOT_KEY, share: 0.6 }
  s.cluster = { brokers: 3, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: capacity }
  return s
}

const worldOf = (sim: Simulation): WorldState => (sim as unknown as { w: WorldState }).w

describe('broker capacity', () => {
  const free = createSimulation(scenario(null))
  const capped = createSimulation(scenario(1200))
  free.advanceTo(8000)
  capped.advanceTo(8000)
  const trace = capped.drainTrace()
  const f = capped.frame()
  const hotLane = capped.summary().hotKeys[0]!.partitions[0]!
  const hotBroker = f.laneLeader[hotLane]!
  const lanes = Array.from({ length: 6 }, (_, p) => p)
  const onHot = lanes.filter((p) => f.laneLeader[p] === hotBroker)
  const elsewhere = lanes.filter((p) => f.laneLeader[p] !== hotBroker)

  it('holds the saturated broker to its capacity, and every lane it leads falls behind what it was sent', () => {
    expect(onHot.length).toBe(2)
    const b = f.brokers[hotBroker]!
    expect(b.saturated).toBe(true)
    expect(b.inRate).toBeGreaterThan(1100)
    expect(b.inRate).toBeLessThanOrEqual(1200)
    const w = worldOf(capped)
    const wFree = worldOf(free)
    for (const p of onHot) {
      expect(w.leo[p]!).toBeLessThan(wFree.leo[p]!)
      expect(w.buffered[p]!).toBeGreaterThan(0)
    }
  })

  it('leaves the lanes of the other brokers exactly as they run without capacity', () => {
    const w = worldOf(capped)
    const wFree = worldOf(free)
    expect(elsewhere.length).toBe(4)
    for (const p of elsewhere) {
      expect(w.leo[p]).toBe(wFree.leo[p])
      expect(w.buffered[p]).toBe(0)
    }
    expect(f.brokers.filter((b) => b.saturated).map((b) => b.id)).toEqual([hotBroker])
  })

  it('keeps every record: generated = appended + waiting in the producers', () => {
    const w = worldOf(capped)
    let appended = 0
    let buffered = 0
    for (let p = 0; p < w.P; p++) {
      appended += w.leo[p]!
      buffered += w.buffered[p]!
    }
    expect(buffered).toBeGreaterThan(1000)
    expect(appended + buffered).toBe(w.ledger.generated)
  })

  it('says which broker saturated and which lanes it slows', () => {
    const said = trace.map((e) => e.fact).filter((x) => x.kind === 'broker.saturated')
    expect(said).toEqual([{ kind: 'broker.saturated', broker: hotBroker, capacityPerSec: 1200, partitions: onHot }])
  })

  it('says when a running broker is below its capacity again (the load fell), once, with the capacity it has', () => {
    const sim = createSimulation(scenario(1200))
    sim.advanceTo(8000)
    sim.apply({ do: 'setRate', producer: 0, perSec: 300 })
    sim.advanceTo(30_000)
    const ends = sim.drainTrace().map((e) => e.fact).filter((x) => x.kind === 'broker.unsaturated')
    expect(ends).toEqual([{ kind: 'broker.unsaturated', broker: hotBroker, capacityPerSec: 1200 }])
  })

  it('never reports a crashed broker saturated, from its crash on, nor the strip AT CAPACITY beside DOWN', () => {
    // broker-failure (RF 3, 6000 rec/s) at 1200 rec/s a broker: every broker is at capacity when
    // broker 2 crashes at 20 s; the controller moves its leaders away at ~27.6 s.
    const s = brokerFailureScenario()
    s.cluster = { ...s.cluster!, brokerCapacityPerSec: 1200 }
    const sim = createSimulation(s)
    sim.advanceTo(19_900)
    expect(sim.frame().brokers[1]!.saturated).toBe(true)
    for (let t = 20_000; t <= 35_000; t += 100) {
      sim.advanceTo(t)
      const down = sim.frame().brokers[1]!
      expect(down.up).toBe(false)
      expect(down.saturated).toBe(false)
      const box = brokerBoxes(sim.frame().brokers)[1]!
      expect(box.badge).toBe('DOWN')
      expect(box.description).not.toContain('at capacity')
    }
    const facts = sim.drainTrace().filter((e) => e.t >= 20_000).map((e) => e.fact)
    // Its saturation ends with the crash, and the crash says so; no later line says it saturated or cleared.
    const crash = facts.find((f) => f.kind === 'broker.crash')!
    expect(narrate(crash)).toMatch(/^broker 2 crashed \(it was at its append capacity; a dead broker appends nothing\): /)
    const aboutIt = facts.filter((f) => (f.kind === 'broker.saturated' || f.kind === 'broker.unsaturated') && (f as { broker: number }).broker === 1)
    expect(aboutIt).toEqual([])
  })

  it('gives lanes that cannot append (acks=all waiting for a crashed follower) none of their leader\'s capacity', () => {
    // broker-hotspot (RF 2, 3000 rec/s a broker), broker 1 crashed at 12 s: until the controller
    // fences it (19.8 s) every lane it follows waits for it under acks=all, its records held in
    // the producer. Counted in their leaders' wants, those growing buffers took brokers 2 and 3's
    // capacity from the lanes that could append: ~550 rec/s in each, flagged AT CAPACITY. (After
    // the fence they take broker 1's lanes and their held batches: saturated then, for real.)
    const s = brokerHotspotScenario()
    s.producerConfig.acks = 'all'
    s.actions = [{ atSec: 12, do: 'crashBroker', broker: 1 }]
    const sim = createSimulation(s)
    sim.advanceTo(19_500)
    const facts = sim.drainTrace().filter((e) => e.t > 12_000).map((e) => e.fact)
    expect(facts.filter((f) => f.kind === 'broker.saturated')).toEqual([])
    const w = worldOf(sim)
    const f = sim.frame()
    for (const b of [1, 2]) {
      // Each runs far below its capacity, so every lane it leads that may append does so in full.
      expect(f.brokers[b]!.saturated).toBe(false)
      for (let p = 0; p < w.P; p++) if (f.laneLeader[p] === b && w.cluster.isr[p]!.length === 1) expect(w.buffered[p]).toBeLessThan(200)
    }
  })

  it('holds a broker whose disk slowed to its new capacity from the next second, as the narration says', () => {
    // broker-hotspot: broker 3 leads ~1100 rec/s, under its 3000. Its unused capacity was banked
    // (up to a second of the full 3000) and, once its disk slowed ×4 (750 rec/s), paid out for
    // 8.6 s: the strip showed 1.1k rec/s in, no AT CAPACITY, beside "it appends at most 750 rec/s".
    const s = brokerHotspotScenario()
    s.actions = [{ atSec: 5, do: 'slowBroker', broker: 3, factor: 4 }]
    const sim = createSimulation(s)
    sim.advanceTo(5_000)
    const slow = sim.drainTrace().find((e) => e.fact.kind === 'broker.slow')!
    expect(narrate(slow.fact)).toContain('it also appends at most 750 rec/s')
    for (let t = 7_000; t <= 12_000; t += 1000) {
      sim.advanceTo(t)
      const b3 = sim.frame().brokers[2]!
      expect(b3.inRate).toBeLessThanOrEqual(750)
      expect(b3.saturated).toBe(true)
    }
  })
})
