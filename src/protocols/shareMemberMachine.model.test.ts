import { describe, expect, it } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { replayPath, type ReplayStep } from './pathReplay.ts'
import type { ShareGroupMemberRequest } from './shareGroupMessages.ts'
import { SHARE_HEARTBEAT_TIMER, shareMemberMachine, type ShareMemberContext, type ShareMemberEvent, type ShareMemberInput } from './shareMemberMachine.ts'

const input: ShareMemberInput = { slot: 0, memberId: 'm', heartbeatIntervalMs: 5_000 }

/** The application, the heartbeat timer and the coordinator's answers (only to a heartbeat in flight). */
function events(s: AnyMachineSnapshot): ShareMemberEvent[] {
  if (s.status === 'done') return []
  const c = s.context as ShareMemberContext
  const out: ShareMemberEvent[] = [{ type: 'app.poll' }, { type: 'app.close' }, { type: 'timer.heartbeat' }]
  if (c.heartbeatInFlight) {
    const answer = (memberEpoch: number, assignment: number[] | null): ShareMemberEvent => ({
      type: 'coordinator.shareGroupHeartbeatResponse',
      response: { error: 'NONE', memberId: c.memberId, memberEpoch, heartbeatIntervalMs: 5_000, assignment },
    })
    const epoch = Math.max(1, c.memberEpoch)
    out.push(answer(epoch, null), answer(epoch + 1, [0, 1]), answer(epoch + 1, [1]), answer(epoch + 1, [1, 2]), answer(epoch + 1, []))
    for (const error of ['FENCED_MEMBER_EPOCH', 'UNKNOWN_MEMBER_ID'] as const) {
      out.push({ type: 'coordinator.shareGroupHeartbeatResponse', response: { error, memberId: c.memberId, memberEpoch: c.memberEpoch, heartbeatIntervalMs: 5_000, assignment: null } })
    }
  }
  return out
}

const onlyGenerated = (s: AnyMachineSnapshot, e: AnyEventObject): boolean => events(s).some((x) => JSON.stringify(x) === JSON.stringify(e))

function key(s: AnyMachineSnapshot): string {
  const c = s.context as ShareMemberContext
  return JSON.stringify([s.value, c.assigned, c.heartbeatInFlight, c.memberEpoch > 0 ? 'in' : c.memberEpoch])
}

const timerIdOf = (e: AnyEventObject): string | null => (e.type === 'timer.heartbeat' ? SHARE_HEARTBEAT_TIMER : null)

const requests = (step: ReplayStep) => step.effects.filter((e) => e.type === 'sendRequest').map((e) => (e.params as ShareGroupMemberRequest).request)

function checkInvariants(before: ReplayStep | undefined, step: ReplayStep): void {
  const c = step.snapshot.context as ShareMemberContext
  const prev = before ? (before.snapshot.context as ShareMemberContext) : undefined
  if (step.snapshot.value === 'Joining' || step.snapshot.value === 'Unsubscribed') expect(c.assigned).toEqual([])
  // Every partition it stops fetching is named in a revoke or lose; every one it starts, in an assign.
  const stopped = step.effects.filter((e) => e.type === 'revokePartitions' || e.type === 'losePartitions').flatMap((e) => (e.params as { partitions: number[] }).partitions)
  const started = step.effects.filter((e) => e.type === 'assignPartitions').flatMap((e) => (e.params as { partitions: number[] }).partitions)
  const was = prev?.assigned ?? []
  expect([...stopped].sort()).toEqual(was.filter((p) => !c.assigned.includes(p)).sort())
  expect([...started].sort()).toEqual(c.assigned.filter((p) => !was.includes(p)).sort())
  // One heartbeat at a time: a request goes out only when none was in flight, or to join/leave.
  const sent = requests(step)
  expect(sent.length).toBeLessThanOrEqual(1)
  for (const r of sent) {
    expect(r.memberId).toBe('m')
    if (r.memberEpoch > 0) {
      expect(prev?.heartbeatInFlight).toBe(false)
      expect(r.memberEpoch).toBe(prev?.memberEpoch)
    }
  }
  // Alive and in the group, its heartbeat timer is always armed.
  if (step.snapshot.value === 'Stable' || step.snapshot.value === 'Joining') expect(step.timers.has(SHARE_HEARTBEAT_TIMER)).toBe(true)
  if (step.snapshot.value === 'Dead') expect(step.timers.has(SHARE_HEARTBEAT_TIMER)).toBe(false)
}

describe('KIP-932 share member machine (model-based)', () => {
  const model = createTestModel(shareMemberMachine, { events, filterEvents: onlyGenerated, serializeState: key, input })
  const paths = model.getShortestPaths()

  it('reaches every client state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))))
    expect([...reached].sort()).toEqual(['Dead', 'Joining', 'Stable', 'Unsubscribed'])
  })

  it('keeps its invariants on every generated path', () => {
    for (const path of paths) {
      const steps = replayPath(shareMemberMachine, input, path.steps.slice(1).map((s) => s.event), timerIdOf)
      steps.forEach((step, i) => {
        expect(step.snapshot.value).toEqual(path.steps[i]?.state.value)
        checkInvariants(steps[i - 1], step)
      })
    }
  })

  it('keeps its invariants on every edge, not only the shortest paths (a drop is never on a shortest path)', () => {
    // Every state on the shortest paths (each once); from there, every event the model allows.
    let edges = 0
    const done = new Set<string>()
    for (const path of paths) {
      const all = path.steps.slice(1).map((s) => s.event)
      const steps = replayPath(shareMemberMachine, input, all, timerIdOf)
      steps.forEach((from, i) => {
        const k = key(from.snapshot)
        if (done.has(k)) return
        done.add(k)
        for (const e of events(from.snapshot)) {
          const id = timerIdOf(e)
          if (id !== null && !from.timers.has(id)) continue
          const next = replayPath(shareMemberMachine, input, [...all.slice(0, i), e], timerIdOf)
          checkInvariants(next.at(-2), next.at(-1)!)
          edges++
        }
      })
    }
    expect(edges).toBeGreaterThan(50)
  })

  it('applies a new assignment in the step its answer arrives: no barrier, no callback to wait for', () => {
    let changes = 0
    for (const path of paths) {
      const steps = replayPath(shareMemberMachine, input, path.steps.slice(1).map((s) => s.event), timerIdOf)
      for (const step of steps) {
        const e = step.event as ShareMemberEvent
        if (e.type !== 'coordinator.shareGroupHeartbeatResponse' || e.response.error !== 'NONE' || e.response.assignment === null) continue
        expect((step.snapshot.context as ShareMemberContext).assigned).toEqual([...e.response.assignment].sort((a, b) => a - b))
        changes++
      }
    }
    // Each of the three non-empty assignments offered is reached by some shortest path.
    expect(changes).toBeGreaterThanOrEqual(3)
  })

  it('rejoins at epoch 0 when fenced, with nothing left', () => {
    for (const path of paths) {
      const steps = replayPath(shareMemberMachine, input, path.steps.slice(1).map((s) => s.event), timerIdOf)
      steps.forEach((step, i) => {
        const e = step.event as ShareMemberEvent
        if (e.type !== 'coordinator.shareGroupHeartbeatResponse' || e.response.error === 'NONE') return
        if (steps[i - 1]?.snapshot.value !== 'Stable') return
        expect(step.snapshot.value).toBe('Joining')
        expect((step.snapshot.context as ShareMemberContext).assigned).toEqual([])
        expect(requests(step).map((r) => r.memberEpoch)).toEqual([0])
      })
    }
  })
})
