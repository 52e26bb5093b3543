// A share group (KIP-932) through the real simulation: the in-flight cap holds; several members
// on one keyed lane break per-key order where one member does not; a checkpoint continues exactly.
import { describe, expect, it } from 'vitest'
import { countIn } from '../../kafka/sharePartition.ts'
import { defaultScenario, defaultShareGroup } from '../../scenario/defaults.ts'
import type { Scenario } from '../../scenario/types.ts'
import { shareScenario, worldOf } from './shareTestWorld.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'

describe('share group: in-flight records per partition', () => {
  function backlogged(locks: number): Scenario {
    const s = shareScenario(8, { 'group.share.partition.max.record.locks': locks })
    return { ...s, topic: { ...s.topic, initialLag: [100_000] } }
  }

  it('never has more records in flight than group.share.partition.max.record.locks, and a backlog fills it', () => {
    const sim = createSimulation(backlogged(100))
    sim.advanceTo(20_000)
    expect(sim.summary().shareGroup!.inFlightMax).toBe(100)
  })

  it('the cap is what limits: a higher cap lets the same members hold more', () => {
    const sim = createSimulation(backlogged(1000))
    sim.advanceTo(20_000)
    expect(sim.summary().shareGroup!.inFlightMax).toBeGreaterThan(100)
  })
})

describe('share group: per-key order', () => {
  /** The hot-key workload: one key takes half the records; `members` read 12 partitions. */
  function hotLane(members: number): Scenario {
    const s = defaultScenario()
    return {
      ...s,
      start: 'warm',
      producers: [{ ...s.producers[0]!, rate: { kind: 'constant', perSec: 6000 }, keys: { kind: 'hot', count: 1000, hotKey: 'tenant-42', share: 0.5 } }],
      group: { ...s.group, consumers: members, type: 'share', share: defaultShareGroup() },
    }
  }

  it('several members on one keyed lane process records of one key out of order; one member per lane does not', () => {
    const shared = createSimulation(hotLane(24))
    shared.advanceTo(10_000)
    const alone = createSimulation(hotLane(12))
    alone.advanceTo(10_000)
    expect(shared.summary().orderingViolations).toBeGreaterThan(0)
    expect(alone.summary().orderingViolations).toBe(0)
    // …and the shared lane keeps up where one member per lane falls behind.
    expect(shared.summary().lag).toBeLessThan(alone.summary().lag)
  })
})

describe('share group: checkpoints', () => {
  it('a run checkpointed and restored mid-way ends identical to the straight run (locks, counts, membership)', () => {
    const s = shareScenario(3, { releaseShare: 0.2, rejectShare: 0.05, 'group.share.record.lock.duration.ms': 5000 }, [
      { do: 'crashConsumer', consumer: 'consumer-2', atSec: 8 },
      { do: 'addConsumer', count: 1, atSec: 12 },
      { do: 'removeConsumer', consumer: 'consumer-3', atSec: 20 },
    ])
    const straight = createSimulation(s)
    straight.advanceTo(40_000)
    const first = createSimulation(s)
    first.advanceTo(15_500)
    const resumed = restoreSimulation(first.checkpoint())
    resumed.advanceTo(40_000)
    expect(resumed.summary()).toEqual(straight.summary())
    expect(worldOf(resumed).share).toEqual(worldOf(straight).share)
    expect(straight.summary().shareGroup!.archived).toBeGreaterThan(0)
  })
})

describe('share group: a consumer group is untouched', () => {
  it('has no shareGroup figures and no share state', () => {
    const sim = createSimulation({ ...defaultScenario(), start: 'warm' })
    sim.advanceTo(5000)
    expect(sim.summary().shareGroup).toBeUndefined()
    expect(worldOf(sim).share).toBeUndefined()
    expect(countIn({ start: 0, end: 0, runs: [] }, 'acquired')).toBe(0)
  })
})

describe('share group: stopped lanes', () => {
  it('a lane is stopped only when none of its members reads it', () => {
    // Two members on one partition; consumer-1 crashes: consumer-2 still reads the lane.
    const one = createSimulation(shareScenario(2, {}, [{ do: 'crashConsumer', consumer: 'consumer-1', atSec: 5 }]))
    one.advanceTo(15_000)
    expect(one.summary().stoppedPartitionSeconds).toBe(0)
    expect(one.frame(0).laneFlags[0]! & 1).toBe(0)
    // Both crash: nobody reads it from 6 s.
    const both = createSimulation(shareScenario(2, {}, [{ do: 'crashConsumer', consumer: 'consumer-1', atSec: 5 }, { do: 'crashConsumer', consumer: 'consumer-2', atSec: 6 }]))
    both.advanceTo(15_000)
    expect(both.summary().stoppedPartitionSeconds).toBe(9)
    expect(both.frame(0).laneFlags[0]! & 1).toBe(1)
  })
})
