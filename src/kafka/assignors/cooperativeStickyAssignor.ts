// Kafka's CooperativeStickyAssignor: the sticky target, minus every partition that would move
// directly between two members in this rebalance. Pure: reads only its arguments.

import {
  finishAssignment,
  prepareRequest,
  type AssignmentRequest,
  type Assignor,
  type AssignorResult,
  type PreparedMember,
  type TopicPartition,
} from './assignor.ts'
import { assignStickyCore, publicTransferring } from './stickyAssignor.ts'

const keyOf = (tp: TopicPartition): string => `${tp[1]}:${tp[0]}`

/**
 * `computePartitionsTransferringOwnership`, used when the general builder did not track moves:
 * partitions newly assigned to some member that some (other) member owned and is losing.
 */
function computeTransferring(members: readonly PreparedMember[], lists: ReadonlyMap<string, readonly TopicPartition[]>): Map<string, string> {
  const added = new Map<string, string>()
  const revoked = new Set<string>()
  for (const m of members) {
    const assigned = lists.get(m.memberId) ?? []
    const owned = new Set(m.owned.map(keyOf))
    const assignedKeys = new Set(assigned.map(keyOf))
    for (const tp of assigned) if (!owned.has(keyOf(tp))) added.set(keyOf(tp), m.memberId)
    for (const k of owned) if (!assignedKeys.has(k)) revoked.add(k)
  }
  return new Map([...added].filter(([k]) => revoked.has(k)))
}

/**
 * Kafka `CooperativeStickyAssignor.assignPartitions`: computes the full sticky target, then withholds
 * each transferring partition from its new owner. The old owner sees it missing, revokes it and
 * rejoins; the next rebalance finds it unowned and assigns it. So no partition is revoked from one
 * member and assigned to another in the same round. Ownership comes from the Subscription's
 * `ownedPartitions` and `generationId` (v2+), which is what `owned` and `generation` model.
 * `partitionsTransferringOwnership` reports what was withheld, and is never null.
 */
export function assignCooperativeSticky(req: AssignmentRequest): AssignorResult {
  const prepared = prepareRequest(req)
  const outcome = assignStickyCore(prepared)
  const transferring = outcome.transferring ?? computeTransferring(prepared.members, outcome.lists)
  const lists = new Map([...outcome.lists].map(([id, l]) => [id, [...l]]))
  for (const [k, newOwner] of transferring) {
    const list = lists.get(newOwner)
    const i = list?.findIndex((tp) => keyOf(tp) === k) ?? -1
    if (i >= 0) list?.splice(i, 1)
  }
  return { assignment: finishAssignment(prepared.members, lists), partitionsTransferringOwnership: publicTransferring(transferring) }
}

/** Supports COOPERATIVE (and EAGER, as Java's `supportedProtocols` lists both); COOPERATIVE is its point. */
export const cooperativeStickyAssignor: Assignor = {
  name: 'cooperative-sticky',
  protocol: 'COOPERATIVE',
  assign: assignCooperativeSticky,
}
