// Reader for `group.consumerNames` (what the scenario's consumers are called, e.g. an import's
// client ids). Checked: a list of at most LIMITS.consumers.max names, each 1–consumerNameChars of
// CONSUMER_NAME's characters, no name twice. Its length is not tied to `group.consumers`: the
// page's "+"/"−" and compare sides change the count without renaming anyone, so names past the
// count go unused and consumers past the names are `consumer-N` (scenario/consumerNames.ts);
// the import writes exactly one name per consumer. `null` removes it. Pure.

import { CONSUMER_NAME } from '../consumerNames.ts'
import type { ConsumerGroupSpec } from '../types.ts'
import { at, error, type Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'
import { own, text } from './rules.ts'

const NAME = text(1, LIMITS.consumerNameChars)

export function readConsumerNames(ctx: Ctx, o: Record<string, unknown> | undefined, base: ConsumerGroupSpec, path: string): Pick<ConsumerGroupSpec, 'consumerNames'> {
  const raw = o === undefined ? undefined : own(o, 'consumerNames')
  if (raw === undefined) return base.consumerNames === undefined ? {} : { consumerNames: base.consumerNames }
  if (raw === null) return {}
  const p = at(path, 'consumerNames')
  if (!Array.isArray(raw) || raw.length > LIMITS.consumers.max) {
    error(ctx, p, `must be a list of consumer names, one per consumer (at most ${LIMITS.consumers.max})`)
    return {}
  }
  const seen = new Map<string, number>()
  const out: string[] = []
  for (let i = 0; i < raw.length; i++) {
    const r = NAME(raw[i])
    if (!r.ok) {
      error(ctx, at(p, i), r.message)
      return {}
    }
    if (!CONSUMER_NAME.test(r.value)) {
      error(ctx, at(p, i), "must use only a–z, A–Z, 0–9 and . _ - @ : / #")
      return {}
    }
    const first = seen.get(r.value)
    if (first !== undefined) {
      error(ctx, at(p, i), `"${r.value}" is already ${at(p, first)}: each consumer has its own name`)
      return {}
    }
    seen.set(r.value, i)
    out.push(r.value)
  }
  return { consumerNames: out }
}
