// Preset `kip848-churn`: members come and go every 15 s under the KIP-848 consumer protocol.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/**
 * 12 partitions, 6000 rec/s, 6 consumers, protocol consumer with the uniform assignor; a restart
 * or crash every 15 s from 15 s to 90 s, and replacements for the crashed ones.
 * Consumers named here (consumer-1 … consumer-5) exist whether the runtime counts from 0 or 1.
 */
export function kip848ChurnScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'kip848-churn',
    start: 'warm',
    durationSec: 150,
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({ ...p, rate: { kind: 'constant', perSec: 6000 } })),
    group: { ...s.group, consumers: 6, protocol: 'consumer', assignor: 'uniform' },
    actions: [
      { atSec: 15, do: 'restartConsumer', consumer: 'consumer-1', downMs: 5000 },
      { atSec: 30, do: 'crashConsumer', consumer: 'consumer-2' },
      { atSec: 45, do: 'restartConsumer', consumer: 'consumer-3', downMs: 5000 },
      { atSec: 60, do: 'addConsumer' },
      { atSec: 75, do: 'restartConsumer', consumer: 'consumer-4', downMs: 5000 },
      { atSec: 90, do: 'crashConsumer', consumer: 'consumer-5' },
      { atSec: 105, do: 'addConsumer' },
    ],
  }
}

export const kip848Churn: Preset = {
  name: 'kip848-churn',
  title: 'Churn under the KIP-848 consumer protocol',
  notice:
    'Every 15 s a consumer restarts, crashes or is replaced, but the group uses the new consumer protocol ' +
    '(KIP-848, group.protocol=consumer). There is no group-wide JoinGroup barrier: the coordinator computes a new ' +
    'target assignment and each member reconciles on its own heartbeats, releasing only the partitions it must ' +
    'give up. Watch that lanes not involved in a change never stop, and that a moving partition pauses only ' +
    'between its old owner releasing it and its new owner picking it up. A crashed member\'s lanes still wait for ' +
    'the broker\'s group.consumer.session.timeout.ms (45 s).',
  build: kip848ChurnScenario,
}
