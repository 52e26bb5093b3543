// What a share group shows the page: the group (no rebalances, ever: KIP-932 has no barrier) and
// one member slot with the session timer the coordinator runs on it while it sends no heartbeats.
// Reads only its arguments.

import { findShareMember, type ShareGroupContext } from '../../protocols/shareGroupLogic.ts'
import type { ShareMemberContext } from '../../protocols/shareMemberMachine.ts'
import type { GroupView } from '../frameTypes.ts'
import type { MemberProtocolView } from '../group/groupRuntime.ts'
import type { SavedSnapshot } from '../group/memberSlot.ts'

/** One consumer slot's current process. */
export interface ShareSlot {
  incarnation: number
  alive: boolean
  /** GC pause: deliveries to it wait until then. */
  pausedUntil: number
  member: SavedSnapshot
  /** A crashed process's partitions, released when the coordinator removes its member or the slot restarts. */
  orphaned: { memberId: string; partitions: number[] } | null
}

export function shareGroupView(ctx: ShareGroupContext): GroupView {
  return {
    state: ctx.members.length > 0 ? 'Stable' : 'Empty',
    generation: ctx.groupEpoch,
    protocol: 'share',
    assignor: 'simple',
    rebalancing: false,
    leader: null,
    rebalances: 0,
    rebalancesLastMinute: 0,
    storm: false,
    countdowns: [],
  }
}

/** `sessionTimer` looks up the coordinator's session timer of a member id. */
export function shareMemberView(s: ShareSlot | null | undefined, ctx: ShareGroupContext, now: number, sessionTimer: (memberId: string) => { setAt: number; dueAt: number } | null): MemberProtocolView {
  if (!s) return { memberId: '', groupInstanceId: null, phase: 'dead', generation: 0, sessionTimer: null }
  const c = s.member.context as ShareMemberContext
  const silent = !s.alive || now < s.pausedUntil
  const known = findShareMember(ctx, c.memberId) !== undefined
  // The coordinator's session timer, while the process sends no heartbeats.
  const t = silent && known ? sessionTimer(c.memberId) : null
  const phase = s.member.value === 'Dead' || (!s.alive && !known) ? 'dead' : known && s.member.value !== 'Joining' ? 'stable' : 'joining'
  return { memberId: c.memberId, groupInstanceId: null, phase, generation: c.memberEpoch, sessionTimer: t && { setAt: t.setAt, dueAt: t.dueAt } }
}
