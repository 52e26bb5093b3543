import { beforeAll, describe, expect, it } from 'vitest'
import { transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { shortestPathTree, type PathNode } from './pathReplay.ts'
import { shareSessionTimerId, type ShareGroupContext } from './shareGroupLogic.ts'
import { shareGroupMachine, type ShareGroupInput } from './shareGroupMachine.ts'
import type { ShareGroupCoordinatorEvent, ShareGroupReport, ShareGroupResponseEvent } from './shareGroupMessages.ts'

const input: ShareGroupInput = { groupId: 'g', topicIdHash: -31, partitionCount: 2, sessionTimeoutMs: 45_000, heartbeatIntervalMs: 5_000 }

/**
 * Clients A, B and C (three members over two partitions, then three: sharing appears and goes),
 * each joining, heartbeating at its epoch, at the previous epoch (a lost answer), one ahead
 * (fenced), leaving, or going silent until its session expires; the topic grows once.
 */
const clients = ['A', 'B', 'C'] as const
function events(s: AnyMachineSnapshot): ShareGroupCoordinatorEvent[] {
  const c = s.context as ShareGroupContext
  const out: ShareGroupCoordinatorEvent[] = []
  const hb = (slot: number, memberId: string, memberEpoch: number): ShareGroupCoordinatorEvent => ({ type: 'member.shareGroupHeartbeat', request: { memberId, memberEpoch }, replyTo: { slot, incarnation: 0 } })
  clients.forEach((id, slot) => {
    const m = c.members.find((x) => x.memberId === id)
    if (!m) {
      out.push(hb(slot, id, 0))
      // A heartbeat from a member the coordinator no longer knows (it was removed while silent).
      out.push(hb(slot, id, 3))
      return
    }
    out.push(hb(slot, id, m.memberEpoch))
    if (m.previousMemberEpoch > 0) out.push(hb(slot, id, m.previousMemberEpoch))
    out.push(hb(slot, id, m.memberEpoch + 1))
    // Leaving and timing out end in the same state, and heartbeats are tried first, so C never
    // leaves: its way out is the session timeout, which would otherwise never be explored.
    if (id !== 'C') out.push(hb(slot, id, -1))
    out.push({ type: 'timer.sessionTimeout', memberId: id })
  })
  if (c.partitionCount === 2) out.push({ type: 'metadata.partitionsChanged', partitionCount: 3 })
  return out
}

function key(s: AnyMachineSnapshot): string {
  const c = s.context as ShareGroupContext
  return JSON.stringify([
    s.value,
    c.partitionCount,
    // Behind the group by one epoch or by ten is the same: the next heartbeat brings the target.
    c.members.map((m) => [m.memberId, m.memberEpoch === c.assignmentEpoch ? 'current' : m.previousMemberEpoch === -1 ? 'new' : 'behind', m.assigned]),
    Object.entries(c.target),
  ])
}

const timerIdOf = (e: AnyEventObject): string | null => (e.type === 'timer.sessionTimeout' ? shareSessionTimerId((e as unknown as { memberId: string }).memberId) : null)

const reports = (n: PathNode): ShareGroupReport[] => n.effects.filter((e) => e.type === 'report').map((e) => e.params as ShareGroupReport)
const responses = (n: PathNode) => n.effects.filter((e) => e.type === 'sendResponse').map((e) => (e.params as { event: ShareGroupResponseEvent }).event.response)

function checkInvariants(n: PathNode): void {
  const c = n.snapshot.context as ShareGroupContext
  expect(n.snapshot.value === 'Empty').toBe(c.members.length === 0)
  // A share group's target is never behind its epoch: there is no Assigning state to wait in.
  expect(c.assignmentEpoch).toBe(c.groupEpoch)
  if (c.members.length > 0) {
    // Every partition has a reader, none more than ceil(members / partitions) (the simple assignor).
    const sharing = Math.ceil(c.members.length / c.partitionCount)
    for (let p = 0; p < c.partitionCount; p++) {
      const readers = c.members.filter((m) => c.target[m.memberId]!.includes(p)).length
      expect(readers).toBeGreaterThanOrEqual(1)
      expect(readers).toBeLessThanOrEqual(sharing)
    }
  }
  expect(Object.keys(c.target).sort()).toEqual(c.members.map((m) => m.memberId).sort())
  for (const m of c.members) {
    // Every member known to the coordinator has its session running (armed at the join).
    expect(n.timers.has(shareSessionTimerId(m.memberId))).toBe(true)
    // A member at the current epoch holds exactly its target.
    if (m.memberEpoch === c.assignmentEpoch) expect(m.assigned).toEqual(c.target[m.memberId])
  }
  for (const id of clients) if (!c.members.some((m) => m.memberId === id)) expect(n.timers.has(shareSessionTimerId(id))).toBe(false)
  // An accepted heartbeat's answer carries the member's epoch and, when present, exactly its assignment.
  for (const r of responses(n)) {
    const m = c.members.find((x) => x.memberId === r.memberId)
    if (r.error !== 'NONE' || r.memberEpoch < 0) continue
    expect(m).toBeDefined()
    expect(r.memberEpoch).toBe(m!.memberEpoch)
    if (r.assignment !== null) expect(r.assignment).toEqual(m!.assigned)
  }
}

const BUDGET_MS = 60_000

describe('KIP-932 share group coordinator machine (model-based)', () => {
  let nodes: PathNode[] = []
  beforeAll(() => {
    nodes = shortestPathTree(shareGroupMachine, input, { events, key, timerIdOf })
  }, BUDGET_MS)

  it('explores the three-client graph (a shrunken model would pass the checks below vacuously)', () => {
    expect(nodes.length).toBeGreaterThan(500)
    expect(new Set(nodes.map((n) => String(n.snapshot.value)))).toEqual(new Set(['Empty', 'Stable']))
    // Sharing happens: three members on two partitions put two readers on one of them.
    expect(nodes.some((n) => { const c = n.snapshot.context as ShareGroupContext; return c.members.length === 3 && c.partitionCount === 2 })).toBe(true)
  })

  it('keeps its invariants on every generated path', () => {
    for (const n of nodes) checkInvariants(n)
  })

  it('moves the group epoch on every join, leave, session timeout and partition change, and never otherwise', () => {
    for (const n of nodes) {
      if (n.parent < 0) continue
      const before = nodes[n.parent]!.snapshot.context as ShareGroupContext
      const after = n.snapshot.context as ShareGroupContext
      const ids = (c: ShareGroupContext) => c.members.map((m) => m.memberId).join()
      const changed = ids(before) !== ids(after) || before.partitionCount !== after.partitionCount
      expect(after.groupEpoch > before.groupEpoch).toBe(changed)
      if (changed) expect(after.groupEpoch).toBe(before.groupEpoch + 1)
    }
  })

  it('answers every heartbeat exactly once, on every edge: fences an epoch from the future, accepts the previous one, rejects strangers', () => {
    // Every event from every reached state, not only the tree's edges: a heartbeat that leaves the
    // state as it was (a fence, a routine heartbeat) never makes a new node, so only this sees it.
    let heartbeats = 0
    for (const n of nodes) {
      const before = n.snapshot.context as ShareGroupContext
      // Timers and metadata answer nobody (checked on the tree's own steps).
      if (n.parent >= 0 && n.event.type !== 'member.shareGroupHeartbeat') expect(responses(n)).toHaveLength(0)
      for (const e of events(n.snapshot)) {
        if (e.type !== 'member.shareGroupHeartbeat') continue
        const [next, actions] = transition(shareGroupMachine, n.snapshot, e)
        const after = next.context as ShareGroupContext
        const answers = actions.filter((a) => a.type === 'sendResponse').map((a) => (a.params as { event: ShareGroupResponseEvent }).event.response)
        heartbeats++
        expect(answers).toHaveLength(1)
        const r = answers[0]!
        const m = before.members.find((x) => x.memberId === e.request.memberId)
        const epoch = e.request.memberEpoch
        if (!m) expect(r.error).toBe(epoch === 0 ? 'NONE' : 'UNKNOWN_MEMBER_ID')
        else if (epoch === -1 || epoch === m.memberEpoch || epoch === m.previousMemberEpoch) expect(r.error).toBe('NONE')
        else expect(r.error).toBe('FENCED_MEMBER_EPOCH')
        // Refused heartbeats change nothing; an accepted one answers with the member's epoch and assignment.
        if (r.error !== 'NONE') expect(after).toEqual(before)
        else if (epoch !== -1) {
          const now = after.members.find((x) => x.memberId === e.request.memberId)!
          expect(r.memberEpoch).toBe(now.memberEpoch)
          expect(now.memberEpoch).toBe(after.assignmentEpoch)
          if (epoch === 0) expect(r.assignment).toEqual(now.assigned)
          else expect(r.assignment === null).toBe(m !== undefined && m.assigned.join() === now.assigned.join())
        } else expect(after.members.some((x) => x.memberId === e.request.memberId)).toBe(false)
      }
    }
    expect(heartbeats).toBeGreaterThan(5000)
  })

  it('says why a member went: a session timeout fences, epoch -1 leaves', () => {
    const kinds = new Set(nodes.flatMap((n) => reports(n).map((r) => r.kind)))
    expect(kinds).toEqual(new Set(['epochBumped', 'targetComputed', 'memberFenced', 'memberLeft']))
    for (const n of nodes) {
      const fenced = reports(n).filter((r) => r.kind === 'memberFenced')
      if (fenced.length > 0) expect(n.event.type).toBe('timer.sessionTimeout')
    }
  })
})
