import { describe, expect, it } from 'vitest'
import { deepClone } from '../../engine/clone.ts'
import { consumerGroupRuntimeFactory } from './consumerGroupRuntime.ts'
import { TestHost } from './testHost.ts'
import { BATCH_MS, SECOND, callsAfter, settledGroup, testGroup } from './testSpecs.ts'

const settled = (members: number, partitions: number, opts: { staticMembership?: boolean; assignor?: 'uniform' | 'range' } = {}): TestHost =>
  settledGroup('consumer', opts.assignor ?? 'uniform', members, partitions, opts)

describe('KIP-848 consumer group runtime', () => {
  it('(g) a joining member bumps the group epoch; unaffected members get no revoke calls; moving partitions are revoked before the new owner gets them', () => {
    const h = settled(4, 8)
    const epoch = h.runtime.group().generation
    const before = [0, 1, 2, 3].map((m) => h.owned(m))
    expect(before.map((o) => o.length)).toEqual([2, 2, 2, 2])
    const t0 = h.now()
    h.start(4, BATCH_MS[4])
    h.runUntil(t0 + 30 * SECOND)

    expect(h.runtime.group()).toMatchObject({ generation: epoch + 1, state: 'Stable', protocol: 'consumer' })
    const revokes = callsAfter(h, t0, 'revoke')
    const revokers = new Set(revokes.map((c) => c.member))
    // Exactly the members whose assignment shrank were asked to revoke, and only what they lost.
    before.forEach((owned, m) => {
      const dropped = owned.filter((p) => !h.owned(m).includes(p))
      expect(revokers.has(m)).toBe(dropped.length > 0)
      expect(revokes.filter((c) => c.member === m).flatMap((c) => c.partitions)).toEqual(dropped)
    })
    expect(revokers.size).toBeLessThan(4)
    expect(callsAfter(h, t0, 'lose')).toHaveLength(0)
    // Every partition the new member got was revoked by its old owner first.
    const toNew = callsAfter(h, t0, 'assign').filter((c) => c.member === 4)
    expect(toNew.flatMap((c) => c.partitions).length).toBeGreaterThan(0)
    for (const a of toNew) {
      for (const p of a.partitions) {
        const revoked = revokes.find((c) => c.partitions.includes(p))
        expect(revoked).toBeDefined()
        expect(revoked!.t).toBeLessThan(a.t)
      }
    }
    // No group-wide barrier: partitions that did not move were never unowned.
    const moved = new Set(revokes.flatMap((c) => c.partitions))
    before.forEach((owned, m) => owned.filter((p) => !moved.has(p)).forEach((p) => expect(h.ownerOf(p)).toBe(m)))
    const recs = h.runtime.rebalanceLog().filter((r) => r.startMs >= t0)
    expect(recs).toHaveLength(1)
    expect(recs[0]).toMatchObject({ trigger: 'consumer-5 joined', generation: epoch + 1, protocol: 'consumer', members: 5 })
    expect(recs[0]!.endMs).not.toBeNull()
    expect(h.said('group.reconcile').some((l) => l.fact.state === 'UNREVOKED_PARTITIONS' && l.fact.pendingRevocation.length > 0)).toBe(true)
    expect(h.zombies).toBe(0)
  })

  it('fences a crashed member after group.consumer.session.timeout.ms and hands its partitions on', () => {
    const h = settled(3, 12)
    const lost = h.owned(2)
    const t0 = h.now()
    h.crash(2)
    h.runUntil(t0 + 40 * SECOND)
    expect(callsAfter(h, t0, 'assign')).toHaveLength(0)
    h.runUntil(t0 + 70 * SECOND)
    for (const p of lost) expect([0, 1]).toContain(h.ownerOf(p))
    expect(h.said('group.memberRemoved').map((l) => l.fact)).toEqual([
      { kind: 'group.memberRemoved', member: 'consumer-3', removal: { protocol: 'consumer', why: 'sessionTimeout', sessionTimeoutMs: 45 * SECOND } },
    ])
    // Nobody revoked anything: the fenced member's partitions were lost and went to the others.
    const recs = h.runtime.rebalanceLog().filter((r) => r.startMs >= t0)
    expect(recs.map((r) => [r.revoked, r.lost, r.assigned])).toEqual([[0, lost.length, lost.length]])
  })

  it('a static member that leaves (epoch -2) and returns within the session keeps its partitions, no new epoch', () => {
    const h = settled(3, 12, { staticMembership: true })
    const epoch = h.runtime.group().generation
    const mine = h.owned(1)
    h.close(1)
    h.runFor(15 * SECOND)
    h.start(1, BATCH_MS[1])
    h.runFor(15 * SECOND)
    expect(h.runtime.group().generation).toBe(epoch)
    expect(h.owned(1)).toEqual(mine)
    expect(h.said('group.staticRejoin').map((l) => l.fact)).toEqual([{ kind: 'group.staticRejoin', protocol: 'consumer', member: 'consumer-2' }])
  })

  it('a member that misses max.poll.interval.ms leaves and rejoins at its next poll', () => {
    const h = settled(3, 12)
    const t0 = h.now()
    h.busy(1, 320 * SECOND)
    h.runUntil(t0 + 400 * SECOND)
    const triggers = h.runtime.rebalanceLog().filter((r) => r.startMs >= t0).map((r) => r.trigger)
    expect(triggers).toEqual(['consumer-2 left', 'consumer-2 joined'])
    expect(h.owned(1).length).toBe(4)
  })

  it('continues exactly after save and restore', () => {
    const { spec, broker } = testGroup('consumer', 'uniform')
    const a = TestHost.create({ partitions: 12 }, consumerGroupRuntimeFactory, spec, broker)
    for (let i = 0; i < 3; i++) a.start(i, BATCH_MS[i])
    a.runUntil(20 * SECOND)
    a.start(3, BATCH_MS[3])
    a.runUntil(25 * SECOND + 1)
    const b = TestHost.restore(deepClone(a.save()), consumerGroupRuntimeFactory, spec, broker)
    for (const h of [a, b]) {
      h.runUntil(40 * SECOND)
      h.crash(0)
      h.setPartitions(16)
      h.runUntil(120 * SECOND)
      h.start(0, BATCH_MS[0])
      h.pause(3, 50 * SECOND)
      h.runUntil(200 * SECOND)
    }
    expect(b.trace).toEqual(a.trace)
    expect(b.calls).toEqual(a.calls)
    expect(b.runtime.rebalanceLog()).toEqual(a.runtime.rebalanceLog())
    expect(a.trace.length).toBeGreaterThan(20)
  })
})
