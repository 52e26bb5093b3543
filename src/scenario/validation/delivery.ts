// Reader for the producer's optional delivery settings (acks, retries, delivery.timeout.ms,
// request.timeout.ms, retry.backoff.ms): each kept only when given, so older links replay exactly
// and an absent field means Kafka's default (kafka/producerDelivery.ts). Pure.

import { deliveryConfig, deliveryTimeoutProblem } from '../../kafka/producerDelivery.ts'
import type { ProducerConfig } from '../types.ts'
import { at, error, type Ctx } from './issues.ts'
import { JAVA_INT_MAX, LIMITS } from './limits.ts'
import { asObject, fail, int, ok, oneOf, own, type Rule } from './rules.ts'

export const DELIVERY_KEYS = ['acks', 'retries', 'delivery.timeout.ms', 'request.timeout.ms', 'retry.backoff.ms'] as const
type DeliveryKey = (typeof DELIVERY_KEYS)[number]

/**
 * ProducerConfig's acks is one of "all", "-1", "0", "1" ("-1" means all). Read as Kafka reads it,
 * also as a number (what `--set producerConfig.acks=1` gives), and stored as 'all' | '1' | '0'.
 */
const ACKS: Rule<'all' | '1' | '0'> = (v) => {
  const t = typeof v === 'number' ? String(v) : v
  if (t === '-1') return ok('all')
  const r = oneOf(['all', '1', '0'] as const)(t)
  return r.ok ? r : fail('must be "all" (or -1), "1" or "0"')
}

/** ProducerConfig: the others are INT/LONG atLeast(0). */
const RULES: { [K in DeliveryKey]-?: Rule<NonNullable<ProducerConfig[K]>> } = {
  acks: ACKS,
  retries: int(0, JAVA_INT_MAX),
  'delivery.timeout.ms': int(0, JAVA_INT_MAX),
  'request.timeout.ms': int(0, JAVA_INT_MAX),
  // Kafka takes 0; a client retrying every 0 ms would loop in one simulated instant.
  'retry.backoff.ms': int(LIMITS.retryBackoffMs.min, JAVA_INT_MAX),
}

/**
 * Adds the delivery settings found in `v` to `cfg` (the rest of the producer config, already read);
 * those absent in `v` stay as `base` had them. Checks a given delivery.timeout.ms ≥ linger.ms +
 * request.timeout.ms as KafkaProducer does, dropping the delivery settings on failure.
 */
export function readDelivery(ctx: Ctx, v: unknown, cfg: ProducerConfig, base: ProducerConfig, path: string): ProducerConfig {
  const o = asObject(v)
  const out: ProducerConfig = { ...cfg }
  for (const k of DELIVERY_KEYS) {
    const raw = o === undefined ? undefined : own(o, k)
    if (raw === undefined) {
      if (base[k] !== undefined) Object.assign(out, { [k]: base[k] })
      else delete out[k]
      continue
    }
    const r = RULES[k](raw)
    if (r.ok) Object.assign(out, { [k]: r.value })
    else error(ctx, at(path, k), r.message)
  }
  // Only a delivery.timeout.ms set explicitly is refused (KafkaProducer raises an unset one).
  const problem = out['delivery.timeout.ms'] === undefined ? null : deliveryTimeoutProblem(deliveryConfig(out), out['linger.ms'])
  if (problem !== null) {
    error(ctx, at(path, 'delivery.timeout.ms'), problem)
    for (const k of DELIVERY_KEYS) delete out[k]
  }
  return out
}
