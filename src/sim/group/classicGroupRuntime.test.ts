import { describe, expect, it } from 'vitest'
import { deepClone } from '../../engine/clone.ts'
import { classicGroupRuntimeFactory } from './classicGroupRuntime.ts'
import { TestHost } from './testHost.ts'
import { BATCH_MS, SECOND, callsAfter, partitionsOf, recordsAfter, settledGroup as settled, testGroup, testHostFor, type TestGroupOptions } from './testSpecs.ts'

type Classic = 'eager' | 'cooperative'
type ClassicAssignor = 'range' | 'cooperative-sticky'

const group = (protocol: Classic, assignor: ClassicAssignor, opts: TestGroupOptions = {}): TestHost => testHostFor(protocol, assignor, 12, opts)
/** Three members settled by t = 20 s, 12 partitions. */
const settledGroup = (protocol: Classic, assignor: ClassicAssignor, opts: TestGroupOptions = {}): TestHost => settled(protocol, assignor, 3, 12, opts)
const all12 = Array.from({ length: 12 }, (_, p) => p)

/** Three eager members started at 0, 1 and 2 s, run to 30 s. */
function startedOneSecondApart(initialDelayMs: number): TestHost {
  const h = group('eager', 'range', { initialDelayMs })
  for (let i = 0; i < 3; i++) {
    h.runUntil(i * SECOND)
    h.start(i)
  }
  h.runUntil(30 * SECOND)
  return h
}

describe('classic group runtime', () => {
  it('(a) eager range: a 4th member makes every member revoke all 12 partitions, nobody owns anything until SyncGroup, one rebalance', () => {
    const h = settledGroup('eager', 'range')
    const generation = h.runtime.group().generation
    const t0 = h.now()
    h.start(3, BATCH_MS[3])
    h.runUntil(60 * SECOND)

    const revokes = callsAfter(h, t0, 'revoke')
    const assigns = callsAfter(h, t0, 'assign')
    expect(partitionsOf(revokes)).toEqual(all12)
    expect(new Set(revokes.map((c) => c.member))).toEqual(new Set([0, 1, 2]))
    // The barrier: every revocation happens before the first new assignment.
    const lastRevoke = Math.max(...revokes.map((c) => c.t))
    const firstAssign = Math.min(...assigns.map((c) => c.t))
    expect(lastRevoke).toBeLessThan(firstAssign)
    const joinComplete = h.said('group.joinComplete').find((l) => l.t >= t0)
    const stable = h.said('group.stable').find((l) => l.t >= t0)
    expect(joinComplete && joinComplete.t >= lastRevoke).toBe(true)
    expect(stable && stable.t <= firstAssign).toBe(true)
    expect(partitionsOf(assigns)).toEqual(all12)
    expect(h.runtime.group().generation).toBe(generation + 1)
    const recs = recordsAfter(h, t0)
    expect(recs).toHaveLength(1)
    expect(recs[0]).toMatchObject({ trigger: 'consumer-4 joined', revoked: 12, assigned: 12, members: 4, protocol: 'eager' })
    expect([0, 1, 2, 3].map((m) => h.owned(m).length)).toEqual([3, 3, 3, 3])
    expect(h.said('group.rebalanceStart').filter((l) => l.t >= t0).map((l) => l.fact)).toEqual([
      { kind: 'group.rebalanceStart', trigger: { kind: 'memberJoined', member: 'consumer-4' }, generation: generation + 1, protocol: 'eager', initialDelayMs: null, owned: 12 },
    ])
    expect(h.zombies).toBe(0)
  })

  it('(b) cooperative-sticky: only the 3 moving partitions are revoked, the other 9 never stop, two rebalances', () => {
    const h = settledGroup('cooperative', 'cooperative-sticky')
    const generation = h.runtime.group().generation
    const before = [0, 1, 2].map((m) => h.owned(m))
    const t0 = h.now()
    h.start(3, BATCH_MS[3])
    h.runUntil(60 * SECOND)

    const revokes = callsAfter(h, t0, 'revoke')
    expect(partitionsOf(revokes)).toHaveLength(3)
    expect(callsAfter(h, t0, 'lose')).toHaveLength(0)
    const moved = new Set(partitionsOf(revokes))
    // Every partition that did not move kept its owner the whole time.
    before.forEach((parts, m) => {
      for (const p of parts) if (!moved.has(p)) expect(h.ownerOf(p)).toBe(m)
    })
    const touched = callsAfter(h, t0)
      .filter((c) => c.kind !== 'commit')
      .flatMap((c) => c.partitions)
    expect(touched.filter((p) => !moved.has(p))).toEqual([])
    // The moved partitions went to the new member, each only after its old owner revoked it.
    expect(h.owned(3).sort((a, b) => a - b)).toEqual([...moved].sort((a, b) => a - b))
    const assignToNew = callsAfter(h, t0, 'assign').filter((c) => c.member === 3)
    expect(Math.min(...assignToNew.map((c) => c.t))).toBeGreaterThan(Math.max(...revokes.map((c) => c.t)))
    expect(h.runtime.group().generation).toBe(generation + 2)
    const recs = recordsAfter(h, t0)
    expect(recs).toHaveLength(2)
    // Round 1's assignment withholds the moving partitions, so it is round 1 that revokes them,
    // although the first member to revoke rejoins at once and opens round 2 before the others do.
    expect(recs[0]).toMatchObject({ trigger: 'consumer-4 joined', revoked: 3, assigned: 0, lost: 0 })
    expect(recs[1]).toMatchObject({ revoked: 0, assigned: 3, lost: 0, members: 4 })
    expect(recs[1]?.trigger).toContain('need to revoke partitions and re-join')
    expect(h.zombies).toBe(0)
  })

  it('stops far less partition-time with cooperative than with eager for the same join', () => {
    const stopped = (protocol: 'eager' | 'cooperative', assignor: 'range' | 'cooperative-sticky'): number => {
      const h = settledGroup(protocol, assignor)
      const s0 = h.stoppedPartitionMs()
      h.start(3, BATCH_MS[3])
      h.runUntil(60 * SECOND)
      return h.stoppedPartitionMs() - s0
    }
    const eager = stopped('eager', 'range')
    const cooperative = stopped('cooperative', 'cooperative-sticky')
    expect(eager).toBeGreaterThan(12 * 500)
    expect(cooperative).toBeLessThan(eager / 2)
  })

  it('(c) a crashed member keeps its partitions, unconsumed, until session.timeout.ms; then they move', () => {
    const h = settledGroup('eager', 'range')
    const lost = h.owned(1)
    const tCrash = 20 * SECOND
    h.crash(1)
    h.runUntil(tCrash + 80 * SECOND)

    const reassigned = callsAfter(h, tCrash, 'assign').filter((c) => c.partitions.some((p) => lost.includes(p)))
    const firstMove = Math.min(...reassigned.map((c) => c.t))
    // The session started at its last heartbeat (at most heartbeat.interval.ms before the crash).
    expect(firstMove).toBeGreaterThanOrEqual(tCrash + 45 * SECOND - 3 * SECOND)
    expect(firstMove).toBeLessThan(tCrash + 45 * SECOND + 5 * SECOND)
    for (const p of lost) expect([0, 2]).toContain(h.ownerOf(p))
    expect(h.said('group.memberRemoved').map((l) => l.fact)).toEqual([
      { kind: 'group.memberRemoved', member: 'consumer-2', removal: { protocol: 'classic', why: 'sessionTimeout', sessionTimeoutMs: 45 * SECOND } },
    ])
    expect(recordsAfter(h, tCrash)).toHaveLength(1)
    // The survivors revoke what they own as they rejoin (eager); the crashed member's share is lost.
    expect(recordsAfter(h, tCrash)[0]).toMatchObject({ trigger: 'consumer-2 session timeout', revoked: 8, lost: 4 })
  })

  it('(d) a member that stops polling past max.poll.interval.ms leaves, and rejoins at its next poll: two rebalances', () => {
    const h = settledGroup('eager', 'range')
    const t0 = h.now()
    h.busy(1, 400 * SECOND)
    h.runUntil(t0 + 299 * SECOND)
    expect(recordsAfter(h, t0)).toHaveLength(0)
    h.runUntil(t0 + 460 * SECOND)

    const recs = recordsAfter(h, t0)
    expect(recs.map((r) => r.trigger)).toEqual(['consumer-2 left (consumer poll timeout has expired.)', 'consumer-2 joined'])
    expect(recs[0]!.startMs).toBeGreaterThan(t0 + 299 * SECOND)
    expect(recs[0]!.startMs).toBeLessThan(t0 + 301 * SECOND)
    expect(recs[1]!.startMs).toBeGreaterThanOrEqual(t0 + 400 * SECOND)
    // Back from its long batch, the member finds its generation gone: its partitions were lost.
    const lost = callsAfter(h, t0 + 400 * SECOND, 'lose').filter((c) => c.member === 1)
    expect(lost.length).toBeGreaterThan(0)
    // onPartitionsLost, not onPartitionsRevoked: counted as lost, in the rebalance its rejoin starts.
    expect(recs.reduce((n, r) => n + r.lost, 0)).toBe(partitionsOf(lost).length)
    expect(recs[1]!.lost).toBe(partitionsOf(lost).length)
    expect(h.said('group.pollTimeout').map((l) => l.fact)).toEqual([{ kind: 'group.pollTimeout', protocol: 'classic', member: 'consumer-2', maxPollIntervalMs: 300 * SECOND, sentLeaveGroup: true }])
    expect(h.owned(1).length).toBe(4)
  })

  it('(e) a static member restarting within session.timeout.ms causes no rebalance and gets its partitions back', () => {
    const h = settledGroup('eager', 'range', { staticMembership: true })
    const { generation, rebalances } = h.runtime.group()
    const mine = h.owned(1)
    h.close(1)
    h.runFor(10 * SECOND)
    h.start(1)
    h.runFor(20 * SECOND)

    expect(h.runtime.group()).toMatchObject({ generation, rebalances, state: 'Stable' })
    expect(h.owned(1)).toEqual(mine)
    expect(h.runtime.member(1).groupInstanceId).toBe('consumer-2-instance')
    expect(h.said('group.staticRejoin').map((l) => l.fact)).toEqual([{ kind: 'group.staticRejoin', protocol: 'classic', member: 'consumer-2', generation }])
    // Nobody else was disturbed.
    expect(callsAfter(h, 20 * SECOND).filter((c) => c.member !== 1)).toHaveLength(0)
  })

  it('(e) a static member down longer than session.timeout.ms is removed (one rebalance) and rejoins (another)', () => {
    const h = settledGroup('eager', 'range', { staticMembership: true })
    const { generation } = h.runtime.group()
    const t0 = h.now()
    h.close(1)
    h.runFor(60 * SECOND)
    h.start(1)
    h.runFor(30 * SECOND)

    const recs = recordsAfter(h, t0)
    expect(recs.map((r) => r.trigger)).toEqual(['consumer-2 session timeout', 'consumer-2 joined'])
    expect(h.runtime.group().generation).toBe(generation + 2)
    expect(h.owned(1).length).toBe(4)
  })

  it('a dynamic member restarting at once still leaves first (LeaveGroup), so nobody waits for its old id', () => {
    const h = settledGroup('eager', 'range')
    const t0 = h.now()
    h.close(1)
    h.start(1, BATCH_MS[1])
    h.runUntil(t0 + 30 * SECOND)
    const recs = recordsAfter(h, t0)
    expect(recs.length).toBeGreaterThanOrEqual(1)
    expect(recs[0]!.trigger).toBe('consumer-2 left (the consumer is being closed)')
    expect(h.runtime.group().state).toBe('Stable')
    expect(Math.max(...recs.map((r) => r.endMs ?? Infinity))).toBeLessThan(t0 + 30 * SECOND)
    expect([0, 1, 2].map((m) => h.owned(m).length)).toEqual([4, 4, 4])
  })

  it('(f) three members starting 1 s apart within group.initial.rebalance.delay.ms make ONE rebalance', () => {
    const h = startedOneSecondApart(3000)

    expect(h.runtime.rebalanceLog()).toHaveLength(1)
    expect(h.runtime.group()).toMatchObject({ generation: 1, state: 'Stable' })
    expect([0, 1, 2].map((m) => h.owned(m))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9, 10, 11],
    ])
    expect(h.said('group.initialDelay').length).toBeGreaterThan(0)
  })

  it('(f) without the initial delay the same staggered start rebalances more than once', () => {
    const h = startedOneSecondApart(0)
    expect(h.runtime.rebalanceLog().length).toBeGreaterThan(1)
  })

  it('(h) a member busy in a long batch holds the eager rebalance until it polls, while everyone else owns nothing', () => {
    const h = settledGroup('eager', 'range')
    const t0 = h.now()
    h.busy(1, 60 * SECOND)
    h.start(3)
    h.runUntil(t0 + 30 * SECOND)

    // Everyone but the busy member has revoked and waits in JoinGroup; the group is stuck.
    expect(h.runtime.group().state).toBe('PreparingRebalance')
    expect([0, 2, 3].map((m) => h.owned(m))).toEqual([[], [], []])
    expect(h.owned(1)).toEqual([4, 5, 6, 7])
    h.runUntil(t0 + 59 * SECOND)
    expect(h.runtime.group().state).toBe('PreparingRebalance')

    h.runUntil(t0 + 70 * SECOND)
    expect(h.runtime.group().state).toBe('Stable')
    const rec = recordsAfter(h, t0)[0]!
    expect(rec.endMs! - rec.startMs).toBeGreaterThanOrEqual(59 * SECOND)
    expect(Math.min(...callsAfter(h, t0, 'assign').map((c) => c.t))).toBeGreaterThanOrEqual(t0 + 60 * SECOND)
  })

  it('continues exactly after save and restore: the same calls give the same trace', () => {
    const { spec, broker } = testGroup('cooperative', 'cooperative-sticky', { staticMembership: false })
    const a = TestHost.create({ partitions: 12 }, classicGroupRuntimeFactory, spec, broker)
    for (let i = 0; i < 3; i++) a.start(i)
    a.runUntil(20 * SECOND)
    a.start(3)
    a.runUntil(21 * SECOND + 50)
    // The runtime's part is JSON (TestHost.save round-trips it); the kernel's typed arrays are cloned.
    const b = TestHost.restore(deepClone(a.save()), classicGroupRuntimeFactory, spec, broker)
    for (const h of [a, b]) {
      h.runUntil(40 * SECOND)
      h.crash(0)
      h.busy(2, 5 * SECOND)
      h.runUntil(120 * SECOND)
      h.start(0)
      h.pause(3, 50 * SECOND)
      h.runUntil(200 * SECOND)
    }
    expect(b.trace).toEqual(a.trace)
    expect(b.calls).toEqual(a.calls)
    expect(b.runtime.rebalanceLog()).toEqual(a.runtime.rebalanceLog())
    expect(b.runtime.group()).toEqual(a.runtime.group())
    expect(a.trace.length).toBeGreaterThan(20)
  })
})
