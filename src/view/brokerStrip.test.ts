// The broker strip's words and bars, from a frame's brokers.
import { describe, expect, it } from 'vitest'
import type { BrokerView } from '../sim/frameTypes.ts'
import { brokerBoxes } from './brokerStrip.ts'
import { layout, leaderLabel } from './layout.ts'
import { makeFrame } from './frameFixture.ts'

const broker = (id: number, o: Partial<BrokerView> = {}): BrokerView => ({
  id,
  up: true,
  leaders: 4,
  replicas: 8,
  inRate: 1000,
  bytesInRate: 100_000,
  outRate: 1000,
  hot: false,
  saturated: false,
  capacityPerSec: null,
  slowFactor: 1,
  noticeInMs: null,
  coordinator: false,
  ...o,
})

describe('broker strip model', () => {
  it('names brokers from 1, scales bars to the busiest, and says HOT in words', () => {
    const boxes = brokerBoxes([broker(0, { inRate: 3800, hot: true }), broker(1, { inRate: 1100 }), broker(2, { inRate: 1100, leaders: 1 })])
    expect(boxes.map((b) => b.name)).toEqual(['Broker 1', 'Broker 2', 'Broker 3'])
    expect(boxes.map((b) => b.short)).toEqual(['b1', 'b2', 'b3'])
    expect(boxes.map((b) => b.badge)).toEqual(['HOT', '', ''])
    expect(boxes[0]!.inFrac).toBe(1)
    expect(boxes[1]!.inFrac).toBeCloseTo(1100 / 3800)
    expect(boxes[0]!.rateText).toBe('3.8k rec/s in')
    expect(boxes[2]!.leadersText).toBe('1 leader')
    expect(boxes[0]!.description).toBe('Broker 1: leads 4 partitions, holds 8 replicas, appends 3.8k rec/s, hot: far above the other brokers')
    expect(boxes.every((b) => b.capFrac === null)).toBe(true)
  })

  it('a broker in controlled shutdown says STOPPING, and why in its description', () => {
    const boxes = brokerBoxes([broker(0), broker(1, { stopping: true, leaders: 0 })])
    expect(boxes.map((b) => b.badge)).toEqual(['', 'STOPPING'])
    expect(boxes[1]!.up).toBe(true)
    expect(boxes[1]!.description).toMatch(/^Broker 2 \(shutting down: it stops once the controller allows it\): leads 0 partitions/)
  })

  it('shows a capacity bar against the capacity, and AT CAPACITY over HOT when saturated', () => {
    const boxes = brokerBoxes([broker(0, { inRate: 3000, hot: true, saturated: true, capacityPerSec: 3000 }), broker(1, { inRate: 1500, capacityPerSec: 3000 })])
    expect(boxes.map((b) => b.badge)).toEqual(['AT CAPACITY', ''])
    expect(boxes.map((b) => b.badgeShort)).toEqual(['AT CAP.', ''])
    expect(boxes.map((b) => b.capFrac)).toEqual([1, 0.5])
    expect(boxes[1]!.inFrac).toBe(0.5)
    expect(boxes[0]!.description).toContain('100 % of its 3.0k rec/s capacity')
    expect(boxes[0]!.description).toContain('at capacity: the lanes it leads slow down')
  })

  it("names the group's coordinator in the description, on that broker only", () => {
    const boxes = brokerBoxes([broker(0), broker(1, { coordinator: true })])
    expect(boxes.map((b) => b.coordinator)).toEqual([false, true])
    expect(boxes[1]!.description).toMatch(/the consumer group's coordinator$/)
    expect(boxes[0]!.description).not.toMatch(/coordinator/)
  })

  it('says how much longer a slow disk makes each append', () => {
    const boxes = brokerBoxes([broker(0, { slowFactor: 4 }), broker(1)])
    expect(boxes[0]!.description).toContain('slow disk: appends take 4× longer (+30 ms each)')
    expect(boxes[1]!.description).not.toContain('slow disk')
  })

  it('labels each lane with its leader broker, "no leader" when offline', () => {
    const f = makeFrame({ partitions: 4 })
    f.laneLeader = Int32Array.from([2, 0, -1, 1])
    expect(layout(f, { width: 1000, height: 600 }).lanes.map((l) => l.leader)).toEqual(['b3', 'b1', 'no leader', 'b2'])
    expect(leaderLabel(63)).toBe('b64')
  })
})
