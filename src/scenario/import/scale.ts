// A real cluster too expensive to simulate (docs/limits.md, the cost budget): what makes it
// expensive in an architect's terms, and an explicit, labelled reduction that fits. Pure.
//
// The reduction divides the record rate, each consumer's processing rate, max.poll.records and
// the starting lag by the same factor k. What partitioning questions ask about is kept as measured: the partition
// count, each partition's share of the records (so the skew and the hot lane), the consumer count,
// who owns which partition, and each consumer's utilisation (rate ÷ capacity). Lags come out k
// times smaller and the times (to drain, to fall behind) the same. What it changes: fewer records
// per poll and per batch, so a consumer polls less often — which is what made it expensive: a
// consumer that keeps up polls about twice per producer send cycle that brings it records
// (validation/cost.ts, busy polls). The group protocol's cost does not shrink with the rate; when
// it alone breaks the budget, no scaled copy fits and the refusal says what group would.

import type { Scenario } from '../types.ts'
import { estimateCost, fmtCount, WORK_BUDGET_US_PER_SIM_SEC, type CostItem } from '../validation/cost.ts'
import { LIMITS } from '../validation/limits.ts'

/** What the import may do when the scenario is over budget: refuse (undefined), a factor, or the smallest that fits. */
export type ScaleRequest = number | 'auto'

/** Factors tried by `auto`, smallest first (round ones, so the story reads "1/4", "1/20"). */
const FACTORS = [2, 3, 4, 5, 8, 10, 20, 50, 100, 200, 500, 1000]
export const SCALE_MAX = 1000

/** The scenario at 1/k of its record rate, processing rate, max.poll.records and starting lag; the rest as is. */
export function scaledCopy(s: Scenario, k: number): Scenario {
  const c = clone(s)
  if (k === 1) return c
  for (const p of c.producers) if (p.rate.kind === 'constant') p.rate.perSec = shrink(p.rate.perSec, k)
  c.group.processing.recordsPerSec = shrink(c.group.processing.recordsPerSec, k)
  // A poll's batch then takes as long to process as in the cluster (max.poll.records ÷ processing
  // rate), so the gaps between polls and the margin to max.poll.interval.ms stay as they were.
  c.group.config['max.poll.records'] = Math.max(1, Math.round(c.group.config['max.poll.records'] / k))
  if (c.topic.initialLag) c.topic.initialLag = c.topic.initialLag.map((l) => Math.round(l / k))
  return c
}

/** A scenario is plain JSON (the codec sends it as such). */
const clone = (s: Scenario): Scenario => JSON.parse(JSON.stringify(s)) as Scenario

function shrink(x: number, k: number): number {
  const y = x / k
  return y >= 100 ? Math.round(y) : Math.round(y * 100) / 100
}

export const fits = (s: Scenario): boolean => estimateCost(s).usPerSimSec <= WORK_BUDGET_US_PER_SIM_SEC

/** The smallest factor that brings the scenario within budget, or null when none does. */
export function fitFactor(s: Scenario): number | null {
  if (fits(s)) return 1
  for (const k of FACTORS) if (fits(scaledCopy(s, k))) return k
  return null
}

function seconds(us: number): string {
  return `${(us / 1e6).toPrecision(2)} s`
}

/** Cost items in words an architect uses (the validator's are written for a scenario's author). */
function inWords(i: CostItem, s: Scenario): string {
  const n = s.group.consumers
  const P = s.topic.partitions
  const busy = /busy polls of [\d,]+ consumers? \(([\d.,]+) a second each/.exec(i.what)
  if (busy) return `each of ${fmtCount(n)} consumers polling about ${busy[1]} times a second (at this rate a poll brings a few records, from any of ${fmtCount(Math.ceil(P / Math.max(1, n)))} partitions it owns): ${seconds(i.us)}`
  if (i.path === 'group.consumers') return `the group protocol of ${fmtCount(n)} consumers over ${fmtCount(P)} partitions (a rebalance of every member, as one command can cause; it does not shrink with the rate): ${seconds(i.us)}`
  return `${i.what}: ${seconds(i.us)}`
}

export interface Refusal {
  message: string
  /** The factor whose scaled copy fits, when one does. */
  factor: number | null
  /** Otherwise the slice (every k-th consumer with its partitions, slice.ts) that fits, perhaps with its rate scaled too. */
  slice: number | null
}

/**
 * Why the imported cluster cannot be simulated as measured, and what can: the factor that fits, or
 * (when the group protocol alone is over budget) the partitions or consumers that would.
 * `rateHow`: how the producer rate was found ("measured", "assumed: …").
 */
export function refusal(s: Scenario, rateHow: string): Refusal {
  const cost = estimateCost(s)
  const n = s.group.consumers
  const P = s.topic.partitions
  const rate = s.producers.reduce((sum, p) => sum + (p.rate.kind === 'constant' ? p.rate.perSec : 0), 0)
  const big = cost.items.filter((i) => i.us >= cost.usPerSimSec * 0.2).slice(0, 2)
  const head =
    `${fmtCount(P)} partitions read by ${fmtCount(n)} consumer${n === 1 ? '' : 's'} at ${fmtCount(rate)} records/s (${rateHow}) are too expensive to simulate: ` +
    `about ${seconds(cost.usPerSimSec)} of work per simulated second (budget ${seconds(WORK_BUDGET_US_PER_SIM_SEC)}); most of it is ${(big.length > 0 ? big : cost.items.slice(0, 1)).map((i) => inWords(i, s)).join('; and ')}.`
  const k = fitFactor(s)
  if (k !== null) {
    const scaled = scaledCopy(s, k)
    return {
      factor: k,
      slice: null,
      message: `${head} A copy at 1/${k} of the rate fits (${fmtCount(rate / k)} records/s, each consumer processing ${fmtCount(scaled.group.processing.recordsPerSec)}/s, max.poll.records and lags ÷ ${k}) with the same partitions, owners, shares and consumers: --scale ${k} (or --scale auto) in the CLI, "Simulate a scaled copy" in the Import dialog.`,
    }
  }
  const slice = sliceFit(s)
  const way =
    slice === null
      ? ''
      : ` A slice fits: every ${slice.k === 2 ? 'second' : slice.k === 3 ? 'third' : `${slice.k}th`} consumer with the partitions it owns (about ${fmtCount(Math.ceil(n / slice.k))} consumers and ${fmtCount(Math.round(P / slice.k))} partitions; each consumer's partitions, rates and lags as measured): --slice ${slice.k}${slice.scaled ? ' --scale auto' : ''} in the CLI, "Simulate a slice" in the Import dialog.`
  return { factor: null, slice: slice?.k ?? null, message: `${head} The group protocol does not shrink with the rate, so no scaled copy fits: ${whatFits(s)}.${way}` }
}

/**
 * The smallest slice whose estimate fits: about n/k consumers and P/k partitions, at the whole
 * rate (an assumed rate is the slice's whole rate; measured ones are about 1/k of it, so this may
 * ask for a larger k than needed, never one whose build is refused). The slice's own build is
 * checked again, with its real partitions and rates.
 */
function sliceFit(s: Scenario): { k: number; scaled: boolean } | null {
  const slices = FACTORS.filter((k) => k <= s.group.consumers).map((k) => {
    const c = scaledCopy(s, 1)
    c.group.consumers = Math.ceil(s.group.consumers / k)
    c.topic = { name: c.topic.name, partitions: Math.max(1, Math.round(s.topic.partitions / k)) }
    delete c.group.initialAssignment
    return { k, c }
  })
  // A slice that fits as it is first (the Import dialog's button asks for the slice alone), else one with its rate scaled too.
  const plain = slices.find((x) => fits(x.c))
  if (plain) return { k: plain.k, scaled: false }
  const scaled = slices.find((x) => fitFactor(x.c) !== null)
  return scaled ? { k: scaled.k, scaled: true } : null
}

/** The largest partition count that fits with these consumers, and consumer count with these partitions (at the lowest rate tried). */
function whatFits(s: Scenario): string {
  const floor = scaledCopy(s, SCALE_MAX)
  const largest = (lo: number, hi: number, ok: (x: number) => boolean): number => {
    if (!ok(lo)) return 0
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2)
      if (ok(mid)) lo = mid
      else hi = mid - 1
    }
    return lo
  }
  const withParts = (P: number): Scenario => {
    const c = clone(floor)
    c.topic = { name: c.topic.name, partitions: P }
    delete c.group.initialAssignment
    return c
  }
  const withConsumers = (n: number): Scenario => {
    const c = clone(floor)
    c.group.consumers = n
    delete c.group.initialAssignment
    return c
  }
  const P = s.topic.partitions
  const n = s.group.consumers
  const maxP = largest(1, Math.min(P, LIMITS.partitions.max), (x) => fits(withParts(x)))
  const maxN = largest(1, n, (x) => fits(withConsumers(x)))
  const parts: string[] = []
  if (maxP > 0) parts.push(`${fmtCount(n)} consumers fit over at most ${fmtCount(maxP)} partitions`)
  if (maxN > 0) parts.push(`${fmtCount(P)} partitions fit with at most ${fmtCount(maxN)} consumers`)
  return parts.length > 0 ? parts.join(', and ') : 'not even one consumer over one partition fits'
}
