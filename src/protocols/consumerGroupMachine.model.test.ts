import { beforeAll, describe, expect, it } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { consumerGroupMachine, type ConsumerGroupInput } from './consumerGroupMachine.ts'
import { rebalanceTimerId, sessionTimerId, type ConsumerGroupContext } from './consumerGroupLogic.ts'
import type { ConsumerGroupCoordinatorEvent, ConsumerGroupResponseEvent } from './consumerGroupMessages.ts'
import { shortestPathTree, type PathNode } from './pathReplay.ts'

const input: ConsumerGroupInput = { groupId: 'g', assignor: 'uniform', topic: 't', partitionCount: 2, sessionTimeoutMs: 45_000, heartbeatIntervalMs: 5_000 }

/**
 * Clients A and B dynamic and C static (group.instance.id "c"): 10 816 states, 4 434 maximal shortest paths (47 519 steps). Two dynamic members
 * plus a static one is where revocations cross (one waits for another's release while a third is
 * replaced). It runs in every `npm test`; its budget below allows for a slow, shared 2-core machine.
 */
const dynamicClients = ['A', 'B'] as const
function events(s: AnyMachineSnapshot): ConsumerGroupCoordinatorEvent[] {
  const c = s.context as ConsumerGroupContext
  const out: ConsumerGroupCoordinatorEvent[] = []
  const hb = (slot: number, memberId: string, memberEpoch: number, owned: number[], groupInstanceId: string | null = null): ConsumerGroupCoordinatorEvent => ({
    type: 'member.consumerGroupHeartbeat',
    request: { memberId, groupInstanceId, memberEpoch, ownedPartitions: owned, rebalanceTimeoutMs: 300_000 },
    replyTo: { slot, incarnation: 0 },
  })
  for (const [slot, id] of dynamicClients.entries()) {
    if (!c.members.some((x) => x.memberId === id)) out.push(hb(slot, id, 0, []))
  }
  const cm = c.members.find((x) => x.groupInstanceId === 'c')
  if (!cm) out.push(hb(2, 'C1', 0, [], 'c'))
  else if (cm.memberEpoch === -2) out.push(hb(2, cm.memberId === 'C1' ? 'C2' : 'C1', 0, [], 'c'))
  c.members.forEach((m) => {
    const slot = m.memberId === 'A' ? 0 : m.memberId === 'B' ? 1 : 2
    const inst = m.groupInstanceId
    if (m.memberEpoch >= 0) {
      out.push(hb(slot, m.memberId, m.memberEpoch, m.assigned, inst))
      if (m.pendingRevocation.length > 0) out.push(hb(slot, m.memberId, m.memberEpoch, [...m.assigned, ...m.pendingRevocation].sort(), inst))
      if (m.memberId === 'A') out.push(hb(slot, m.memberId, m.memberEpoch + 1, m.assigned, inst))
      out.push(hb(slot, m.memberId, inst === null ? -1 : -2, m.assigned, inst))
    }
    out.push({ type: 'timer.sessionTimeout', memberId: m.memberId })
    if (m.state === 'UNREVOKED_PARTITIONS') out.push({ type: 'timer.rebalanceTimeout', memberId: m.memberId, memberEpoch: m.memberEpoch })
  })
  if (c.partitionCount === 2) out.push({ type: 'metadata.partitionsChanged', partitionCount: 3 })
  return out
}

function key(s: AnyMachineSnapshot): string {
  const c = s.context as ConsumerGroupContext
  return JSON.stringify([
    s.value,
    c.groupEpoch - c.targetAssignmentEpoch,
    c.partitionCount,
    // Behind by one epoch or by ten reconciles the same way.
    c.members.map((m) => [m.memberId, m.memberEpoch < 0 ? m.memberEpoch : Math.min(1, c.targetAssignmentEpoch - m.memberEpoch), m.state, m.assigned, m.pendingRevocation]),
    Object.entries(c.target),
  ])
}

function timerIdOf(e: AnyEventObject): string | null {
  if (e.type === 'timer.sessionTimeout') return sessionTimerId((e as unknown as { memberId: string }).memberId)
  if (e.type === 'timer.rebalanceTimeout') return rebalanceTimerId((e as unknown as { memberId: string }).memberId)
  return null
}

function checkInvariants(step: PathNode): void {
  const c = step.snapshot.context as ConsumerGroupContext
  // The target assignment is computed in the same step the epoch moves: Assigning never lingers.
  expect(step.snapshot.value).not.toBe('Assigning')
  expect(c.targetAssignmentEpoch).toBe(c.groupEpoch)
  expect(step.snapshot.value === 'Empty').toBe(c.members.length === 0)
  // No partition is held by two members, counting partitions still being revoked.
  const held = c.members.flatMap((m) => [...m.assigned, ...m.pendingRevocation])
  expect(new Set(held).size).toBe(held.length)
  // The target hands out every partition exactly once.
  if (c.members.length > 0) expect(Object.values(c.target).flat().sort((a, b) => a - b)).toEqual(Array.from({ length: c.partitionCount }, (_, p) => p))
  for (const m of c.members) {
    expect(step.timers.has(sessionTimerId(m.memberId))).toBe(true)
    expect(m.pendingRevocation.length > 0).toBe(m.state === 'UNREVOKED_PARTITIONS')
    expect(step.timers.has(rebalanceTimerId(m.memberId))).toBe(m.state === 'UNREVOKED_PARTITIONS')
    if (m.memberEpoch === c.targetAssignmentEpoch) for (const p of m.assigned) expect(c.target[m.memberId]).toContain(p)
    if (step.snapshot.value === 'Stable') expect([m.state, m.memberEpoch]).toEqual(['STABLE', c.targetAssignmentEpoch])
  }
  // A successful heartbeat answer carries exactly the member's assignment (never pending revocations).
  for (const e of step.effects) {
    if (e.type !== 'sendResponse') continue
    const r = (e.params as { event: ConsumerGroupResponseEvent }).event.response
    const m = c.members.find((x) => x.memberId === r.memberId)
    if (r.error === 'NONE' && r.assignment !== null && m) expect(r.assignment).toEqual(m.assigned)
  }
}

/**
 * The graph is explored and replayed in one pass (shortestPathTree): each state is reached by one
 * shortest path, and each path is its parent's plus one step, so checking every node of the tree
 * checks every step of every shortest path once. (xstate/graph's getShortestPaths built the same
 * tree, then each path was replayed from the start: ~10× the transitions, 32 s of a CI run.)
 */
const BUDGET_MS = 120_000

describe('KIP-848 consumer group machine (model-based)', () => {
  let nodes: PathNode[] = []
  beforeAll(() => {
    nodes = shortestPathTree(consumerGroupMachine, input, { events, key, timerIdOf })
  }, BUDGET_MS)

  it('explores the three-client graph (a shrunken model would pass the checks below vacuously)', () => {
    expect(nodes.length).toBeGreaterThan(10_000)
    // The paths xstate/graph's TestModel listed (prefixes of longer paths dropped) are the tree's leaves.
    const inner = new Set(nodes.map((n) => n.parent))
    expect(nodes.filter((_, i) => !inner.has(i)).length).toBeGreaterThan(4000)
  })

  it('reaches Empty, Reconciling and Stable, and every reconciliation state', () => {
    expect(new Set(nodes.map((n) => String(n.snapshot.value)))).toEqual(new Set(['Empty', 'Reconciling', 'Stable']))
    const memberStates = new Set(nodes.flatMap((n) => (n.snapshot.context as ConsumerGroupContext).members.map((m) => m.state)))
    expect(memberStates).toEqual(new Set(['STABLE', 'UNREVOKED_PARTITIONS', 'UNRELEASED_PARTITIONS']))
  })

  it('keeps its invariants on every generated path', () => {
    for (const n of nodes) checkInvariants(n)
  })

  it('moves the group epoch on every join, leave and fence, and never otherwise', () => {
    for (const step of nodes) {
      if (step.parent < 0) continue
      const before = nodes[step.parent]!.snapshot.context as ConsumerGroupContext
      const after = step.snapshot.context as ConsumerGroupContext
      const ids = (c: ConsumerGroupContext) => c.members.map((m) => m.memberId).sort().join()
      const replacedStatic = step.effects.some((e) => e.type === 'report' && (e.params as { kind: string }).kind === 'staticMemberReplaced')
      const membershipChanged = ids(before) !== ids(after) && !replacedStatic
      const bumped = after.groupEpoch > before.groupEpoch
      if (membershipChanged || after.partitionCount !== before.partitionCount) expect(bumped).toBe(true)
      if (!bumped) expect(after.targetAssignmentEpoch).toBe(before.targetAssignmentEpoch)
    }
  })
})
