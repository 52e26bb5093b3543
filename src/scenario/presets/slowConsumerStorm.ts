// Preset `slow-consumer-storm`: no scripted trigger; slow polls alone set off a rebalance storm.
//
// What it relies on in the runtime (to be tuned by running it):
// - processing time of a poll = Σ keyCost(key) / recordsPerSec over its records, times log-normal jitter
//   with coefficient of variation `cv`;
// - a poll returns up to max.poll.records, so a backlogged lane yields full 500-record polls;
// - a poll that outlasts max.poll.interval.ms makes the member leave (KIP-62), and it rejoins on its next poll.
// Arithmetic: bulk-tenant sends 30% of 1000 rec/s (300 rec/s) to one partition, which also gets ≈ 58 rec/s
// of other keys, so ≈ 84% of that lane's records cost 12×: mean cost ≈ 10.2 per record. A full poll then
// takes 500 × 10.2 / 300 ≈ 17 s on average; with cv 0.6 roughly a quarter to a third of those polls pass 20 s.
// The lane needs far more than one consumer can give, so its backlog (and full polls) never ends; each
// timeout is an eager rebalance that stops every lane and moves the hot lane to another member.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 12 partitions, 6 consumers (eager range), max.poll.records 500, max.poll.interval.ms 20000, 300 rec/s, cv 0.6. */
export function slowConsumerStormScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'slow-consumer-storm',
    durationSec: 300,
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'constant', perSec: 1000 },
      keys: { kind: 'hot', hotKey: 'bulk-tenant', share: 0.3, count: 1000 },
      keyCost: { 'bulk-tenant': 12 },
    })),
    group: {
      ...s.group,
      consumers: 6,
      protocol: 'eager',
      assignor: 'range',
      config: { ...s.group.config, 'max.poll.records': 500, 'max.poll.interval.ms': 20_000 },
      processing: { ...s.group.processing, recordsPerSec: 300, cv: 0.6 },
    },
  }
}

export const slowConsumerStorm: Preset = {
  name: 'slow-consumer-storm',
  title: 'Slow consumers set off a rebalance storm',
  notice:
    'Nothing is scripted here. Records of bulk-tenant take twelve times longer to process, and they dominate one ' +
    'lane, so a poll of 500 records from it takes about 17 s, near the 20 s max.poll.interval.ms. Whenever one ' +
    'takes longer, the consumer is considered stuck: it leaves the group, every lane stops for an eager rebalance, ' +
    'the lane moves to another consumer that is just as slow with it, and then the first one rejoins, causing yet ' +
    'another rebalance. Watch the rebalance count per minute rise with no change in load. Kafka\'s advice is to ' +
    'lower max.poll.records or raise max.poll.interval.ms so a poll always fits.',
  build: slowConsumerStormScenario,
}
