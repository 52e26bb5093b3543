// The import's reductions of a cluster too expensive to simulate as measured, applied only when
// asked and labelled in the scenario's name, the field account and the story: a copy at 1/k of
// the rates (scale.ts) and a slice of every k-th consumer (slice.ts). Pure.

import type { Scenario } from '../types.ts'
import { LIMITS } from '../validation/limits.ts'
import type { BuildOptions, BuildResult } from './build.ts'
import type { PartitionView } from './buildFacts.ts'
import { fitFactor, fits, refusal, scaledCopy, type ScaleRequest } from './scale.ts'
import { sliceFacts } from './slice.ts'
import type { ClusterFacts, ImportedField, ImportedGroup, ImportedTopic } from './types.ts'

function fmtRate(perSec: number): string {
  return `${perSec >= 100 ? Math.round(perSec).toLocaleString('en-US') : String(Math.round(perSec * 100) / 100)} records/s`
}

/** The name with a label at its end, within the name limit. */
export function labelled(name: string, label: string): string {
  return `${name.slice(0, LIMITS.nameChars - label.length - 1)} ${label}`
}

/**
 * Over the cost budget: refused with what makes it expensive and what fits, unless a scale was
 * asked for; then the copy at 1/k, its name, account and story saying so (never silently).
 */
export function scaleToBudget(s: Scenario, fields: ImportedField[], scale: ScaleRequest | undefined): { ok: true; scenario: Scenario; k: number; note: string } | { ok: false; message: string; scaleFits?: number; sliceFits?: number } {
  const rateField = fields.find((f) => f.path === 'producers[0].rate.perSec')
  const rateHow = rateField?.how === 'assumed' ? 'assumed: the pastes hold no produce rates' : 'as measured'
  const asked = typeof scale === 'number' ? scale : null
  if (fits(s) && (asked === null || asked <= 1)) return { ok: true, scenario: s, k: 1, note: '' }
  if (scale === undefined) {
    const r = refusal(s, rateHow)
    return { ok: false, message: r.message, ...(r.factor !== null ? { scaleFits: r.factor } : {}), ...(r.slice !== null ? { sliceFits: r.slice } : {}) }
  }
  const k = asked ?? fitFactor(s)
  if (k === null) {
    const r = refusal(s, rateHow)
    return { ok: false, message: r.message, ...(r.slice !== null ? { sliceFits: r.slice } : {}) }
  }
  if (k <= 1) return { ok: true, scenario: s, k: 1, note: '' }
  const c = scaledCopy(s, k)
  if (!fits(c)) {
    const r = refusal(s, rateHow)
    return { ok: false, message: `at 1/${k} of the rate it is still too expensive. ${r.message}`, ...(r.factor !== null ? { scaleFits: r.factor } : {}) }
  }
  const was = (s.producers[0]!.rate as { perSec: number }).perSec
  const now = (c.producers[0]!.rate as { perSec: number }).perSec
  c.name = labelled(s.name, `(1/${k} rate)`)
  const label = `simulated at 1/${k}`
  for (const f of fields) {
    if (f.path === 'producers[0].rate.perSec') f.value = now
    else if (f.path === 'group.processing.recordsPerSec') f.value = c.group.processing.recordsPerSec
    else if (f.path === 'topic.initialLag') f.value = c.topic.initialLag
    // max.poll.records from a client's .properties has its own row (buildClientConfig.ts); else the defaults' row says it.
    else if (f.path === 'group.config["max.poll.records"]') f.value = c.group.config['max.poll.records']
    else if (f.path === 'group.config' && !fields.some((x) => x.path === 'group.config["max.poll.records"]')) f.value = `(Kafka defaults; max.poll.records ${c.group.config['max.poll.records']})`
    else continue
    f.why = `${f.why}; ${label} (÷ ${k}) to fit the simulator's work budget`
  }
  fields.unshift({
    path: 'scale',
    value: `1/${k}`,
    how: 'derived',
    sources: [],
    why: `${fmtRate(was)} is too expensive to simulate over ${s.topic.partitions} partitions and ${s.group.consumers} consumers: the record rate, each consumer's processing rate, max.poll.records and the starting lags are divided by ${k}; partitions, owners, each partition's share, each consumer's utilisation and the time a poll's batch takes are as measured, lags come out ${k}× smaller and times to drain the same`,
  })
  const note = `Simulated at 1/${k} of the ${rateHow === 'as measured' ? 'measured' : 'assumed'} rate (${fmtRate(was)} → ${fmtRate(now)}; processing, max.poll.records and lags ÷ ${k}) to fit the simulator's budget: shares, skew, owners and consumers as measured; lags ${k}× smaller, times the same.`
  return { ok: true, scenario: c, k, note }
}


/** The slice of every k-th consumer (BuildOptions.slice), built as any import and labelled. */
export function sliceOf(facts: ClusterFacts, topic: ImportedTopic, group: ImportedGroup | undefined, view: PartitionView, opts: BuildOptions, build: (f: ClusterFacts, o: BuildOptions) => BuildResult): BuildResult {
  const k = opts.slice!
  const sl = sliceFacts(facts, topic, group, view, k)
  if (typeof sl === 'string') return { ok: false, message: sl }
  const { slice: _k, ...rest } = opts
  const r = build(sl.facts, { ...rest, topic: topic.name, ...(group ? { group: group.groupId } : {}), sliceOfPartitions: view.partitions })
  const what = `a slice of 1/${k}: ${sl.kept.length} of the ${sl.members} consumers (every ${nth(k)} one: ${shown(sl.kept)}) with the ${sl.partitions.length} of ${view.partitions} partitions they own, renumbered 0–${sl.partitions.length - 1}`
  if (!r.ok) return { ...r, message: `${what}: ${r.message}` }
  r.scenario.name = labelled(r.scenario.name, `(slice 1/${k})`)
  // Without measured rates the slice carries its partitions' share of the assumed rate (build.ts).
  const rateAssumed = r.fields.some((f) => f.path === 'producers[0].rate.perSec' && f.how === 'assumed')
  const rate = fmtRate((r.scenario.producers[0]!.rate as { perSec: number }).perSec)
  const rates = rateAssumed ? `each partition's rate is the whole cluster's assumed rate per partition (${rate} over the slice, no produce rates in the pastes)` : "each partition's rate is as measured"
  r.fields.unshift({
    path: 'slice',
    value: `1/${k}`,
    how: 'derived',
    sources: [],
    why: `${view.partitions} partitions and ${sl.members} consumers are too expensive to simulate whatever the rate (the group protocol grows with both): ${what}. Each kept consumer's partitions and each partition's lag are as measured, and ${rates}; a rebalance moves partitions among ${sl.kept.length} members, not ${sl.members}. The run's partitions are the cluster's ${ranges(sl.partitions)}, in that order`,
  })
  r.story = `Simulated as ${what}, the group too large to simulate whole; their partitions and lags as measured, ${rateAssumed ? `and each partition the whole cluster's assumed per-partition rate (${rate} in all)` : 'their rates as measured'}. ${r.story}`
  return r
}

function nth(k: number): string {
  return k === 2 ? 'second' : k === 3 ? 'third' : `${k}th`
}

function shown(xs: string[]): string {
  return xs.length <= 3 ? xs.join(', ') : `${xs.slice(0, 2).join(', ')} … ${xs[xs.length - 1]}`
}

/** [0,1,2,5,6,9] → "0–2, 5–6, 9" (the first few runs, then "…"). */
function ranges(ps: number[]): string {
  const out: string[] = []
  for (let i = 0; i < ps.length && out.length < 4; ) {
    let j = i
    while (j + 1 < ps.length && ps[j + 1] === ps[j]! + 1) j++
    out.push(i === j ? `${ps[i]}` : `${ps[i]}–${ps[j]}`)
    i = j + 1
    if (out.length === 4 && i < ps.length) out.push('…')
  }
  return out.join(', ')
}
