// A share group (KIP-932) through the real simulation: locks expire at exactly the lock duration
// and the records go to another member; the delivery count limit archives.
import { describe, expect, it } from 'vitest'
import { shareScenario, worldOf } from './shareTestWorld.ts'
import { createSimulation } from '../simulation.ts'

describe('share group: acquisition locks', () => {
  it("a crashed member's records come back exactly one lock duration after it acquired them, and another member gets them", () => {
    const sim = createSimulation(shareScenario(2, {}, [{ do: 'crashConsumer', consumer: 'consumer-1', atSec: 10 }]))
    sim.advanceTo(10_000)
    const w = worldOf(sim)
    const held = w.share!.parts[0]!.runs.filter((r) => r.state === 'acquired' && r.member === 0)
    expect(held.length).toBeGreaterThan(0)
    const lockUntil = held[0]!.lockUntil
    // The crashed member acquired them at its last poll; the lock is group.share.record.lock.duration.ms.
    expect(lockUntil - w.consumers[0]!.lastPollAt).toBe(30_000)
    sim.advanceTo(lockUntil - 1)
    expect(sim.drainTrace().some((e) => e.fact.kind === 'share.lockExpired')).toBe(false)
    expect(sim.summary().shareGroup!.redelivered).toBe(0)
    sim.advanceTo(lockUntil)
    const expired = sim.drainTrace().filter((e) => e.fact.kind === 'share.lockExpired')
    expect(expired.map((e) => e.t)).toEqual([lockUntil])
    expect(expired[0]!.fact).toMatchObject({ partition: 0, member: 'consumer-1', lockMs: 30_000 })
    sim.advanceTo(lockUntil + 2000)
    const after = worldOf(sim)
    const s = sim.summary().shareGroup!
    expect(s.redelivered).toBeGreaterThanOrEqual(held.reduce((n, r) => n + r.to - r.from, 0))
    expect(s.maxDeliveryCount).toBe(2)
    // Nothing is locked to the crashed member any more.
    expect(after.share!.parts[0]!.runs.some((r) => r.state === 'acquired' && r.member === 0)).toBe(false)
  })

  it('a shorter lock duration brings them back sooner, by exactly that duration', () => {
    const sim = createSimulation(shareScenario(2, { 'group.share.record.lock.duration.ms': 5000 }, [{ do: 'crashConsumer', consumer: 'consumer-1', atSec: 10 }]))
    sim.advanceTo(10_000)
    const w = worldOf(sim)
    const lockUntil = w.share!.parts[0]!.runs.find((r) => r.state === 'acquired' && r.member === 0)!.lockUntil
    expect(lockUntil - w.consumers[0]!.lastPollAt).toBe(5000)
    sim.advanceTo(lockUntil)
    expect(sim.drainTrace().filter((e) => e.fact.kind === 'share.lockExpired').map((e) => e.t)).toEqual([lockUntil])
  })
})

describe('share group: delivery count limit', () => {
  it('an application that releases every record sees each delivered exactly 5 times, then archived', () => {
    const sim = createSimulation(shareScenario(2, { releaseShare: 1 }))
    sim.advanceTo(30_000)
    const w = worldOf(sim)
    const s = sim.summary().shareGroup!
    expect(s.acknowledged).toBe(0)
    expect(s.maxDeliveryCount).toBe(5)
    expect(s.archived).toBeGreaterThan(0)
    // Every archived record was delivered 5 times; records still in flight as many times as their count says.
    let inFlightDeliveries = 0
    for (const r of w.share!.parts[0]!.runs) if (r.state === 'acquired' || r.state === 'available') inFlightDeliveries += r.deliveryCount * (r.to - r.from)
    expect(s.acquired).toBe(5 * s.archived + inFlightDeliveries)
    expect(s.redelivered).toBe(s.acquired - sim.summary().consumed)
  })

  it('the limit is a setting: at 2, a record is archived on its 2nd failed delivery', () => {
    const sim = createSimulation(shareScenario(2, { releaseShare: 1, 'group.share.delivery.count.limit': 2 }))
    sim.advanceTo(20_000)
    expect(sim.summary().shareGroup!.maxDeliveryCount).toBe(2)
  })

  it('rejected records are archived at once, never redelivered', () => {
    const sim = createSimulation(shareScenario(2, { rejectShare: 1 }))
    sim.advanceTo(20_000)
    const s = sim.summary().shareGroup!
    expect(s.archived).toBeGreaterThan(0)
    expect(s.redelivered).toBe(0)
    expect(s.maxDeliveryCount).toBe(1)
  })
})

