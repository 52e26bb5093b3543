// Preset `salted-hot-key`: the hot-key scenario with key salting switched on.

import type { Scenario } from '../types.ts'
import { hotKeyScenario } from './hotKey.ts'
import type { Preset } from './preset.ts'

/** hot-key + salting over 4 splits: the flagged key becomes `global-marketplace#0 … #3`. */
export function saltedHotKeyScenario(): Scenario {
  const s = hotKeyScenario()
  return { ...s, name: 'salted-hot-key', dynamic: { ...s.dynamic, salting: { enabled: true, splits: 4 } } }
}

export const saltedHotKey: Preset = {
  name: 'salted-hot-key',
  title: 'Salted hot key: lag falls, order breaks',
  notice:
    'Same load as hot-key, but once the key is flagged (after the first one-second window) the producer ' +
    'salts it: global-marketplace becomes global-marketplace#0 … #3, which hash to partitions 1, 4, 5 and ' +
    '8 here, so three consumers share its 2700 records/s and the hot lane\'s backlog never builds as it ' +
    'does in hot-key. The price is ordering: records of one key now travel different lanes at different ' +
    'speeds, and the ordering-violation counter climbs from the start. Salting trades per-key order for ' +
    'throughput; the consumer side would need to merge the splits to get order back.',
  build: saltedHotKeyScenario,
}
