// The group coordinator's failover as facts and their English: its broker died, the controller
// moved the offsets partition, the new leader loaded the group, the members found it again.

import { OFFSETS_TOPIC } from '../../kafka/coordinatorPlacement.ts'
import { brokerNumber } from './clusterState.ts'

export type CoordinatorFact =
  /** `share`: a share group, which commits nothing (its records are acknowledged to partition leaders). */
  /** `shutdown`: the broker is in controlled shutdown (it hands the offsets partition over), absent after a crash. */
  | { kind: 'coordinator.lost'; broker: number; group: string; partition: number; share?: boolean; shutdown?: true }
  | { kind: 'coordinator.moved'; from: number; to: number; group: string; partition: number; loadMs: number; shutdown?: true }
  | { kind: 'coordinator.offline'; broker: number; group: string; partition: number }
  | { kind: 'coordinator.loaded'; broker: number; group: string; partition: number; reachableInMs: number; failedCommits: number; sessionTimeoutMs: number; share?: boolean }

const KINDS = new Set(['coordinator.lost', 'coordinator.moved', 'coordinator.offline', 'coordinator.loaded'])

export function isCoordinatorFact(f: { kind: string }): f is CoordinatorFact {
  return KINDS.has(f.kind)
}

const secs = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${+(ms / 1000).toFixed(1)} s`)

export function narrateCoordinator(f: CoordinatorFact): string {
  const tp = `${OFFSETS_TOPIC}-${f.partition}`
  switch (f.kind) {
    case 'coordinator.lost':
      // A controlled shutdown: the old coordinator still answers, NOT_COORDINATOR, and resigns (GroupCoordinator.onResignation).
      if (f.shutdown) {
        return (
          `${f.share ? 'share group' : 'group'} "${f.group}"'s coordinator moves: broker ${brokerNumber(f.broker)}, shutting down, gives up ${tp}. ` +
          `Its requests get NOT_COORDINATOR and members look the coordinator up again (FindCoordinator); they keep fetching from the lanes' leaders`
        )
      }
      if (f.share) {
        return (
          `share group "${f.group}" lost its coordinator: broker ${brokerNumber(f.broker)} led ${tp}. ShareGroupHeartbeat now fails ` +
          `(COORDINATOR_NOT_AVAILABLE) and members retry FindCoordinator; they keep fetching from and acknowledging to the partitions' leaders`
        )
      }
      return (
        `group "${f.group}" lost its coordinator: broker ${brokerNumber(f.broker)} led ${tp}. Heartbeats, joins and ` +
        `commits now fail (COORDINATOR_NOT_AVAILABLE) and members retry FindCoordinator; they keep fetching from the lanes' leaders`
      )
    case 'coordinator.moved':
      return (
        `${tp} now led by broker ${brokerNumber(f.to)} (broker ${brokerNumber(f.from)} ${f.shutdown ? 'shutting down' : 'fenced'}): it loads group "${f.group}" ` +
        `from the log, ${secs(f.loadMs)} (COORDINATOR_LOAD_IN_PROGRESS meanwhile)`
      )
    case 'coordinator.offline':
      return `${tp} has no in-sync replica left after broker ${brokerNumber(f.broker)}: group "${f.group}" has no coordinator until it restarts`
    case 'coordinator.loaded':
      // A share group commits no offsets, and its sessions run on group.share.session.timeout.ms.
      if (f.share) {
        return (
          `broker ${brokerNumber(f.broker)} is share group "${f.group}"'s coordinator: it restarted every member's session ` +
          `(group.share.session.timeout.ms ${secs(f.sessionTimeoutMs)} from now), members find it in ${secs(f.reachableInMs)}`
        )
      }
      return (
        `broker ${brokerNumber(f.broker)} is group "${f.group}"'s coordinator: it restarted every member's session ` +
        `(session.timeout.ms ${secs(f.sessionTimeoutMs)} from now), members find it in ${secs(f.reachableInMs)}; ` +
        `${f.failedCommits} commit${f.failedCommits === 1 ? '' : 's'} failed meanwhile and are retried`
      )
  }
}
