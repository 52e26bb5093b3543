// Preset `load-aware`: the hot-key scenario with load-aware routing of flagged keys.

import type { Scenario } from '../types.ts'
import { hotKeyScenario } from './hotKey.ts'
import type { Preset } from './preset.ts'

/** hot-key + loadAware { enabled, scope 'hot-keys' }: flagged keys' records go to the least-loaded lane. */
export function loadAwareScenario(): Scenario {
  const s = hotKeyScenario()
  return { ...s, name: 'load-aware', dynamic: { ...s.dynamic, loadAware: { enabled: true, scope: 'hot-keys' } } }
}

export const loadAware: Preset = {
  name: 'load-aware',
  title: 'Load-aware routing of the hot key',
  notice:
    'Same load as hot-key, but records of a flagged key are sent to whichever lane is least loaded at that ' +
    'moment, while every other key keeps its hashed partition. The hot key\'s 2700 records/s spread across the ' +
    'quiet lanes and no consumer is overloaded, so lag stays low everywhere. As with salting, the hot key\'s ' +
    'records no longer share one lane, so their order is no longer guaranteed; compare the ordering-violation ' +
    'count with salted-hot-key.',
  build: loadAwareScenario,
}
