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
    'Same load as hot-key, but once the key is flagged the producer salts it: global-marketplace becomes ' +
    'global-marketplace#0 … #3, which hash to up to four partitions, so up to four consumers share its ' +
    '2700 records/s. Watch the hot lane\'s lag fall back. The price is ordering: records of one key now travel ' +
    'different lanes at different speeds, and the ordering-violation counter starts to climb. Salting trades ' +
    'per-key order for throughput; the consumer side would need to merge the splits to get order back.',
  build: saltedHotKeyScenario,
}
