import { describe, expect, it } from 'vitest'
import { RebalanceTracker, STORM_REBALANCES_PER_MINUTE } from './rebalanceTracker.ts'

describe('rebalance tracker', () => {
  it('ends a rebalance only when the coordinator is done and every member applied the new generation', () => {
    const t = new RebalanceTracker('eager')
    t.start(1000, 'consumer-4 joined', 2, 3)
    t.countRevoked(12, { generation: 2 })
    t.expect(2, ['a', 'b', 'c', 'd'])
    t.coordinatorDone(2000)
    for (const [i, id] of ['a', 'b', 'c'].entries()) t.applied(2100 + i, id, 2)
    expect(t.isOpen).toBe(true)
    t.countAssigned(12)
    t.applied(2500, 'd', 2)
    expect(t.isOpen).toBe(false)
    expect(t.records[0]).toEqual({ trigger: 'consumer-4 joined', generation: 2, startMs: 1000, endMs: 2500, durationMs: 1500, revoked: 12, lost: 0, assigned: 12, members: 4, protocol: 'eager' })
  })

  it('charges a revocation to the generation whose assignment caused it, even once the next round has opened (KIP-429)', () => {
    const t = new RebalanceTracker('cooperative')
    t.start(0, 'consumer-4 joined', 2, 4)
    t.expect(2, ['a', 'b', 'c', 'd'])
    t.coordinatorDone(10)
    // The first member to revoke rejoins at once and opens round 2; the others revoke after that.
    t.countRevoked(1, { generation: 2 })
    t.start(12, 'a rejoined: need to revoke partitions and re-join', 3, 4)
    t.countRevoked(2, { generation: 2 })
    t.countAssigned(3)
    expect(t.records.map((r) => [r.generation, r.revoked, r.assigned])).toEqual([
      [2, 3, 0],
      [3, 0, 3],
    ])
  })

  it('holds revocations made before the JoinGroup that starts their rebalance (eager onJoinPrepare)', () => {
    const t = new RebalanceTracker('eager')
    t.start(0, 'x', 1, 3)
    t.close(10)
    t.countRevoked(2, { generation: 2 })
    expect(t.records[0]?.revoked).toBe(0)
    t.start(50, 'consumer-1 (leader) rejoined', 2, 3)
    t.countRevoked(4, { generation: 2 })
    expect(t.records[1]?.revoked).toBe(6)
  })

  it('counts lost partitions apart from revoked ones: in the open rebalance, else the next to start', () => {
    const t = new RebalanceTracker('eager')
    t.start(0, 'consumer-2 session timeout', 2, 2)
    t.countLost(4)
    t.countRevoked(8, { generation: 2 })
    t.close(100)
    // A member that timed out learns at its rejoin: onPartitionsLost, then the JoinGroup that starts the next one.
    t.countLost(1)
    expect(t.records.map((r) => [r.revoked, r.lost])).toEqual([[8, 4]])
    t.start(200, 'consumer-2 joined', 3, 2)
    expect(t.records.map((r) => [r.revoked, r.lost])).toEqual([
      [8, 4],
      [0, 1],
    ])
  })

  it('leaves out what a static member revokes when it goes away for a while (no rebalance follows)', () => {
    const t = new RebalanceTracker('eager')
    t.start(0, 'x', 1, 2)
    t.close(10)
    t.countRevoked(4, 'none')
    t.start(50, 'y', 2, 2)
    expect(t.records.map((r) => r.revoked)).toEqual([0, 0])
  })

  it('does not wait for a member that died', () => {
    const t = new RebalanceTracker('cooperative')
    t.start(0, 'x', 1, 2)
    t.expect(1, ['a', 'b'])
    t.coordinatorDone(10)
    t.applied(20, 'a', 1)
    t.memberGone(30, 'b')
    expect(t.records[0]?.endMs).toBe(30)
  })

  it('under KIP-848 an epoch bump during reconciliation continues the open rebalance', () => {
    const t = new RebalanceTracker('consumer')
    t.start(5, 'consumer-1 joined', 1, 1)
    t.start(900, 'consumer-2 joined', 2, 2)
    expect(t.records.map((r) => [r.trigger, r.generation, r.endMs])).toEqual([['consumer-1 joined, consumer-2 joined', 2, null]])
  })

  it('merges triggers at the same instant and closes a superseded rebalance when the next one starts', () => {
    const t = new RebalanceTracker('eager')
    t.start(5, 'consumer-1 joined', 1, 1)
    t.start(5, 'consumer-2 joined', 2, 2)
    t.start(900, 'consumer-3 joined', 3, 3)
    expect(t.records.map((r) => [r.trigger, r.endMs])).toEqual([
      ['consumer-1 joined, consumer-2 joined', 900],
      ['consumer-3 joined', null],
    ])
  })

  it(`calls it a storm from ${STORM_REBALANCES_PER_MINUTE} rebalances started within a minute of sim time`, () => {
    const t = new RebalanceTracker('eager')
    for (let i = 0; i < STORM_REBALANCES_PER_MINUTE - 1; i++) t.start(i * 10_000, 'x', i + 1, 3)
    expect(t.storm(40_000)).toBe(false)
    t.start(40_000, 'x', 9, 3)
    expect(t.startedInLastMinute(40_000)).toBe(STORM_REBALANCES_PER_MINUTE)
    expect(t.storm(40_000)).toBe(true)
    expect(t.storm(100_001)).toBe(false)
  })

  it('saves and restores as plain data', () => {
    const t = new RebalanceTracker('eager')
    t.start(0, 'x', 1, 2)
    t.expect(1, ['a'])
    t.countRevoked(3, { generation: 2 })
    const r = new RebalanceTracker('eager', JSON.parse(JSON.stringify(t.save())) as ReturnType<RebalanceTracker['save']>)
    r.coordinatorDone(5)
    r.applied(7, 'a', 1)
    expect(r.records[0]?.endMs).toBe(7)
    expect(t.isOpen).toBe(true)
    r.start(9, 'y', 2, 2)
    expect(r.records[1]?.revoked).toBe(3)
  })
})
