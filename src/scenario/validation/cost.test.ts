// The cost check: each scenario that once ran away is rejected, naming the field that makes it too
// expensive and the budget it breaks; every preset and the default stay well inside.
import { LIMITS } from './limits.ts'
import { describe, expect, test } from 'vitest'
import { defaultScenario } from '../defaults.ts'
import { presets } from '../presets/index.ts'
import type { Scenario } from '../types.ts'
import { validateScenario, type ValidationResult } from '../validate.ts'
import { estimateCost, KEY_MODEL_KEYS_MAX, WORK_BUDGET_US_PER_SIM_SEC } from './cost.ts'

const errorsOf = (r: ValidationResult) => (r.ok ? [] : r.errors)
const costKeys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`key-${i}`, 2]))

/** The scenarios of the trust issue's part 5, as JSON a link could carry. */
const RUNAWAYS: Array<{ name: string; input: unknown; path: string; message: RegExp }> = [
  {
    name: 'fetch.max.wait.ms = 0 (an idle consumer re-polls in the same instant forever)',
    input: { group: { config: { 'fetch.max.wait.ms': 0 } } },
    path: 'group.config["fetch.max.wait.ms"]',
    message: /^must be ≥ 1 here \(Kafka allows 0, but an idle consumer would then re-poll in the same instant forever\)$/,
  },
  {
    name: '1 ms heartbeats with 256 consumers',
    input: { group: { consumers: 256, config: { 'heartbeat.interval.ms': 1 } } },
    path: 'group.config["heartbeat.interval.ms"]',
    message: /^too expensive to simulate: about \d+ s of work per simulated second \(budget 0\.60 s\); most of it is heartbeats of 256 consumers \(1,000 a second each\)/,
  },
  {
    name: 'keyless batch.size of one record on 4096 partitions',
    input: { topic: { partitions: 4096 }, producers: [{ keys: { kind: 'keyless' }, rate: { kind: 'constant', perSec: 100_000 } }], producerConfig: { 'batch.size': 1 } },
    path: 'producerConfig["batch.size"]',
    message: /^too expensive to simulate: .*most of it is producers\[0\]'s keyless batches \(501 batch switches per send cycle over 4,096 partitions\)/,
  },
  {
    name: 'salting into 4096 splits with many flagged keys (1.8 GB by 30 simulated seconds)',
    input: {
      topic: { partitions: 4096 },
      producers: [{ keys: { kind: 'uniform', count: 100_000 }, keyCost: costKeys(1000), rate: { kind: 'constant', perSec: 1_000_000 } }],
      dynamic: { hotspotDetection: { keyShareThreshold: 0 }, salting: { enabled: true, splits: 4096 } },
    },
    path: 'dynamic.salting.splits',
    message: /^would keep 4,129,776 key segment lists \(at most 250,000: too much memory\), salting 1,008 flagged keys over 4,096 partitions/,
  },
  {
    name: '64 producers × 10⁶ Zipf keys',
    input: { producers: Array.from({ length: 64 }, () => ({ keys: { kind: 'zipf', count: 1_000_000, s: 1 } })) },
    path: 'producers',
    message: /^the key models would hold 64,000,000 keys in all \(at most 2,000,000 over all producers, counting scripted setKeyCount\)/,
  },
]

describe('the cost budget', () => {
  test.each(RUNAWAYS)('rejects $name, naming the field and the limit', ({ input, path, message }) => {
    const r = validateScenario(input)
    expect(r.ok).toBe(false)
    const e = errorsOf(r).find((x) => x.path === path)
    expect(e?.message).toMatch(message)
    expect(validateScenario(r.scenario).ok).toBe(true) // the fallback is affordable
  })

  test('rejects max.poll.interval.ms under a second: a group that never settles steps every machine at every poll', () => {
    expect(errorsOf(validateScenario({ group: { config: { 'max.poll.interval.ms': 999 } } }))).toEqual([{ path: 'group.config["max.poll.interval.ms"]', message: 'must be ≥ 1000' }])
    expect(validateScenario({ group: { config: { 'max.poll.interval.ms': 1000 } } }).ok).toBe(true)
  })

  test('counts scripted growth: consumers added, partitions added, keys raised', () => {
    const s = (actions: unknown[]) => ({ group: { consumers: 3 }, actions })
    const base = estimateCost(validateScenario(s([])).scenario).usPerSimSec
    expect(estimateCost(validateScenario(s([{ do: 'addConsumer', count: 64, atSec: 1 }])).scenario).usPerSimSec).toBeGreaterThan(base * 2)
    expect(estimateCost(validateScenario(s([{ do: 'addPartitions', count: 4000, atSec: 1 }])).scenario).usPerSimSec).toBeGreaterThan(base * 2)
    const keys = validateScenario({ producers: [{}, {}], actions: [{ do: 'setKeyCount', count: 1_000_000, atSec: 5 }, { do: 'setKeyCount', count: 1_000_000, atSec: 5.5 }] })
    expect(errorsOf(keys)).toEqual([{ path: 'actions', message: expect.stringMatching(/^the script rebuilds key models of 4,000,000 keys within the simulated second at 5 s \(at most 2,000,000 a second\)/) }])
  })

  test('a rate multiplied by a chain of setRate actions stops at the schema\'s rate limit in the estimate, as in the simulator (applyCommandToScenario)', () => {
    const s = defaultScenario()
    s.actions = Array.from({ length: 50 }, (_, i) => ({ do: 'setRate', multiplier: 10, atSec: i }))
    expect(estimateCost(s).envelope.totalPeakRate).toBe(LIMITS.ratePerSec.max)
  })

  test('a producer may not peak above 10⁹ records/s, spikes and scripted multipliers included', () => {
    const spike = { kind: 'spike', perSec: 1e8, atSec: 5, durationSec: 1, multiplier: 100 }
    expect(errorsOf(validateScenario({ producers: [{ rate: spike }] }))).toEqual([
      { path: 'producers[0].rate', message: 'would peak at 10,000,000,000 records/s with its spike and scripted setRate multipliers (at most 1,000,000,000, so that counts stay exact)' },
    ])
    const smallSpike = { kind: 'spike', perSec: 1e6, atSec: 5, durationSec: 1, multiplier: 1000 }
    expect(validateScenario({ producers: [{}, { rate: smallSpike }] }).ok).toBe(true)
    expect(errorsOf(validateScenario({ producers: [{}, { rate: smallSpike }], actions: [{ do: 'setRate', producer: 1, multiplier: 10_000, atSec: 1 }] })).map((e) => e.path)).toEqual(['producers[1].rate'])
    expect(validateScenario({ producers: [{ rate: { ...spike, multiplier: 10 } }] }).ok).toBe(true)
  })

  test('the default scenario and every preset cost well under the budget', () => {
    const scenarios: Scenario[] = [defaultScenario(), ...presets.map((p) => p.build())]
    for (const s of scenarios) {
      const c = estimateCost(s)
      // scale-10k is the biggest topic the budget admits, on purpose (test/scale.test.ts): within it, not well under.
      expect(c.usPerSimSec, s.name).toBeLessThan(WORK_BUDGET_US_PER_SIM_SEC * (s.name === 'scale-10k' ? 1 : 0.6))
      expect(c.keyModelKeys, s.name).toBeLessThan(KEY_MODEL_KEYS_MAX)
      expect(validateScenario(s).ok, s.name).toBe(true)
    }
  })

  // A shape an import builds: the group formed (warm start), Kafka's defaults, 3 000 records/s.
  const shape = (P: number, n: number, group: Record<string, unknown> = {}, actions: unknown[] = []) => ({
    start: 'warm',
    topic: { partitions: P },
    producers: [{ rate: { kind: 'constant', perSec: 3000 }, keys: { kind: 'uniform', count: 100 * P } }],
    group: { consumers: n, ...group },
    actions,
  })
  /** The group item's µs (estimated directly: a refused scenario's result is its affordable fallback). */
  const groupUs = (input: { actions: unknown[] }) => {
    const s = validateScenario({ ...input, actions: [] }).scenario
    s.actions = input.actions as Scenario['actions']
    return estimateCost(s).items.find((i) => /^the group protocol/.test(i.what))!.us
  }

  test('a stable group of 100 consumers over 3 000 partitions is accepted: it costs its heartbeats and one rebalance a second, not a rebalance of every member every second (measured ~0.03 s a second steady)', () => {
    for (const protocol of ['eager', 'cooperative', 'consumer']) {
      const r = validateScenario(shape(3000, 100, { protocol, assignor: protocol === 'eager' ? 'range' : protocol === 'consumer' ? 'uniform' : 'cooperative-sticky' }))
      expect(errorsOf(r), protocol).toEqual([])
    }
  })

  test('a scripted storm at that size is still charged for every member it restarts and every rebalance, and refused, naming the action', () => {
    const storm = shape(3000, 100, {}, [{ do: 'rollingRestart', downMs: 0, intervalMs: 1, atSec: 5 }])
    expect(groupUs(storm)).toBeGreaterThan(3 * groupUs(shape(3000, 100)))
    const e = errorsOf(validateScenario(storm))
    expect(e.map((x) => x.path)).toEqual(['actions[0]'])
    expect(e[0]!.message).toMatch(/most of it is the group protocol of 100 consumers over 3,000 partitions \([\d.]+ rebalances a second, 200 members joining or leaving within a second \(rollingRestart\)\)/)
    // Spread out (a member every 10 s) the same restart is affordable.
    expect(errorsOf(validateScenario(shape(3000, 100, {}, [{ do: 'rollingRestart', downMs: 0, intervalMs: 10_000, atSec: 5 }])))).toEqual([])
  })

  test('KIP-848 computes a target assignment at every join and leave: a rolling restart every second at 3 000 × 100 (measured 1.0 s of work a second) is refused', () => {
    const every = Array.from({ length: 30 }, (_, i) => ({ do: 'rollingRestart', downMs: 0, intervalMs: 1, atSec: 2 + i }))
    const e = errorsOf(validateScenario(shape(3000, 100, { protocol: 'consumer', assignor: 'uniform' }, every)))
    expect(e.map((x) => x.path)).toEqual(['actions[0]'])
    expect(e[0]!.message).toMatch(/the group protocol of 100 consumers over 3,000 partitions \(200 target assignments a second/)
  })

  test('a classic group rebalances no faster than its heartbeats announce it: the same join-and-leave storm costs more with faster heartbeats', () => {
    const churn = Array.from({ length: 200 }, (_, i) => ({ do: i % 2 === 0 ? 'addConsumer' : 'removeConsumer', atSec: 2 + i / 100 }))
    const at = (hb: number) => groupUs(shape(256, 64, { config: { 'heartbeat.interval.ms': hb } }, churn))
    expect(at(100)).toBeGreaterThan(5 * at(3000))
    // Members leaving at every poll because a batch outlasts max.poll.interval.ms are a storm too.
    const slow = shape(3000, 100, { config: { 'max.poll.interval.ms': 1000 }, processing: { recordsPerSec: 10 } })
    expect(groupUs(slow)).toBeGreaterThan(2 * groupUs(shape(3000, 100, { processing: { recordsPerSec: 10 } })))
  })

  test('items are sorted, most expensive first, and add up to the total', () => {
    const c = estimateCost(presets.find((p) => p.name === 'heavy')!.build())
    expect(c.items.map((i) => i.us)).toEqual([...c.items.map((i) => i.us)].sort((a, b) => b - a))
    expect(c.items.reduce((sum, i) => sum + i.us, 0)).toBeCloseTo(c.usPerSimSec)
  })
})
