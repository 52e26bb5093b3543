// The group coordinator as `run --json` shows it (the broker strip reads BrokerView.coordinator).
// Reads only.

import { OFFSETS_TOPIC } from '../../kafka/coordinatorPlacement.ts'
import type { WorldState } from '../worldState.ts'
import { brokerNumber } from './clusterState.ts'
import { coordinatorBroker, coordinatorPlacement, coordinatorReachableAt } from './coordinatorState.ts'

export interface GroupCoordinatorSummary {
  /** The broker (numbered from 1) leading the group's offsets partition; null while it has no leader. */
  broker: number | null
  /** "__consumer_offsets-31": Utils.abs(group.id.hashCode()) % offsets.topic.num.partitions. */
  offsetsPartition: string
  /** Whether the members can reach it now (false from its broker's crash until they find the next). */
  reachable: boolean
  /** Times a new leader loaded the group after its coordinator's broker died. */
  failovers: number
  /** Commits that failed meanwhile (retried later). */
  failedCommits: number
}

export function groupCoordinatorSummary(w: WorldState, now: number): GroupCoordinatorSummary {
  const b = coordinatorBroker(w)
  const c = w.faults?.coordinator
  return {
    broker: b >= 0 ? brokerNumber(b) : null,
    offsetsPartition: `${OFFSETS_TOPIC}-${coordinatorPlacement(w).partition}`,
    reachable: now >= coordinatorReachableAt(w),
    failovers: c?.failovers ?? 0,
    failedCommits: c?.failedCommits ?? 0,
  }
}
