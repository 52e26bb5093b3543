// Preset `autoscale-storm`: a lag-driven autoscaler (as KEDA's Kafka scaler) meets eager rebalancing.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/**
 * 3 consumers at 2000 rec/s, 3000 rec/s spiking ×4 for 20 s at 30 s; autoscaler on (lag > 20 000 adds
 * one, lag < 1000 removes one, 10 s cooldown, 3..12 consumers), eager range.
 */
export function autoscaleStormScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'autoscale-storm',
    start: 'warm',
    durationSec: 180,
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({ ...p, rate: { kind: 'spike', perSec: 3000, atSec: 30, durationSec: 20, multiplier: 4 } })),
    group: {
      ...s.group,
      consumers: 3,
      protocol: 'eager',
      assignor: 'range',
      autoscaler: {
        enabled: true,
        lagThreshold: 20_000,
        scaleInBelowLag: 1000,
        cooldownSec: 10,
        minConsumers: 3,
        maxConsumers: 12,
      },
    },
  }
}

export const autoscaleStorm: Preset = {
  name: 'autoscale-storm',
  title: 'Autoscaling into a rebalance storm',
  notice:
    'At 30 s traffic jumps to 12 000 records/s for 20 s, and lag passes the autoscaler\'s 20 000-record threshold ' +
    'within seconds. It adds a consumer, but under the eager protocol each new member stops every lane for a ' +
    'rebalance, so lag grows faster and, after only a 10 s cooldown, it adds another, and another. When the spike ' +
    'is over the extra consumers drain the backlog and are removed one by one, each removal another rebalance. ' +
    'Count the rebalances against the consumers actually needed: scaling on lag with a short cooldown amplifies ' +
    'the very pauses it reacts to.',
  build: autoscaleStormScenario,
}
