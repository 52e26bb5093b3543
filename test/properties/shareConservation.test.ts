// Conservation for share groups (KIP-932): under random faults and acknowledgement mixes, every
// record acquired is acknowledged, archived or still in flight, counted apart from the state
// (src/sim/ledger.ts). A planted fault that forgets archived records makes the property fail,
// while every figure the page shows still adds up.
import fc from 'fast-check'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Ledger from '../../src/sim/ledger.ts'
import { defaultShareGroup } from '../../src/scenario/defaults.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { conservationErrorsAt } from './conservationCheck.ts'
import { FAULT_RUN_MS, faultAction } from './faultScenario.ts'
import { defaultScenario } from '../../src/scenario/defaults.ts'

const plant = vi.hoisted(() => ({ dropArchived: false, fired: false }))

vi.mock('../../src/sim/ledger.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Ledger>()
  return {
    ...real,
    noteShareSettled: (l: Ledger.Ledger, p: number, acknowledged: number, archived: number) => {
      if (plant.dropArchived && archived > 0) {
        plant.fired = true
        return real.noteShareSettled(l, p, acknowledged, 0) // the archived records vanish from the count
      }
      return real.noteShareSettled(l, p, acknowledged, archived)
    },
  }
})

const shareScenario: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 100_000 }),
    partitions: fc.integer({ min: 1, max: 6 }),
    consumers: fc.integer({ min: 0, max: 8 }),
    rate: fc.integer({ min: 0, max: 600 }),
    processing: fc.integer({ min: 50, max: 3000 }),
    lockMs: fc.integer({ min: 1000, max: 10_000 }),
    limit: fc.integer({ min: 2, max: 10 }),
    locks: fc.integer({ min: 100, max: 2000 }),
    release: fc.double({ min: 0, max: 0.5, noNaN: true }),
    reject: fc.double({ min: 0, max: 0.5, noNaN: true }),
    warm: fc.boolean(),
    actions: fc.array(faultAction, { maxLength: 5 }),
  })
  .map((r) => {
    const s = defaultScenario()
    return {
      ...s,
      seed: r.seed,
      ...(r.warm ? { start: 'warm' as const } : {}),
      durationSec: FAULT_RUN_MS / 1000,
      topic: { ...s.topic, partitions: r.partitions },
      producers: [{ ...s.producers[0]!, rate: { kind: 'constant' as const, perSec: r.rate }, keys: { kind: 'hot' as const, count: 50, hotKey: 'hot', share: 0.5 } }],
      group: {
        ...s.group,
        consumers: r.consumers,
        type: 'share' as const,
        share: { ...defaultShareGroup(), 'group.share.record.lock.duration.ms': r.lockMs, 'group.share.delivery.count.limit': r.limit, 'group.share.partition.max.record.locks': r.locks, releaseShare: r.release, rejectShare: r.reject },
        processing: { ...s.group.processing, recordsPerSec: r.processing },
      },
      actions: [...r.actions].sort((a, b) => a.atSec - b.atSec),
    }
  })

/** The leader-crash run ends here: after its second election (see that test). */
const AFTER_SECOND_ELECTION_MS = 27_000
// Half the fault run: the share path costs what the consumer path does; this keeps the file fast.
const INSTANTS = [FAULT_RUN_MS / 4, FAULT_RUN_MS / 2]

beforeEach(() => {
  plant.dropArchived = false
  plant.fired = false
})

describe('share-group conservation', () => {
  it('every acquired record is acknowledged, archived or in flight, under random faults', () => {
    fc.assert(
      fc.property(shareScenario, (s) => {
        const errors = conservationErrorsAt(createSimulation(s), INSTANTS)
        if (errors.length > 0) throw new Error(errors.join('\n'))
      }),
      { numRuns: 8, seed: 20261201 },
    )
  }, 60_000)

  it('holds when partition leaders crash and move, their share-partitions starting again from the persisted state', () => {
    // The second crash's election comes broker.session.timeout.ms (9 s) after 16 s: every seed's
    // share-partitions restart by then (the first election's may wait for its share coordinator).
    for (const seed of [1, 2, 3]) {
      const s = defaultScenario()
      const sim = createSimulation({
        ...s,
        seed,
        start: 'warm',
        durationSec: AFTER_SECOND_ELECTION_MS / 1000,
        cluster: { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null },
        topic: { ...s.topic, partitions: 3 },
        producers: [{ ...s.producers[0]!, rate: { kind: 'constant', perSec: 300 } }],
        group: { ...s.group, consumers: 4, type: 'share', share: { ...defaultShareGroup(), releaseShare: 0.05 }, processing: { ...s.group.processing, recordsPerSec: 120 } },
        actions: [
          { atSec: 4, do: 'crashBroker', broker: 1 },
          { atSec: 14, do: 'restartBroker', broker: 1 },
          { atSec: 16, do: 'crashBroker', broker: 2 },
        ],
      })
      expect(conservationErrorsAt(sim, [6000, 12_000, 18_000, FAULT_RUN_MS, AFTER_SECOND_ELECTION_MS])).toEqual([])
      expect(sim.summary().shareGroup!.returnedOnLeaderChange).toBeGreaterThan(0)
    }
  })

  it('fails when archived records are not counted, though produced = consumed + lag still holds', () => {
    plant.dropArchived = true
    const s = defaultScenario()
    const sim = createSimulation({
      ...s,
      start: 'warm',
      topic: { ...s.topic, partitions: 2 },
      group: { ...s.group, consumers: 4, type: 'share', share: { ...defaultShareGroup(), rejectShare: 0.1 } },
    })
    const errors = conservationErrorsAt(sim, [5000])
    expect(plant.fired).toBe(true)
    expect(errors.join('\n')).toMatch(/share partition \d+: acquired up to \d+ ≠ acknowledged \d+ \+ archived \d+ − revived \d+ \+ in flight \d+/)
    const sum = sim.summary()
    expect(sum.produced).toBe(sum.consumed + sum.lag)
  })
})
