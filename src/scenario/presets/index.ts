// The preset gallery: every named scenario, in menu order. Pure data; used by the UI, CLI and golden tests.

import { addPartitions } from './addPartitions.ts'
import { autoscaleStorm } from './autoscaleStorm.ts'
import { brokerHotspot } from './brokerHotspot.ts'
import { brokerFailure } from './brokerFailure.ts'
import { clusterRebalance } from './clusterRebalance.ts'
import { consumerCrash } from './consumerCrash.ts'
import { consumerJoinsCooperative } from './consumerJoinsCooperative.ts'
import { consumerJoinsEager } from './consumerJoinsEager.ts'
import { heavy } from './heavy.ts'
import { hotKey } from './hotKey.ts'
import { kip848Churn } from './kip848Churn.ts'
import { lagAwareAssignor } from './lagAwareAssignor.ts'
import { loadAware } from './loadAware.ts'
import { parallelConsumerKeyOrder } from './parallelConsumerKeyOrder.ts'
import type { Preset } from './preset.ts'
import { rollingRestartDynamic } from './rollingRestartDynamic.ts'
import { rollingRestartStatic } from './rollingRestartStatic.ts'
import { saltedHotKey } from './saltedHotKey.ts'
import { scale10k } from './scale10k.ts'
import { shareGroupHotLane } from './shareGroupHotLane.ts'
import { slowConsumerStorm } from './slowConsumerStorm.ts'
import { spike } from './spike.ts'
import { steady } from './steady.ts'

export type { Preset } from './preset.ts'

export const presets: readonly Preset[] = [
  steady,
  hotKey,
  saltedHotKey,
  loadAware,
  addPartitions,
  spike,
  heavy,
  consumerJoinsEager,
  consumerJoinsCooperative,
  consumerCrash,
  rollingRestartDynamic,
  rollingRestartStatic,
  slowConsumerStorm,
  kip848Churn,
  autoscaleStorm,
  brokerHotspot,
  brokerFailure,
  clusterRebalance,
  scale10k,
  lagAwareAssignor,
  shareGroupHotLane,
  parallelConsumerKeyOrder,
]

/** The preset with this name, or undefined. */
export function getPreset(name: string): Preset | undefined {
  return presets.find((p) => p.name === name)
}
