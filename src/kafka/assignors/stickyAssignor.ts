// Kafka's eager StickyAssignor on AbstractStickyAssignor (clients, consumer/internals): the
// ConstrainedAssignmentBuilder here, the general builder in stickyGeneralBuilder.ts. Pure: reads only
// its arguments. Rack-aware mode is not modelled (no racks in the request), so the rack-matching
// passes of both builders are skipped, as Java skips them when racks are unknown.

import {
  compareStrings,
  finishAssignment,
  prepareRequest,
  transferringMap,
  type AssignmentRequest,
  type Assignor,
  type AssignorResult,
  type PreparedMember,
  type PreparedRequest,
} from './assignor.ts'
import { javaHashMapKeyOrder } from './javaHashMapOrder.ts'
import { collectOwnership, fromKey, keyOf, type Lists, type Ownership } from './stickyOwnership.ts'
import { generalAssign } from './stickyGeneralBuilder.ts'

/** Builder output: member lists, plus moves between members (null = not tracked, general builder). */
export interface StickyOutcome {
  lists: Lists
  transferring: Map<string, string> | null // internal key -> new owner
}

/**
 * `ConstrainedAssignmentBuilder` (all subscriptions equal). Each member keeps its owned partitions
 * sorted by (partition, topic): all of them when under minQuota; maxQuota while fewer than
 * `total % N` members have been allowed over minQuota (first come in HashMap order); minQuota
 * otherwise. The rest are dealt round-robin over the under-quota members (sorted by id), then one
 * each to the exactly-minQuota members. Anything handed on that was revoked or multiply claimed is
 * recorded as transferring.
 */
function constrainedAssign(counts: ReadonlyMap<string, number>, own: Ownership): StickyOutcome {
  let total = 0
  for (const n of counts.values()) total += n
  const n = own.owned.size
  const minQuota = Math.floor(total / n)
  const maxQuota = Math.ceil(total / n)
  const expectedOver = total % n
  let currentOver = 0
  const lists: Lists = new Map()
  const underMin: string[] = []
  const exactlyMin: string[] = []
  const revoked = new Set<string>()
  const kept = new Set<string>()
  const transferring = new Map<string, string>()

  for (const [memberId, claims] of own.owned) {
    const owned = claims
      .filter((tp) => !own.multiplyClaimed.has(keyOf(tp)))
      .sort((a, b) => a[1] - b[1] || compareStrings(a[0], b[0]))
    let keep = owned.length
    if (owned.length < minQuota) {
      underMin.push(memberId)
    } else if (owned.length >= maxQuota && currentOver < expectedOver) {
      currentOver++
      if (currentOver === expectedOver) exactlyMin.length = 0
      keep = maxQuota
    } else {
      keep = minQuota
      if (currentOver < expectedOver) exactlyMin.push(memberId)
    }
    lists.set(memberId, owned.slice(0, keep))
    for (const tp of owned.slice(0, keep)) kept.add(keyOf(tp))
    for (const tp of owned.slice(keep)) revoked.add(keyOf(tp))
  }

  underMin.sort(compareStrings)
  exactlyMin.sort(compareStrings)
  // Java walks underMin with an Iterator it restarts when it runs off the end and uses to remove
  // members that reach minQuota; `cursor` is that iterator's position.
  let cursor = 0
  for (const [topic, count] of counts) {
    for (let p = 0; p < count; p++) {
      const k = `${p}:${topic}`
      if (kept.has(k)) continue
      let consumer: string | undefined
      let fromUnderMin = true
      if (cursor < underMin.length) {
        consumer = underMin[cursor++]
      } else if (underMin.length > 0) {
        cursor = 0
        consumer = underMin[cursor++]
      } else {
        consumer = exactlyMin.shift()
        fromUnderMin = false
      }
      if (consumer === undefined) throw new Error('No more unfilled consumers to be assigned.')
      const list = lists.get(consumer) ?? []
      list.push([topic, p])
      if (revoked.has(k) || own.multiplyClaimed.has(k)) transferring.set(k, consumer)
      if (list.length === minQuota && fromUnderMin) {
        underMin.splice(--cursor, 1)
        exactlyMin.push(consumer)
      } else if (list.length === maxQuota) {
        currentOver++
      }
    }
  }
  return { lists, transferring }
}

/**
 * `AbstractStickyAssignor.assignPartitions`: picks the constrained builder when every member
 * subscribes to the same topics, else the general builder (whose moves are not tracked, so
 * `transferring` is null and the cooperative assignor computes it itself). Member maps are walked in
 * Java HashMap order of member ids, inserted in request order, as the group leader builds them.
 */
export function assignStickyCore(prepared: PreparedRequest): StickyOutcome {
  if (prepared.members.length === 0) return { lists: new Map(), transferring: new Map() }
  const byId = new Map(prepared.members.map((m) => [m.memberId, m]))
  const hashOrder = javaHashMapKeyOrder(prepared.members.map((m) => m.memberId)).flatMap((id) => byId.get(id) ?? [])
  const own = collectOwnership(hashOrder)
  if (own.allEqual) return constrainedAssign(prepared.counts, own)
  return { lists: generalAssign(prepared.counts, hashOrder, own), transferring: null }
}

/** The general builder on its own, for KIP-848 `uniform` with differing subscriptions. */
export function assignGeneralOnly(prepared: PreparedRequest, order: readonly PreparedMember[]): Lists {
  return generalAssign(prepared.counts, order, collectOwnership(order))
}

/** Converts internal transferring keys to the public "topic-p" map. */
export function publicTransferring(transferring: ReadonlyMap<string, string>): Map<string, string> {
  return transferringMap([...transferring].map(([k, owner]) => [fromKey(k), owner] as const))
}

/**
 * Kafka `StickyAssignor` (EAGER). Previous ownership and generation come from the member's userData
 * in Java; here they are the request's `owned` and `generation`.
 */
export function assignSticky(req: AssignmentRequest): AssignorResult {
  const prepared = prepareRequest(req)
  const outcome = assignStickyCore(prepared)
  return {
    assignment: finishAssignment(prepared.members, outcome.lists),
    partitionsTransferringOwnership: outcome.transferring === null ? null : publicTransferring(outcome.transferring),
  }
}

export const stickyAssignor: Assignor = { name: 'sticky', protocol: 'EAGER', assign: assignSticky }
