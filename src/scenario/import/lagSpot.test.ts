// A lag piled on three partitions (an architect's --describe, no rates): more partitions are not
// offered, and the account says why; what is offered drains those lanes, checked by running it.
import { describe, expect, it } from 'vitest'
import { createSimulation } from '../../sim/simulation.ts'
import { variantScenario } from '../overrides.ts'
import type { Scenario } from '../types.ts'
import type { PartitionView } from './buildFacts.ts'
import { importPastes } from './fromPastes.ts'
import { lagSpot } from './lagSpot.ts'

const P = 48
const HOT: Record<number, number> = { 5: 250_000, 17: 180_000, 33: 90_000 }
/** kafka-consumer-groups.sh --describe of 48 partitions, 6 consumers (range, 8 each), the lag on 5, 17 and 33. */
function describe48(lagOf: (p: number) => number): string {
  const col = (xs: Array<string | number>) => xs.map((x, i) => (i === xs.length - 1 ? String(x) : String(x).padEnd(i === 6 ? 48 : 15))).join(' ')
  const lines = [col(['GROUP', 'TOPIC', 'PARTITION', 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'CONSUMER-ID', 'HOST', 'CLIENT-ID'])]
  for (let p = 0; p < P; p++) {
    const c = Math.floor(p / 8) + 1
    const cur = 1_000_000 + p * 137
    lines.push(col(['billing', 'orders', p, cur, cur + lagOf(p), lagOf(p), `consumer-billing-${c}-6f1c${c}e2a-77b0-4c1e-9d3f-0a1b2c3d4e5${c}`, `/10.0.1.${10 + c}`, `consumer-billing-${c}`]))
  }
  return `${lines.join('\n')}\n`
}
const piled = (p: number) => HOT[p] ?? (p * 7) % 41

function build(text: string) {
  const r = importPastes([{ source: 'paste 1', text }]).build
  if (!r?.ok) throw new Error(r?.ok === false ? r.message : 'nothing parsed')
  return r
}

/** Records still behind on `partitions` after `sec` simulated seconds. */
function lagAfter(s: Scenario, partitions: number[], sec: number): number {
  const sim = createSimulation(s)
  sim.advanceTo(sec * 1000)
  const lags = sim.summary().partitions
  return partitions.reduce((n, p) => n + lags[p]!.lag, 0)
}

describe('a lag piled on a few partitions', () => {
  it('is found: the fewest partitions with 80 % of the lag (plus any with a tenth of it), few of them; not a spread lag, not noise', () => {
    const view = (lags: number[]) => ({ partitions: lags.length, parts: lags.map((lag, partition) => ({ partition, lag })) }) as unknown as PartitionView
    expect(lagSpot(view(Array.from({ length: P }, (_, p) => piled(p))))).toMatchObject({ partitions: [5, 17, 33] })
    expect(lagSpot(view(Array.from({ length: P }, () => 5_000)))).toBeNull()
    expect(lagSpot(view(Array.from({ length: P }, (_, p) => (p === 3 ? 900 : 0))))).toBeNull() // 900 records: noise
    expect(lagSpot(view([9_000, 9_000, 9_000, 100]))).toBeNull() // three of four partitions is not "a few"
    expect(lagSpot(view([100, 9_000, 100, 100]))).toMatchObject({ partitions: [1] })
  })

  it('more partitions are not offered, and the story and account say why; the fixes that drain those lanes are', () => {
    const r = build(describe48(piled))
    expect(r.offers.map((o) => o.id)).not.toContain('partitions')
    expect(r.offers.map((o) => o.id)).toEqual(['parallel', 'lag-aware', 'share', 'cooperative'])
    expect(r.declined).toEqual([{ id: 'partitions', why: expect.stringMatching(/^99 % of the lag sits on partitions 5, 17 and 33: more partitions would not drain it, because the records already written stay on their partition/) }])
    expect(r.story).toContain('99 % of the lag sits on partitions 5, 17 and 33: more partitions would not drain it')
    // The same cluster with its lag spread over every lane still gets the offer.
    expect(build(describe48(() => 10_000)).offers.map((o) => o.id)).toContain('partitions')
  })

  it('each fix offered drains partitions 5, 17 and 33 faster than the cluster as measured; doubling the partitions does not', () => {
    const r = build(describe48(piled))
    const hot = [5, 17, 33]
    const asMeasured = lagAfter(r.scenario, hot, 40)
    for (const id of ['parallel', 'lag-aware', 'share'] as const) {
      const o = r.offers.find((x) => x.id === id)!
      const [base, fix] = o.variants.map((v) => variantScenario(o.base, v)) as Array<ReturnType<typeof variantScenario>>
      if (!base!.ok || !fix!.ok) throw new Error(`${id}: a side is not valid`)
      const fixed = lagAfter(fix!.scenario, hot, 40)
      expect(fixed, id).toBeLessThan(0.85 * lagAfter(base!.scenario, hot, 40))
    }
    const doubled = lagAfter({ ...r.scenario, topic: { ...r.scenario.topic, partitions: 2 * P } }, hot, 40)
    expect(doubled).toBeGreaterThan(0.9 * asMeasured)
  }, 120_000)
})
