// Preset `rolling-restart-dynamic`: six consumers restarted one by one, with dynamic membership.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 12 partitions, 6000 rec/s, 6 consumers (eager range); rollingRestart downMs 8000, intervalMs 20000 at 20 s. */
export function rollingRestartDynamicScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'rolling-restart-dynamic',
    start: 'warm',
    durationSec: 180,
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({ ...p, rate: { kind: 'constant', perSec: 6000 } })),
    group: { ...s.group, consumers: 6, protocol: 'eager', assignor: 'range', staticMembership: false },
    actions: [{ atSec: 20, do: 'rollingRestart', downMs: 8000, intervalMs: 20_000 }],
  }
}

export const rollingRestartDynamic: Preset = {
  name: 'rolling-restart-dynamic',
  title: 'Rolling restart, dynamic members',
  notice:
    'From 20 s the six consumers are restarted one at a time, each down for 8 s, one every 20 s, as a ' +
    'deployment would do. A dynamic member sends LeaveGroup when it stops and joins as a new member when ' +
    'it starts, so each restart costs two eager rebalances, twelve in all. In each, the other members\' ' +
    'lanes close one member at a time as each learns of the rebalance and rejoins, and all are closed ' +
    'together just before the new assignment. Count the rebalances and watch lag pulse on every lane, not ' +
    'just the restarted consumer\'s. Compare with rolling-restart-static.',
  build: rollingRestartDynamicScenario,
}
