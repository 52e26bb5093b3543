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
    'Members keep consuming all of their partitions while they rejoin; the first rebalance only decides ' +
    'which three partitions must move (the newcomer gets nothing yet), their owners revoke just those, ' +
    'and a second, short rebalance hands them to the newcomer. Only those three lanes pause, from their ' +
    'revocation to the end of the second rebalance, so lag barely moves on the other nine. It takes two ' +
    'rebalances instead of one, yet far less work stops.',
  build: consumerJoinsCooperativeScenario,
}
