// Conservation through broker faults: generated = appended + buffered + lost + failed, with lost
// (acks=1 on a leader crash) and failed (delivery.timeout.ms) as the run reports them. And it has
// teeth: a run that forgets to count a lost or a failed record breaks it. The mutations are
// planted by wrapping the real module functions; production code has no hooks.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Leadership from '../../src/sim/brokers/leadership.ts'
import type * as ProducerRetry from '../../src/sim/brokers/producerRetry.ts'
import type * as ProducerHeld from '../../src/sim/producerHeld.ts'
import { defaultScenario } from '../../src/scenario/defaults.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { conservationErrorsAt } from './conservationCheck.ts'

const plant = vi.hoisted(() => ({ drop: 'none' as 'none' | 'lost' | 'failed' }))

vi.mock('../../src/sim/brokers/leadership.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Leadership>()
  return {
    ...real,
    truncateLog: (...args: Parameters<typeof real.truncateLog>) => {
      const [w] = args
      const before = w.faults!.lostRecords
      const cut = real.truncateLog(...args)
      if (plant.drop === 'lost') w.faults!.lostRecords = before // the loss happens, the count does not
      return cut
    },
  }
})

// Records fail in two places: past delivery.timeout.ms since send() (producerHeld.expireHeld, any
// held record) and out of retries while the leader is away (producerRetry.holdBack).
vi.mock('../../src/sim/producerHeld.ts', async (importOriginal) => {
  const real = await importOriginal<typeof ProducerHeld>()
  return {
    ...real,
    expireHeld: (...args: Parameters<typeof real.expireHeld>) => {
      const [w] = args
      const before = w.faults?.failedSends ?? 0
      const left = real.expireHeld(...args)
      if (plant.drop === 'failed' && w.faults) w.faults.failedSends = before
      return left
    },
  }
})

vi.mock('../../src/sim/brokers/producerRetry.ts', async (importOriginal) => {
  const real = await importOriginal<typeof ProducerRetry>()
  return {
    ...real,
    holdBack: (...args: Parameters<typeof real.holdBack>) => {
      const [w] = args
      const before = w.faults!.failedSends
      real.holdBack(...args)
      if (plant.drop === 'failed') w.faults!.failedSends = before
    },
  }
})

function crash(acks: 'all' | '1', rf: number, timeoutMs: number, fault: 'crashBroker' | 'shutdownBroker' = 'crashBroker'): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.producers[0]!.rate = { kind: 'constant', perSec: 6000 }
  s.producerConfig['linger.ms'] = 50 // fewer send cycles: a cheaper run; the crash lands just after one
  s.cluster = { brokers: 3, 'replication.factor': rf, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
  Object.assign(s.producerConfig, { acks, 'request.timeout.ms': 1000, 'delivery.timeout.ms': timeoutMs })
  s.actions = [
    { atSec: 5, do: fault, broker: 2 },
    { atSec: 15, do: 'restartBroker', broker: 2 },
  ]
  return s
}

const INSTANTS = [4_000, 6_000, 15_000, 22_000]

beforeEach(() => {
  plant.drop = 'none'
})

describe('conservation through broker faults', () => {
  it('holds with acks=1 (records lost), acks=all (records sent again) and an offline partition (records failed)', () => {
    for (const s of [crash('1', 3, 120_000), crash('all', 3, 120_000), crash('all', 1, 5000)]) {
      expect(conservationErrorsAt(createSimulation(s), INSTANTS)).toEqual([])
    }
    const lost = createSimulation(crash('1', 3, 120_000))
    lost.advanceTo(22_000)
    expect(lost.summary().lostRecords).toBeGreaterThan(0)
    const failed = createSimulation(crash('all', 1, 5000))
    failed.advanceTo(22_000)
    expect(failed.summary().failedSends).toBeGreaterThan(0)
  })

  it('holds through a controlled shutdown too: acks=1 loses what the new leaders had not copied, an offline partition fails sends', () => {
    for (const s of [crash('1', 3, 120_000, 'shutdownBroker'), crash('all', 3, 120_000, 'shutdownBroker'), crash('all', 1, 5000, 'shutdownBroker')]) {
      expect(conservationErrorsAt(createSimulation(s), INSTANTS)).toEqual([])
    }
    const all = createSimulation(crash('all', 3, 120_000, 'shutdownBroker'))
    all.advanceTo(22_000)
    expect(all.summary().lostRecords).toBe(0)
    expect(all.summary().failedSends).toBe(0)
    const failed = createSimulation(crash('all', 1, 5000, 'shutdownBroker'))
    failed.advanceTo(22_000)
    expect(failed.summary().failedSends).toBeGreaterThan(0)
  })

  it('fails when the lost records are not counted', () => {
    plant.drop = 'lost'
    expect(conservationErrorsAt(createSimulation(crash('1', 3, 120_000)), INSTANTS).join('\n')).toMatch(/producers: generated \d+ ≠ appended \d+ \+ buffered \d+ \+ lost 0 \+ failed 0 \(\d+ missing\)/)
  })

  it('fails when the failed sends are not counted', () => {
    plant.drop = 'failed'
    expect(conservationErrorsAt(createSimulation(crash('all', 1, 5000)), INSTANTS).join('\n')).toMatch(/producers: generated \d+ ≠ appended \d+ \+ buffered \d+ \+ lost 0 \+ failed 0 \(\d+ missing\)/)
  })
})
