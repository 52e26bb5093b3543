import { describe, expect, it } from 'vitest'
import { transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { classicCoordinatorMachine, classicGroupStateName, type ClassicCoordinatorInput, type ClassicGroupEvent } from './classicCoordinatorMachine.ts'
import { JOIN_TIMER, SYNC_TIMER, sessionTimerId, type ClassicGroupContext } from './classicGroupLogic.ts'
import type { JoinGroupRequest } from './classicMessages.ts'
import { replayPath, type ReplayStep } from './pathReplay.ts'

const input: ClassicCoordinatorInput = { groupId: 'g', initialRebalanceDelayMs: 3000 }

/** Two clients: A is dynamic, B is static (group.instance.id "b"). */
function join(c: ClassicGroupContext, who: 'A' | 'B', memberId: string, owned: number[], protocols = ['range']): ClassicGroupEvent {
  const request: JoinGroupRequest = {
    memberId,
    groupInstanceId: who === 'B' ? 'b' : null,
    clientId: who,
    rebalanceTimeoutMs: 300_000,
    sessionTimeoutMs: 45_000,
    protocols,
    subscription: { topics: ['t'], owned, generation: c.generation },
    reason: '',
  }
  const fresh = who === 'A' ? 'A1' : c.members.some((m) => m.memberId === 'B1') ? 'B2' : 'B1'
  return { type: 'member.joinGroup', request, replyTo: { slot: who === 'A' ? 0 : 1, incarnation: 0 }, newMemberId: fresh }
}

function events(s: AnyMachineSnapshot): ClassicGroupEvent[] {
  const c = s.context as ClassicGroupContext
  const state = classicGroupStateName(s.value)
  const out: ClassicGroupEvent[] = []
  const a = c.members.find((m) => m.memberId === 'A1')
  const b = c.members.find((m) => m.groupInstanceId === 'b')
  if (!a) out.push(join(c, 'A', c.pendingJoin.includes('A1') ? 'A1' : '', []))
  out.push(join(c, 'B', '', []))
  for (const m of [a, b]) {
    if (!m) continue
    const replyTo = { slot: m === a ? 0 : 1, incarnation: 0 }
    const id = m.memberId
    out.push(
      join(c, m === a ? 'A' : 'B', id, m.subscription.owned),
      join(c, m === a ? 'A' : 'B', id, m.subscription.owned.length > 0 ? [] : [9]),
      { type: 'member.syncGroup', request: { memberId: id, groupInstanceId: m.groupInstanceId, generation: c.generation, assignments: { A1: [0], [b?.memberId ?? 'B1']: [1] } }, replyTo },
      { type: 'member.heartbeat', request: { memberId: id, groupInstanceId: m.groupInstanceId, generation: c.generation }, replyTo },
      { type: 'member.heartbeat', request: { memberId: id, groupInstanceId: m.groupInstanceId, generation: c.generation - 1 }, replyTo },
      { type: 'member.leaveGroup', request: { memberId: id, groupInstanceId: m.groupInstanceId, reason: 'closing' }, replyTo },
      { type: 'timer.sessionTimeout', memberId: id },
    )
  }
  for (const id of c.pendingJoin) out.push({ type: 'timer.sessionTimeout', memberId: id })
  const sub = typeof s.value === 'object' ? (s.value as Record<string, string>).PreparingRebalance : undefined
  if (sub === 'awaitingJoins') out.push({ type: 'timer.rebalanceTimeout' })
  if (sub === 'initialDelay') out.push({ type: 'timer.initialRebalanceDelay', delayMs: 3000, remainingMs: 297_000 }, { type: 'timer.initialRebalanceDelay', delayMs: 3000, remainingMs: 0 })
  if ((state === 'CompletingRebalance' || state === 'Stable') && c.pendingSync.length > 0) out.push({ type: 'timer.syncTimeout', generation: c.generation })
  if (state === 'Empty') out.push({ type: 'admin.deleteGroup' })
  return out
}

/** xstate/graph adds a bare `{ type }` for every event a state handles; keep only ours. */
const onlyGenerated = (s: AnyMachineSnapshot, e: AnyEventObject): boolean => events(s).some((x) => JSON.stringify(x) === JSON.stringify(e))

/** What distinguishes two coordinator states for the traversal (the generation number does not). */
function key(s: AnyMachineSnapshot): string {
  const c = s.context as ClassicGroupContext
  return JSON.stringify([
    s.value,
    c.members.map((m) => [m.memberId, m.awaitingJoin !== null, m.awaitingSync !== null, m.isNew, m.subscription.owned.length]),
    c.pendingJoin,
    c.pendingSync,
    c.leaderId,
    c.newMemberAdded,
  ])
}

function timerIdOf(e: AnyEventObject): string | null {
  switch (e.type) {
    case 'timer.sessionTimeout':
      return sessionTimerId((e as unknown as { memberId: string }).memberId)
    case 'timer.rebalanceTimeout':
    case 'timer.initialRebalanceDelay':
      return JOIN_TIMER
    case 'timer.syncTimeout':
      return SYNC_TIMER
    default:
      return null
  }
}

/** The coordinator's invariants, checked after every step of every generated path. */
function checkInvariants(step: ReplayStep): void {
  const c = step.snapshot.context as ClassicGroupContext
  const state = classicGroupStateName(step.snapshot.value)
  const ids = c.members.map((m) => m.memberId)
  expect(new Set(ids).size).toBe(ids.length)
  expect(c.pendingJoin.filter((id) => ids.includes(id))).toEqual([])
  expect(c.pendingSync.every((id) => ids.includes(id))).toBe(true)
  // A group has a leader exactly when it has members, and the leader is one of them.
  expect(c.leaderId === null).toBe(ids.length === 0)
  if (c.leaderId !== null) expect(ids).toContain(c.leaderId)
  if (state === 'Empty') expect(ids).toEqual([])
  if (state === 'Stable' || state === 'CompletingRebalance') expect(c.members.every((m) => m.awaitingJoin === null)).toBe(true)
  if (state === 'Empty' || state === 'PreparingRebalance') {
    expect(c.pendingSync).toEqual([])
    expect(c.members.every((m) => m.awaitingSync === null)).toBe(true)
  }
  if (state === 'CompletingRebalance') expect(c.pendingSync.length).toBeGreaterThan(0)
  // Timers: every member and pending member has a session timer; the phase deadlines are armed.
  for (const id of [...ids, ...c.pendingJoin]) expect(step.timers.has(sessionTimerId(id))).toBe(true)
  expect(step.timers.has(JOIN_TIMER)).toBe(state === 'PreparingRebalance')
  expect(step.timers.has(SYNC_TIMER)).toBe((state === 'CompletingRebalance' || state === 'Stable') && c.pendingSync.length > 0)
  // The join phase never completes with a member still parked, and a generation follows every join.
  if (state === 'CompletingRebalance' || state === 'Stable') expect(c.generation).toBeGreaterThan(0)
}

describe('classic coordinator machine (model-based)', () => {
  const model = createTestModel(classicCoordinatorMachine, { events, filterEvents: onlyGenerated, serializeState: key, input })
  const paths = model.getShortestPaths()

  it('reaches every Kafka group state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => classicGroupStateName(s.state.value))))
    expect([...reached].sort()).toEqual(['CompletingRebalance', 'Dead', 'Empty', 'PreparingRebalance', 'Stable'])
    expect(paths.length).toBeGreaterThan(50)
  })

  it('keeps its invariants and timers consistent on every generated path', () => {
    for (const path of paths) {
      const steps = replayPath(classicCoordinatorMachine, input, path.steps.slice(1).map((s) => s.event), timerIdOf)
      steps.forEach((step, i) => {
        expect(step.snapshot.value).toEqual(path.steps[i]?.state.value)
        try {
          checkInvariants(step)
        } catch (err) {
          // The failure names the path that led here, so it can be read without a rerun.
          const trail = steps.slice(0, i + 1).map((x) => `${x.event.type} ${JSON.stringify((x.event as { request?: unknown }).request ?? x.event)} -> ${JSON.stringify(x.snapshot.value)} timers=${[...x.timers].join(',')}`)
          if (err instanceof Error) err.message += `\npath:\n${trail.join('\n')}`
          throw err
        }
      })
    }
  })

  it('answers every parked JoinGroup when the join phase completes', () => {
    for (const path of paths) {
      const steps = replayPath(classicCoordinatorMachine, input, path.steps.slice(1).map((s) => s.event), timerIdOf)
      for (let i = 1; i < steps.length; i++) {
        const before = steps[i - 1]!
        const after = steps[i]!
        if (classicGroupStateName(after.snapshot.value) !== 'CompletingRebalance' || classicGroupStateName(before.snapshot.value) !== 'PreparingRebalance') continue
        const parked = (before.snapshot.context as ClassicGroupContext).members.filter((m) => m.awaitingJoin !== null).map((m) => m.memberId)
        const answered = after.effects
          .filter((e) => e.type === 'sendResponse')
          .map((e) => (e.params as { event: { type: string; response?: { memberId: string; error: string } } }).event)
          .filter((ev) => ev.type === 'coordinator.joinGroupResponse' && ev.response?.error === 'NONE')
          .map((ev) => ev.response!.memberId)
        const members = (after.snapshot.context as ClassicGroupContext).members.map((m) => m.memberId)
        for (const id of parked.filter((p) => members.includes(p))) expect(answered).toContain(id)
        expect(answered.length).toBeGreaterThan(0)
      }
    }
  })

  it('a static member rejoining a Stable group keeps the generation and its assignment (KIP-345)', () => {
    let checked = 0
    for (const path of paths) {
      for (const step of path.steps) {
        const c = step.state.context as ClassicGroupContext
        const b = c.members.find((m) => m.groupInstanceId === 'b')
        if (classicGroupStateName(step.state.value) !== 'Stable' || !b) continue
        const rejoin = join(c, 'B', '', [])
        const [next] = transition(classicCoordinatorMachine, step.state, rejoin)
        const n = next.context as ClassicGroupContext
        expect(classicGroupStateName(next.value)).toBe('Stable')
        expect(n.generation).toBe(c.generation)
        const replaced = n.members.find((m) => m.groupInstanceId === 'b')
        expect(replaced?.memberId).toBe((rejoin as { newMemberId: string }).newMemberId)
        expect(replaced?.assignment).toEqual(b.assignment)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(0)
  })

  it("a static member rejoining a Stable group rebalances it exactly when the group's selected protocol changes (updateStaticMemberThenRebalanceOrCompleteJoin)", () => {
    const outcomes = new Set<string>()
    for (const path of paths) {
      for (const step of path.steps) {
        const c = step.state.context as ClassicGroupContext
        const b = c.members.find((m) => m.groupInstanceId === 'b')
        if (classicGroupStateName(step.state.value) !== 'Stable' || !b) continue
        // B restarts preferring roundrobin. Alone it carries the vote; beside A (range only) range stays.
        const rejoin = join(c, 'B', '', [], ['roundrobin', 'range'])
        const [next, actions] = transition(classicCoordinatorMachine, step.state, rejoin)
        const n = next.context as ClassicGroupContext
        const changes = c.members.length === 1
        const replaced = n.members.find((m) => m.groupInstanceId === 'b')
        expect(replaced?.memberId).toBe((rejoin as { newMemberId: string }).newMemberId)
        expect(replaced?.protocols).toEqual(['roundrobin', 'range'])
        const reports = actions.filter((a) => a.type === 'report').map((a) => a.params as { kind: string; cause?: { kind: string } })
        const started = reports.filter((x) => x.kind === 'rebalanceStarted')
        if (changes) {
          // A rebalance starts (alone in the group, its join completes at once: a new generation, roundrobin).
          expect(started.map((x) => x.cause?.kind)).toEqual(['staticMemberChangedProtocol'])
          expect(classicGroupStateName(next.value)).not.toBe('Stable')
          if (classicGroupStateName(next.value) === 'CompletingRebalance') expect([n.generation, n.protocolName]).toEqual([c.generation + 1, 'roundrobin'])
        } else {
          expect(started).toEqual([])
          expect(classicGroupStateName(next.value)).toBe('Stable')
          expect([n.generation, n.protocolName]).toEqual([c.generation, c.protocolName])
        }
        outcomes.add(changes ? 'rebalance' : 'kept')
      }
    }
    expect([...outcomes].sort()).toEqual(['kept', 'rebalance'])
  })
})
