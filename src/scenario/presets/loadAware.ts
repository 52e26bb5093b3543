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
    'Same load as hot-key, but once the key is flagged (after the first one-second window) each send ' +
    'cycle\'s records of it go to the lane with the smallest backlog at that moment, while every other key ' +
    'keeps its hashed partition. Lanes that are all caught up tie, and a tie goes to the lowest ' +
    'partition, so the hot key\'s 2700 records/s land mostly on a few lanes (P0 and P3 are flagged hot in ' +
    'turn) rather than evenly; still no consumer falls behind, so lag stays low everywhere. As with ' +
    'salting, the hot key\'s records no longer share one lane, so their order is no longer guaranteed; ' +
    'compare the ordering-violation count with salted-hot-key.',
  build: loadAwareScenario,
}
