// Preset `slow-consumer-storm`: nothing scripted but load; a storm emerges from max.poll.interval.ms.
//
// What it relies on in the runtime:
// - a poll returns up to max.poll.records, so a backlog turns every poll into a full one;
// - a poll's processing time = records × 40 ms (25 rec/s) × log-normal jitter (cv 0.3): a full poll of
//   500 records takes ~20 s, longer than max.poll.interval.ms = 15 s, while a caught-up poll is short;
// - a member whose poll outlasts max.poll.interval.ms leaves (KIP-62) and rejoins at its next poll,
//   and its uncommitted records are processed again by the next owner (duplicates);
// - under eager rebalancing every rebalance stops all lanes, and the join phase waits for members
//   busy in long polls (up to the rebalance timeout), so each rebalance adds backlog everywhere.
// Measured: load is 60 % of capacity, yet a 20 s ×3 burst at 60 s tips it over and the storm keeps
// going long after the burst (≈5 rebalances/min, lag and duplicates rising). With 30 rec/s per
// consumer (a full poll ~16.7 s) the same burst is absorbed: the margin is what matters.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 12 partitions, 6 consumers (eager range) at 25 rec/s, max.poll.records 500, max.poll.interval.ms 15000; 100 rec/s with a ×3 burst. */
export function slowConsumerStormScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'slow-consumer-storm',
    start: 'warm',
    durationSec: 300,
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'spike', perSec: 100, atSec: 60, durationSec: 20, multiplier: 3 },
      keys: { kind: 'uniform', count: 1000 },
    })),
    group: {
      ...s.group,
      consumers: 6,
      protocol: 'eager',
      assignor: 'range',
      config: { ...s.group.config, 'max.poll.records': 500, 'max.poll.interval.ms': 15_000 },
      processing: { ...s.group.processing, recordsPerSec: 25, cv: 0.3 },
    },
  }
}

export const slowConsumerStorm: Preset = {
  name: 'slow-consumer-storm',
  title: 'Slow consumers set off a rebalance storm',
  notice:
    'Nothing is scripted here but the load. Each record takes about 40 ms, so a full poll of 500 records ' +
    'takes about 20 s, longer than max.poll.interval.ms (15 s); while the group keeps up, polls are small ' +
    'and all is calm at 60 % of capacity. At 60 s a 20-second burst builds a backlog, polls fill up, and ' +
    'twenty to thirty seconds later the first consumer that outlasts the poll interval leaves the group, then ' +
    'the others one after another. Under eager rebalancing every lane stops, the backlog grows ' +
    'everywhere, more polls fill up and more consumers time out: watch the rebalances per minute, the lag ' +
    'and the duplicates keep climbing long after the burst is over. Kafka\'s advice: lower ' +
    'max.poll.records or raise max.poll.interval.ms so that a full poll always fits.',
  build: slowConsumerStormScenario,
}
