// Reader for `group.initialAssignment` (who owns which partitions at a warm start, e.g. measured
// by an import). Only its shape is checked here: lists of partition numbers, none owned twice.
// Whether it fits the run (one list per consumer, every partition owned) is decided at the warm
// start (protocols/formedGroup.ts fittingAssignment), so a compare side with more consumers or
// partitions falls back to the assignor instead of failing. `null` removes it. Pure.

import type { ConsumerGroupSpec } from '../types.ts'
import { at, error, type Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'
import { int, own } from './rules.ts'

export function readInitialAssignment(ctx: Ctx, o: Record<string, unknown> | undefined, base: ConsumerGroupSpec, path: string): Pick<ConsumerGroupSpec, 'initialAssignment'> {
  const raw = o === undefined ? undefined : own(o, 'initialAssignment')
  if (raw === undefined) return base.initialAssignment === undefined ? {} : { initialAssignment: base.initialAssignment }
  if (raw === null) return {}
  const p = at(path, 'initialAssignment')
  if (!Array.isArray(raw) || raw.length > LIMITS.consumers.max) {
    error(ctx, p, `must be a list of partition lists, one per consumer (at most ${LIMITS.consumers.max})`)
    return {}
  }
  const rule = int(0, LIMITS.partitions.max - 1)
  const seen = new Set<number>()
  const out: number[][] = []
  for (let i = 0; i < raw.length; i++) {
    const ps = raw[i] as unknown
    if (!Array.isArray(ps)) {
      error(ctx, at(p, i), 'must be a list of partition numbers')
      return {}
    }
    const mine: number[] = []
    for (let j = 0; j < ps.length; j++) {
      const r = rule(ps[j])
      if (!r.ok) {
        error(ctx, at(at(p, i), j), r.message)
        return {}
      }
      if (seen.has(r.value)) {
        error(ctx, at(at(p, i), j), `partition ${r.value} is owned twice: each partition has one owner in a consumer group`)
        return {}
      }
      seen.add(r.value)
      mine.push(r.value)
    }
    out.push(mine)
  }
  return { initialAssignment: out }
}
