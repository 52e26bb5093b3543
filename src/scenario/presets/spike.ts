// Preset `spike`: a five-fold burst of traffic for ten seconds.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 3000 rec/s, ×5 (15 000 rec/s) from 30 s to 40 s; 4 consumers at 2000 rec/s (capacity 8000). */
export function spikeScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'spike',
    start: 'warm',
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({ ...p, rate: { kind: 'spike', perSec: 3000, atSec: 30, durationSec: 10, multiplier: 5 } })),
    group: { ...s.group, consumers: 4 },
  }
}

export const spike: Preset = {
  name: 'spike',
  title: 'Traffic spike: lag builds and drains',
  notice:
    'For ten seconds from 30 s the producer sends five times its usual 3000 records/s. Four consumers can ' +
    'process 8000 records/s, so during the spike lag grows by about 7000 records every second, on every lane ' +
    'at once because the keys are uniform. When the spike ends the same spare capacity (5000 records/s) drains ' +
    'the roughly 70 000-record backlog in about fourteen seconds. Lag is a buffer, not a failure: it only ' +
    'matters if it never drains or if records wait too long.',
  build: spikeScenario,
}
