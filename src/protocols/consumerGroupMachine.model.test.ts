import { beforeAll, describe, expect, it } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { consumerGroupMachine, type ConsumerGroupInput } from './consumerGroupMachine.ts'
import { rebalanceTimerId, sessionTimerId, type ConsumerGroupContext } from './consumerGroupLogic.ts'
import type { ConsumerGroupCoordinatorEvent, ConsumerGroupResponseEvent } from './consumerGroupMessages.ts'
import { replayPath, type ReplayStep } from './pathReplay.ts'

const input: ConsumerGroupInput = { groupId: 'g', assignor: 'uniform', topic: 't', partitionCount: 2, sessionTimeoutMs: 45_000, heartbeatIntervalMs: 5_000 }

/**
 * Clients A and B dynamic and C static (group.instance.id "c"): 4 434 states. Two dynamic members
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

const onlyGenerated = (s: AnyMachineSnapshot, e: AnyEventObject): boolean => events(s).some((x) => JSON.stringify(x) === JSON.stringify(e))

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

function checkInvariants(step: ReplayStep): void {
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

/** ~20 s of CPU to explore the graph and ~5 s to replay it, here; ×10 for a loaded 2-core machine. */
const BUDGET_MS = 300_000

describe('KIP-848 consumer group machine (model-based)', () => {
  type Path = ReturnType<ReturnType<typeof createTestModel>['getShortestPaths']>[number]
  let paths: Path[] = []
  /** Every path replayed once through the pure transition(), shared by the checks below. */
  let replays: ReplayStep[][] = []
  beforeAll(() => {
    const model = createTestModel(consumerGroupMachine, { events, filterEvents: onlyGenerated, serializeState: key, input })
    paths = model.getShortestPaths()
    replays = paths.map((path) => replayPath(consumerGroupMachine, input, path.steps.slice(1).map((s) => s.event), timerIdOf))
  }, BUDGET_MS)

  it('explores the three-client graph (a shrunken model would pass the checks below vacuously)', () => {
    expect(paths.length).toBeGreaterThan(4000)
  })

  it('reaches Empty, Reconciling and Stable, and every reconciliation state', () => {
    const steps = paths.flatMap((p) => p.steps.map((s) => s.state))
    expect(new Set(steps.map((s) => String(s.value)))).toEqual(new Set(['Empty', 'Reconciling', 'Stable']))
    const memberStates = new Set(steps.flatMap((s) => (s.context as ConsumerGroupContext).members.map((m) => m.state)))
    expect(memberStates).toEqual(new Set(['STABLE', 'UNREVOKED_PARTITIONS', 'UNRELEASED_PARTITIONS']))
  })

  it('keeps its invariants on every generated path', () => {
    paths.forEach((path, p) => {
      replays[p]!.forEach((step, i) => {
        expect(step.snapshot.value).toEqual(path.steps[i]?.state.value)
        checkInvariants(step)
      })
    })
  }, BUDGET_MS)

  it('moves the group epoch on every join, leave and fence, and never otherwise', () => {
    for (const steps of replays) {
      for (let i = 1; i < steps.length; i++) {
        const before = steps[i - 1]!.snapshot.context as ConsumerGroupContext
        const after = steps[i]!.snapshot.context as ConsumerGroupContext
        const ids = (c: ConsumerGroupContext) => c.members.map((m) => m.memberId).sort().join()
        const replacedStatic = steps[i]!.effects.some((e) => e.type === 'report' && (e.params as { kind: string }).kind === 'staticMemberReplaced')
        const membershipChanged = ids(before) !== ids(after) && !replacedStatic
        const bumped = after.groupEpoch > before.groupEpoch
        if (membershipChanged || after.partitionCount !== before.partitionCount) expect(bumped).toBe(true)
        if (!bumped) expect(after.targetAssignmentEpoch).toBe(before.targetAssignmentEpoch)
      }
    }
  }, BUDGET_MS)
})
