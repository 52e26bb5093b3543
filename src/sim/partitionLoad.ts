// What a lag-aware group leader reads when it assigns (the community lag-based assignors read end
// offsets and the group's committed offsets through a consumer of their own): each partition's lag
// from the last commit plus its produce rate over the last metrics window, weighed by the pure rule
// in src/kafka/assignors/lagAwareAssignor.ts.

import { partitionWeight } from '../kafka/assignors/lagAwareAssignor.ts'
import type { WorldState } from './worldState.ts'

/**
 * Per partition: `partitionWeight(lag, rate)`. Lag = log end − committed offset; a partition with no
 * commit counts as LagBasedPartitionAssignor counts it: all of it under auto.offset.reset=earliest,
 * none under latest.
 */
export function partitionLoads(w: WorldState): number[] {
  const earliest = w.live.group.config['auto.offset.reset'] === 'earliest'
  const out: number[] = []
  for (let p = 0; p < w.P; p++) {
    const c = w.committed[p]!
    const lag = c >= 0 ? w.leo[p]! - c : earliest ? w.leo[p]! : 0
    out.push(partitionWeight(lag, w.inRate[p]!))
  }
  return out
}
