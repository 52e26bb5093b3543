// The validator's last step: a scenario whose every field is fine may still be too expensive to
// simulate in a tab. Pure. Names the fields that cost most and the limit they break.

import type { Scenario } from '../types.ts'
import { estimateCost, fmtCount, keyBuildPeak, keyStreamLists, KEY_MODEL_KEYS_MAX, KEY_STREAM_LISTS_MAX, WORK_BUDGET_US_PER_SIM_SEC, type CostItem } from './cost.ts'
import { error, type Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'

function seconds(us: number): string {
  const s = us / 1e6
  return s >= 10 ? `${fmtCount(s)} s` : `${s.toPrecision(2)} s`
}

function share(item: CostItem): string {
  return `${item.what}: ${seconds(item.us)}`
}

/** Records an error per budget broken; true when the scenario is within every budget. */
export function checkBudget(ctx: Ctx, s: Scenario): boolean {
  const cost = estimateCost(s)
  let ok = true
  if (cost.keyModelKeys > KEY_MODEL_KEYS_MAX) {
    error(ctx, 'producers', `the key models would hold ${fmtCount(cost.keyModelKeys)} keys in all (at most ${fmtCount(KEY_MODEL_KEYS_MAX)} over all producers, counting scripted setKeyCount): too slow to build; use fewer keys or fewer producers`)
    ok = false
  } else {
    const build = keyBuildPeak(s, cost.envelope)
    if (build.keys > KEY_MODEL_KEYS_MAX) {
      error(ctx, 'actions', `the script rebuilds key models of ${fmtCount(build.keys)} keys within the simulated second at ${build.atSec} s (at most ${fmtCount(KEY_MODEL_KEYS_MAX)} a second): spread the key changes out or use fewer keys`)
      ok = false
    }
  }
  cost.envelope.producers.forEach((p, i) => {
    if (p.peakRate <= LIMITS.peakRatePerSec.max) return
    error(ctx, `producers[${i}].rate`, `would peak at ${fmtCount(p.peakRate)} records/s with its spike and scripted setRate multipliers (at most ${fmtCount(LIMITS.peakRatePerSec.max)}, so that counts stay exact)`)
    ok = false
  })
  const lists = keyStreamLists(cost.envelope)
  if (lists > KEY_STREAM_LISTS_MAX) {
    const e = cost.envelope
    const salting = e.flaggedKeys * Math.min(e.saltSplits, e.partitions) * 2 > lists
    error(
      ctx,
      salting ? 'dynamic.salting.splits' : 'producers',
      `would keep ${fmtCount(lists)} key segment lists (at most ${fmtCount(KEY_STREAM_LISTS_MAX)}: too much memory), ${salting ? `salting ${fmtCount(e.flaggedKeys)} flagged keys over ${fmtCount(Math.min(e.saltSplits, e.partitions))} partitions` : 'from tracked keys that move over every partition'}; use fewer splits, fewer keys with a cost or a higher keyShareThreshold`,
    )
    ok = false
  }
  if (cost.usPerSimSec > WORK_BUDGET_US_PER_SIM_SEC) {
    // The items (largest first) that make most of it; when the cost is spread thin (no item reaches
    // a fifth of it, e.g. several producers alike), the largest one still names the field to change.
    const big = cost.items.filter((i) => i.us >= cost.usPerSimSec * 0.2).slice(0, 2)
    const top = big.length > 0 ? big : cost.items.slice(0, 1)
    error(
      ctx,
      top[0]?.path ?? 'producers',
      `too expensive to simulate: about ${seconds(cost.usPerSimSec)} of work per simulated second (budget ${seconds(WORK_BUDGET_US_PER_SIM_SEC)}); most of it is ${top.map(share).join('; and ')}`,
    )
    ok = false
  }
  return ok
}
