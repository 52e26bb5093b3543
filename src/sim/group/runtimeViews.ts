// What a machine-driven group runtime shows the page: a member's phase, generation and the session
// timer the coordinator runs on it while it sends no heartbeats, and the group with its rebalance
// log's figures. Reads only its arguments.

import type { GroupView, MemberPhase } from '../frameTypes.ts'
import type { MemberProtocolView } from './groupRuntime.ts'
import type { MemberContextBase, SnapshotOf } from './memberSlot.ts'
import type { RebalanceTracker } from './rebalanceTracker.ts'
import type { CoordinatorView } from './runtimeTypes.ts'

const NO_MEMBER: MemberProtocolView = { memberId: '', groupInstanceId: null, phase: 'dead', generation: -1, sessionTimer: null }

/** A member slot's view; `sessionTimer` looks up the coordinator's timer on a member id. */
export function memberView<Ctx extends MemberContextBase>(
  m: { snapshot: SnapshotOf<Ctx>; alive: boolean; paused: boolean } | null | undefined,
  phaseOf: (snapshot: SnapshotOf<Ctx>) => MemberPhase,
  generationOf: (context: Ctx) => number,
  sessionTimer: (memberId: string) => { setAt: number; dueAt: number } | null,
): MemberProtocolView {
  if (!m) return NO_MEMBER
  const c = m.snapshot.context
  const phase: MemberPhase = !m.alive ? 'dead' : m.paused ? 'paused' : phaseOf(m.snapshot)
  // Only a process that sends no heartbeats lets its session run down; a live one renews it.
  const t = (!m.alive || m.paused) && c.memberId !== '' ? sessionTimer(c.memberId) : null
  return { memberId: c.memberId, groupInstanceId: c.groupInstanceId, generation: generationOf(c), phase, sessionTimer: t ? { setAt: t.setAt, dueAt: t.dueAt } : null }
}

/** The coordinator's view with the rebalance log's figures at `now`. */
export function groupView(v: CoordinatorView, tracker: RebalanceTracker, now: number): GroupView {
  return {
    ...v,
    rebalancing: tracker.isOpen || v.rebalancing,
    rebalances: tracker.records.length,
    rebalancesLastMinute: tracker.startedInLastMinute(now),
    storm: tracker.storm(now),
  }
}
