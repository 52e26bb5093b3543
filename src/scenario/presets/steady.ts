// Preset `steady`: the default scenario, where everything keeps up.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 12 partitions, 3000 rec/s uniform over 1000 keys, 3 consumers at 2000 rec/s each (capacity 6000). */
export function steadyScenario(): Scenario {
  return { ...defaultScenario(), name: 'steady' }
}

export const steady: Preset = {
  name: 'steady',
  title: 'Steady: everything keeps up',
  notice:
    'Three consumers share twelve partitions, four each, and can process 6000 records/s between them while ' +
    'the producer sends 3000. Keys are spread evenly, so every lane carries about 250 records/s and every ' +
    'consumer is half busy. The first seconds are the group forming: no lane is consumed until the first ' +
    'rebalance completes (group.initial.rebalance.delay.ms, 3 s, waits again while members keep arriving), so a ' +
    'backlog builds and then drains. After that lag stays near zero on every lane: this is the baseline the ' +
    'other presets break.',
  build: steadyScenario,
}
