// Preset `consumer-joins-cooperative`: consumer-joins-eager with cooperative rebalancing (KIP-429).

import type { Scenario } from '../types.ts'
import { consumerJoinsEagerScenario } from './consumerJoinsEager.ts'
import type { Preset } from './preset.ts'

/** consumer-joins-eager with protocol cooperative and the cooperative-sticky assignor; nothing else changes. */
export function consumerJoinsCooperativeScenario(): Scenario {
  const s = consumerJoinsEagerScenario()
  return { ...s, name: 'consumer-joins-cooperative', group: { ...s.group, protocol: 'cooperative', assignor: 'cooperative-sticky' } }
}

export const consumerJoinsCooperative: Preset = {
  name: 'consumer-joins-cooperative',
  title: 'A consumer joins (cooperative rebalance)',
  notice:
    'The same join as consumer-joins-eager, with cooperative rebalancing (KIP-429, cooperative-sticky). ' +
    'Members keep their partitions through the first rebalance and revoke only the ones that must move; a ' +
    'second, short rebalance hands those to the newcomer. Only the three partitions that change owner pause, ' +
    'so lag barely moves on the other nine lanes. It takes two rebalances instead of one, yet far less work stops.',
  build: consumerJoinsCooperativeScenario,
}
