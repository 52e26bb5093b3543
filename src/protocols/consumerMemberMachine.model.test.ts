import { describe, expect, it } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { createTestModel } from 'xstate/graph'
import type { ConsumerGroupMemberRequest } from './consumerGroupMessages.ts'
import { HEARTBEAT_TIMER, POLL_TIMER, consumerMemberMachine, type ConsumerMemberContext, type ConsumerMemberEvent, type ConsumerMemberInput } from './consumerMemberMachine.ts'
import { replayPath, type ReplayStep } from './pathReplay.ts'

const inputFor = (groupInstanceId: string | null): ConsumerMemberInput => ({ slot: 0, memberId: 'm', groupInstanceId, maxPollIntervalMs: 300_000, heartbeatIntervalMs: 5_000, autoCommit: true })

/** The application, the member's timers and the coordinator's heartbeat answers (only to a heartbeat in flight). */
function events(s: AnyMachineSnapshot): ConsumerMemberEvent[] {
  if (s.status === 'done') return []
  const c = s.context as ConsumerMemberContext
  const out: ConsumerMemberEvent[] = [{ type: 'app.poll' }, { type: 'app.close' }, { type: 'app.crash' }, { type: 'timer.heartbeat' }]
  if (c.hasPolled) out.push({ type: 'timer.pollTimeout' })
  if (s.value === 'Reconciling' || s.value === 'Leaving') out.push({ type: 'callback.done' })
  if (c.heartbeatInFlight) {
    const ok = (memberEpoch: number, assignment: number[]): ConsumerMemberEvent => ({
      type: 'coordinator.consumerGroupHeartbeatResponse',
      response: { error: 'NONE', memberId: c.memberId, memberEpoch, heartbeatIntervalMs: 5_000, assignment },
    })
    const epoch = Math.max(1, c.memberEpoch)
    out.push(ok(epoch, [...c.owned]), ok(epoch + 1, [0, 1]), ok(epoch + 1, [1]), ok(epoch + 1, [1, 2]), ok(epoch + 1, []))
    for (const error of ['FENCED_MEMBER_EPOCH', 'UNKNOWN_MEMBER_ID'] as const) {
      out.push({ type: 'coordinator.consumerGroupHeartbeatResponse', response: { error, memberId: c.memberId, memberEpoch: c.memberEpoch, heartbeatIntervalMs: 5_000, assignment: null } })
    }
  }
  return out
}

const onlyGenerated = (s: AnyMachineSnapshot, e: AnyEventObject): boolean => events(s).some((x) => JSON.stringify(x) === JSON.stringify(e))

function key(s: AnyMachineSnapshot): string {
  const c = s.context as ConsumerMemberContext
  return JSON.stringify([s.value, c.owned, c.target, c.hasPolled, c.heartbeatInFlight, c.heartbeatNow, c.memberEpoch > 0 ? 'in' : c.memberEpoch])
}

const timerIdOf = (e: AnyEventObject): string | null => (e.type === 'timer.heartbeat' ? HEARTBEAT_TIMER : e.type === 'timer.pollTimeout' ? POLL_TIMER : null)

function checkInvariants(before: ReplayStep | undefined, step: ReplayStep): void {
  const c = step.snapshot.context as ConsumerMemberContext
  if (step.snapshot.value === 'Joining') expect(c.owned).toEqual([])
  // Acknowledging means the acknowledgement is on its way, or queued behind the heartbeat in flight.
  if (step.snapshot.value === 'Acknowledging') expect(c.heartbeatInFlight || c.heartbeatNow).toBe(true)
  // Nothing is dropped silently: every partition it stops owning went through a callback.
  const prevOwned = before ? (before.snapshot.context as ConsumerMemberContext).owned : []
  const released = step.effects.filter((e) => e.type === 'revokePartitions' || e.type === 'losePartitions').flatMap((e) => (e.params as { partitions: number[] }).partitions)
  if (step.snapshot.status !== 'done') for (const p of prevOwned.filter((x) => !c.owned.includes(x))) expect(released).toContain(p)
  if (step.snapshot.value === 'Dead') expect(step.snapshot.status).toBe('done')
  // enable.auto.commit: what it consumed is committed before any partition is revoked, in the same step.
  const commit = step.effects.findIndex((e) => e.type === 'commitOffsets')
  const revoke = step.effects.findIndex((e) => e.type === 'revokePartitions')
  if (revoke >= 0) {
    expect(commit).toBeGreaterThanOrEqual(0)
    expect(commit).toBeLessThan(revoke)
  }
  if (commit >= 0) for (const p of (step.effects[commit]!.params as { partitions: number[] }).partitions) expect(prevOwned).toContain(p)
  for (const e of step.effects) {
    const ps = (e.params as { partitions?: number[] }).partitions ?? []
    if (e.type === 'revokePartitions' || e.type === 'losePartitions') for (const p of ps) expect(c.owned).not.toContain(p)
    if (e.type === 'assignPartitions') for (const p of ps) expect(c.owned).toContain(p)
    if (e.type === 'sendRequest') {
      const r = (e.params as ConsumerGroupMemberRequest).request
      // A join owns nothing; any other heartbeat reports exactly what the member owns.
      if (r.memberEpoch === 0) expect(r.ownedPartitions).toEqual([])
      else if (r.memberEpoch > 0) expect(r.ownedPartitions).toEqual(c.owned)
      else expect(r.memberEpoch).toBe(c.groupInstanceId === null ? -1 : -2)
    }
  }
}

describe.each([null, 'consumer-1-instance'] as const)('KIP-848 consumer member machine, group.instance.id %s (model-based)', (instance) => {
  const input = inputFor(instance)
  const model = createTestModel(consumerMemberMachine, { events, filterEvents: onlyGenerated, serializeState: key, input })
  const paths = model.getShortestPaths()

  it('reaches every client state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))))
    expect([...reached].sort()).toEqual(['Acknowledging', 'Dead', 'Fenced', 'Joining', 'Leaving', 'Reconciling', 'Stable', 'Stale', 'Unsubscribed'])
  })

  it('keeps its invariants on every generated path', () => {
    for (const path of paths) {
      const steps = replayPath(consumerMemberMachine, input, path.steps.slice(1).map((s) => s.event), timerIdOf)
      steps.forEach((step, i) => {
        expect(step.snapshot.value).toEqual(path.steps[i]?.state.value)
        checkInvariants(steps[i - 1], step)
      })
    }
  })

  it('revokes before it assigns: a reconciliation never adds while it still holds what it must drop', () => {
    for (const path of paths) {
      const steps = replayPath(consumerMemberMachine, input, path.steps.slice(1).map((s) => s.event), timerIdOf)
      for (const step of steps) {
        const revoked = step.effects.some((e) => e.type === 'revokePartitions')
        const assigned = step.effects.some((e) => e.type === 'assignPartitions')
        expect(revoked && assigned).toBe(false)
      }
    }
  })
})
