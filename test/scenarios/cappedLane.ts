// One lane capped at half what its producer sends (2 000 rec/s sent, 1 000 appended), read by one
// consumer that keeps up: the producer holds what the lane cannot take, so latency from send() and
// delivery.timeout.ms have a known answer (record s waits s seconds until one fails). Test-only.
import { defaultScenario } from '../../src/scenario/defaults.ts'
import type { Scenario } from '../../src/scenario/types.ts'

/** `deliveryTimeoutMs`: the producers' delivery.timeout.ms (with request.timeout.ms 2 000 below it), or Kafka's default. */
export function cappedLane(seconds: number, deliveryTimeoutMs?: number): Scenario {
  const s = defaultScenario()
  s.topic.partitions = 1
  s.group.consumers = 1
  s.durationSec = seconds
  s.producers[0]!.rate = { kind: 'constant', perSec: 2000 }
  s.broker.appendCapacityPerSec = 1000
  if (deliveryTimeoutMs !== undefined) Object.assign(s.producerConfig, { 'request.timeout.ms': 2000, 'delivery.timeout.ms': deliveryTimeoutMs })
  return s
}
