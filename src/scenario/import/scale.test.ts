// Big real clusters (issue: "big real clusters are refused outright"): a generated describe of
// 10 000 partitions / 20 consumers and 10 000 / 1 000 (3 000 / 100 now fits as measured). The refusal names what costs in the cluster's
// terms and what fits; a scaled copy keeps the shape (partitions, owners, shares, consumers) and
// says so in its name, account and story.
import { describe, expect, it } from 'vitest'
import { bigDescribe } from '../../../test/fixtures/import/bigDescribe.ts'
import { buildKeyModel } from '../../sim/keyModel.ts'
import { createSimulation } from '../../sim/simulation.ts'
import { validateScenario } from '../validate.ts'
import { estimateCost, WORK_BUDGET_US_PER_SIM_SEC } from '../validation/cost.ts'
import { importPastes } from './fromPastes.ts'
import type { BuildOptions, BuildResult } from './build.ts'

function build(P: number, C: number, opts: BuildOptions = {}): BuildResult {
  const r = importPastes([{ source: 'paste 1', text: bigDescribe(P, C) }], opts)
  if (r.build === null) throw new Error('nothing parsed')
  return r.build
}

describe('importing a cluster too big to simulate as measured', () => {
  it('10 000 partitions / 20 consumers: the refusal names partitions, consumers, polls a second, the budget and the factor that fits — not a setting the import never set', () => {
    const r = build(10_000, 20)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.message).not.toContain('group.config')
    expect(r.message).toMatch(/^10,000 partitions read by 20 consumers at 3,000 records\/s \(assumed: the pastes hold no produce rates\) are too expensive to simulate: about 0\.\d+ s of work per simulated second \(budget 0\.60 s\)/)
    expect(r.message).toMatch(/each of 20 consumers polling about 300 times a second/)
    expect(r.message).toContain('A copy at 1/2 of the rate fits (1,500 records/s, each consumer processing 1,000/s, max.poll.records and lags ÷ 2)')
    expect(r.scaleFits).toBe(2)
  })

  it('--scale auto: 1/2 of the rate, processing and lags; partitions, owners, key shares and consumers as measured; labelled in name, account and story; within budget and it runs', () => {
    const full = build(10_000, 20, { scale: 1 })
    expect(full.ok).toBe(false) // 1 asks for no reduction: still refused
    const r = build(10_000, 20, { scale: 'auto' })
    if (!r.ok) throw new Error(r.message)
    const s = r.scenario
    expect(s.topic.partitions).toBe(10_000)
    expect(s.group.consumers).toBe(20)
    expect(s.producers[0]!.rate).toEqual({ kind: 'constant', perSec: 1500 })
    expect(s.group.processing.recordsPerSec).toBe(1000)
    expect(s.group.config['max.poll.records']).toBe(250) // a batch still takes 0.25 s, as 500 at 2,000/s did
    expect(s.topic.initialLag![7]).toBe(25_000)
    expect(s.group.initialAssignment![0]).toEqual(Array.from({ length: 500 }, (_, i) => i))
    expect(s.group.initialAssignment![19]![499]).toBe(9_999)
    expect(s.name).toBe('import: orders (1/2 rate)')
    expect(r.fields[0]).toMatchObject({ path: 'scale', value: '1/2' })
    expect(r.fields.find((f) => f.path === 'producers[0].rate.perSec')).toMatchObject({ value: 1500, why: expect.stringContaining('simulated at 1/2') })
    expect(r.story).toMatch(/^Simulated at 1\/2 of the assumed rate \(3,000 records\/s → 1,500 records\/s; processing, max.poll.records and lags ÷ 2\)/)
    expect(validateScenario(s).ok).toBe(true)
    expect(estimateCost(s).usPerSimSec).toBeLessThanOrEqual(WORK_BUDGET_US_PER_SIM_SEC)
    const sim = createSimulation(s)
    const produced = () => sim.summary().partitions.reduce((n, p) => n + p.produced, 0)
    sim.advanceTo(1000)
    const before = produced()
    sim.advanceTo(3000)
    expect((produced() - before) / 2).toBeCloseTo(1500, -1)
  })

  it('with no key sample and no rates, assumes a hundred uniform keys a partition, so every lane gets about the same share (the default 1000 keys left nine lanes in ten empty)', () => {
    const r = build(10_000, 20, { scale: 'auto' })
    if (!r.ok) throw new Error(r.message)
    const keys = r.scenario.producers[0]!.keys
    expect(keys).toEqual({ kind: 'uniform', count: 1_000_000 })
    expect(r.fields.find((f) => f.path === 'producers[0].keys')).toMatchObject({ how: 'assumed', why: expect.stringContaining('about 100 a partition') })
    const shares = buildKeyModel(keys, {}, 10_000).tailWeights
    expect(shares.filter((x) => x === 0)).toHaveLength(0)
    expect(Math.max(...shares) * 10_000).toBeLessThan(1.6)
    expect(Math.min(...shares) * 10_000).toBeGreaterThan(0.5)
    // A small cluster keeps at least the default's thousand.
    const small = importPastes([{ source: 'paste 1', text: bigDescribe(6, 2) }], {}).build!
    if (!small.ok) throw new Error(small.message)
    expect(small.scenario.producers[0]!.keys).toEqual({ kind: 'uniform', count: 1000 })
  })

  it('an explicit factor too small says so and names the one that fits', () => {
    const r = build(10_000, 5, { scale: 2 })
    expect(r).toMatchObject({ ok: false, scaleFits: 4, message: expect.stringMatching(/^at 1\/2 of the rate it is still too expensive\. 10,000 partitions read by 5 consumers/) })
  })

  it('3 000 partitions / 100 consumers fit as measured: a stable group costs its heartbeats and one rebalance a second, not a slice', () => {
    const r = build(3_000, 100)
    if (!r.ok) throw new Error(r.message)
    expect(r.scenario).toMatchObject({ name: 'import: orders', topic: { partitions: 3_000 }, group: { consumers: 100 } })
    expect(r.fields.map((f) => f.path)).not.toContain('slice')
  })

  it('10 000 partitions / 1 000 consumers: the group protocol does not shrink with the rate; the refusal says which group would fit and offers a slice, and auto refuses', () => {
    const r = build(10_000, 1_000)
    if (r.ok) throw new Error('accepted')
    expect(r.scaleFits).toBeUndefined()
    expect(r.sliceFits).toBe(4)
    expect(r.message).toContain('the group protocol of 1,000 consumers over 10,000 partitions (a rebalance of every member')
    expect(r.message).toMatch(/no scaled copy fits: 10,000 partitions fit with at most \d+ consumers\. A slice fits: every 4th consumer with the partitions it owns \(about 250 consumers and 2,500 partitions;.*--slice 4 in the CLI, "Simulate a slice" in the Import dialog\.$/)
    expect(build(10_000, 1_000, { scale: 'auto' })).toMatchObject({ ok: false, sliceFits: 4 })
  })

  it("--slice 4: every fourth consumer with exactly the partitions it owned, renumbered; the hot lane's owner kept; lags as measured; labelled; within budget and it runs", () => {
    const r = build(10_000, 1_000, { slice: 4 })
    if (!r.ok) throw new Error(r.message)
    const s = r.scenario
    expect(s.topic.partitions).toBe(2_500)
    expect(s.group.consumers).toBe(250)
    // consumer-1 owns 0–9 (and the 50 000-record lag on 7), consumer-5 owns 40–49 → 10–19 …
    expect(s.group.initialAssignment!.map((ps) => ps.length)).toEqual(new Array(250).fill(10))
    expect(s.group.initialAssignment![1]).toEqual(Array.from({ length: 10 }, (_, i) => 10 + i))
    expect(s.topic.initialLag!.slice(0, 8)).toEqual([0, 10, 20, 30, 40, 0, 10, 50_000])
    expect(s.topic.initialLag![11]).toBe(10) // the cluster's partition 41
    expect(s.name).toBe('import: orders (slice 1/4)')
    expect(r.fields[0]).toMatchObject({ path: 'slice', value: '1/4', why: expect.stringContaining("The run's partitions are the cluster's 0–9, 40–49, 80–89, 120–129, …, in that order") })
    expect(r.story).toMatch(/^Simulated as a slice of 1\/4: 250 of the 1000 consumers \(every 4th one: consumer-1, consumer-5 … consumer-997\) with the 2500 of 10000 partitions they own/)
    // No rates in the paste: the whole cluster's assumed 3 000 records/s is spread over its 10 000
    // partitions, so the slice's 2 500 carry 0.3 records/s each, not 1.2 (the whole rate over a quarter of the lanes).
    expect(s.producers[0]!.rate).toEqual({ kind: 'constant', perSec: 750 })
    expect(r.fields.find((f) => f.path === 'producers[0].rate.perSec')).toMatchObject({ how: 'assumed', value: 750, why: expect.stringContaining("over the cluster's 10000 partitions") })
    expect(r.fields[0]!.why).toContain("each partition's rate is the whole cluster's assumed rate per partition (750 records/s over the slice")
    expect(r.story).toContain("each partition the whole cluster's assumed per-partition rate (750 records/s in all)")
    expect(estimateCost(s).usPerSimSec).toBeLessThanOrEqual(WORK_BUDGET_US_PER_SIM_SEC)
    const sim = createSimulation(s)
    sim.advanceTo(2000)
    expect(sim.summary().partitions).toHaveLength(2_500)
  })
})
