// The brokers as the frame and `run --json` show them. Reads only.

import { clusterOf } from '../../scenario/defaults.ts'
import type { BrokerView } from '../frameTypes.ts'
import type { WorldState } from '../worldState.ts'
import { brokerNumber, leaderCounts, replicaCounts } from './clusterState.ts'
import { coordinatorBroker } from './coordinatorState.ts'
import { laneNoLeader, noticeInMs } from './faultView.ts'
import { faultRan } from './faultState.ts'
import { extraAppendMs } from './slowDisk.ts'
import { shareCoordinatorCounts } from '../share/shareStateCoordinator.ts'

export { laneNoLeader }

export function brokerViews(w: WorldState, now = 0): BrokerView[] {
  const cs = w.cluster
  const leaders = leaderCounts(cs)
  const replicas = replicaCounts(cs)
  const capacityPerSec = clusterOf(w.live).brokerCapacityPerSec
  const coordinator = coordinatorBroker(w)
  const shareState = w.share ? shareCoordinatorCounts(w) : null
  return cs.brokers.map((b) => ({
    id: b.id,
    up: b.up,
    leaders: leaders[b.id]!,
    replicas: replicas[b.id]!,
    inRate: b.inRate,
    bytesInRate: b.bytesInRate,
    outRate: b.outRate,
    hot: b.hot,
    saturated: b.saturated,
    capacityPerSec,
    slowFactor: b.slowFactor,
    noticeInMs: noticeInMs(w, b.id, now),
    ...(b.stoppingSince !== undefined ? { stopping: true as const } : {}),
    coordinator: b.id === coordinator,
    ...(shareState ? { shareStateFor: shareState[b.id] ?? 0 } : {}),
  }))
}

/** One broker in `run --json` (`broker` is the number people read: index + 1). */
export interface BrokerSummary {
  broker: number
  /**
   * Whether its process runs, once a broker fault has run (crashBroker / restartBroker); absent
   * before, so runs without faults print what they printed. A crashed broker otherwise reads as an
   * idle one: 0 leaders, 0 records/s.
   */
  up?: boolean
  leaders: number
  replicas: number
  /** Mean over the last closed metrics window (1 s of sim time), as the page's strip shows. */
  recordsInPerSec: number
  bytesInPerSec: number
  recordsOutPerSec: number
  hot: boolean
  /** It is the group's coordinator (leads the group's __consumer_offsets partition). */
  coordinator: boolean
  /** A share group's partitions whose share coordinator it is (leads their __share_group_state partitions); share groups only. */
  shareStateFor?: number
  /** Slow disk: how many times longer its appends take (1 = normal), and the ms that adds to each. */
  slowFactor: number
  extraAppendMs: number
}

export function brokerSummaries(w: WorldState): BrokerSummary[] {
  const round = (x: number): number => Math.round(x * 100) / 100
  return brokerViews(w).map((b) => ({
    broker: brokerNumber(b.id),
    ...(faultRan(w) ? { up: b.up } : {}),
    leaders: b.leaders,
    replicas: b.replicas,
    recordsInPerSec: round(b.inRate),
    bytesInPerSec: round(b.bytesInRate),
    recordsOutPerSec: round(b.outRate),
    hot: b.hot,
    coordinator: b.coordinator,
    ...(b.shareStateFor !== undefined ? { shareStateFor: b.shareStateFor } : {}),
    slowFactor: b.slowFactor,
    extraAppendMs: extraAppendMs(b.slowFactor),
  }))
}
