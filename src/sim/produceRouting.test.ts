// The simulation routes keyless records through kafka/partitioners (the code its vector tests
// cover): the sticky partitions a run uses are the ones those functions give for the same draws.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Rng } from '../engine/rng.ts'
import { partitionForKey } from '../kafka/murmur2.ts'
import { createBuiltInPartitioner, peekCurrentPartition, updatePartitionInfo } from '../kafka/partitioners/builtInPartitioner.ts'
import { emptyLegacySticky, legacySendPartition } from '../kafka/partitioners/legacyStickyPartitioner.ts'
import type { NextInt, TopicMetadata } from '../kafka/partitioners/partitioner.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import type { PartitionerName, Scenario } from '../scenario/types.ts'
import { createSimulation } from './simulation.ts'

const topicOf = (n: number): TopicMetadata => ({ numPartitions: n, availablePartitions: Array.from({ length: n }, (_, i) => i) })

/** One keyless record per send cycle (200/s, linger.ms 5), each as big as batch.size: every record is a batch. */
function oneBatchPerCycle(partitioner: PartitionerName | null, partitions: number): Scenario {
  const s = defaultScenario()
  s.topic.partitions = partitions
  s.group.consumers = 0
  const p = s.producers[0]!
  p.keys = { kind: 'keyless' }
  p.rate = { kind: 'constant', perSec: 200 }
  p.recordBytes = s.producerConfig['batch.size']
  s.producerConfig['partitioner.class'] = partitioner
  return s
}

/** The partition of each successive batch the simulation appends, read off the log-end offsets. */
function simulatedBatches(s: Scenario, batches: number): number[] {
  const sim = createSimulation(s)
  const P = s.topic.partitions
  let prev: Float64Array = new Float64Array(P)
  const out: number[] = []
  for (let t = 5; out.length < batches; t += 5) {
    sim.advanceTo(t)
    const leo = sim.frame(0).logEndOffset
    const grew: number[] = []
    for (let p = 0; p < P; p++) for (let k = 0; k < leo[p]! - prev[p]!; k++) grew.push(p)
    expect(grew.length, `records appended at ${t} ms`).toBe(1)
    out.push(...grew)
    prev = leo
  }
  return out
}

/** Runs `fn` and returns every nextInt32 any Rng handed out meanwhile (only partitioners ask for them). */
function recordingDraws<T>(fn: () => T): { result: T; draws: number[] } {
  const spy = vi.spyOn(Rng.prototype, 'nextInt32')
  const result = fn()
  const draws = spy.mock.results.map((r) => r.value as number)
  spy.mockRestore()
  return { result, draws }
}

function replay(draws: readonly number[]): { next: NextInt; taken: () => number } {
  let i = 0
  return {
    next: () => {
      if (i >= draws.length) throw new Error('the simulation drew fewer numbers than the partitioner needs')
      return draws[i++]!
    },
    taken: () => i,
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('keyless routing in the simulation is the kafka/partitioners code', () => {
  it('UniformStickyPartitioner on 2 partitions never sends two batches in a row to the same partition', () => {
    const seq = simulatedBatches(oneBatchPerCycle('uniform-sticky', 2), 200)
    for (let i = 1; i < seq.length; i++) expect(seq[i], `batch ${i}`).not.toBe(seq[i - 1])
  })

  it('UniformStickyPartitioner: the batches go where legacySendPartition sends them, fed the same draws', () => {
    const { result: seq, draws } = recordingDraws(() => simulatedBatches(oneBatchPerCycle('uniform-sticky', 5), 150))
    const r = replay(draws)
    let cache = emptyLegacySticky
    const expected = seq.map(() => {
      const sent = legacySendPartition(cache, null, topicOf(5), { ignoreKeys: true }, () => true, r.next)
      cache = sent.state
      return sent.partition
    })
    expect(seq).toEqual(expected)
    expect(r.taken()).toBe(draws.length)
  })

  it('the built-in partitioner (KIP-794): the batches go where peekCurrentPartition/updatePartitionInfo send them', () => {
    const s = oneBatchPerCycle(null, 5)
    const { result: seq, draws } = recordingDraws(() => simulatedBatches(s, 150))
    const r = replay(draws)
    let b = createBuiltInPartitioner(s.producerConfig['batch.size'])
    const expected = seq.map(() => {
      const peeked = peekCurrentPartition(b, topicOf(5), r.next)
      b = updatePartitionInfo(peeked.state, s.producers[0]!.recordBytes, true, topicOf(5), r.next)
      return peeked.partition
    })
    expect(seq).toEqual(expected)
    // the built-in partitioner may pick the same partition again (unlike the KIP-480 cache)
    expect(seq.some((p, i) => i > 0 && p === seq[i - 1])).toBe(true)
  })

  it('RoundRobinPartitioner deals records to the partitions in turn', () => {
    expect(simulatedBatches(oneBatchPerCycle('round-robin', 3), 7)).toEqual([0, 1, 2, 0, 1, 2, 0])
  })
})

describe('keyed records under the 2.4–3.2 DefaultPartitioner (legacy-sticky)', () => {
  it('go to their murmur2 partition, even with partitioner.ignore.keys (no effect on a custom class)', () => {
    const s = defaultScenario()
    s.group.consumers = 0
    s.producers[0]!.keys = { kind: 'hot', count: 100, hotKey: 'hot', share: 0.9 }
    s.producerConfig['partitioner.class'] = 'legacy-sticky'
    s.producerConfig['partitioner.ignore.keys'] = true
    const sim = createSimulation(s)
    sim.advanceTo(10_000)
    const sum = sim.summary()
    const hot = sum.partitions[partitionForKey('hot', s.topic.partitions)]!
    expect(hot.produced / sum.produced).toBeGreaterThan(0.88)
  })
})
