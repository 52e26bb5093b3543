import { describe, expect, it } from 'vitest'
import { electLeader, electPreferredLeader, fenceBroker, joinIsr, NO_LEADER, preferredLeaderMoves, unfenceBroker } from './leaderElection.ts'

const all = () => true
const except = (...dead: number[]) => (b: number) => !dead.includes(b)

describe('electLeader (PartitionChangeBuilder.electAnyLeader)', () => {
  it('keeps a leader that is alive and in the ISR', () => {
    expect(electLeader({ replicas: [1, 2, 3], isr: [1, 2, 3], leader: 2 }, [1, 2, 3], all)).toEqual({ leader: 2, unclean: false })
  })
  it('picks the first replica in replica order that is in the ISR and alive, not the first ISR entry', () => {
    // ISR order differs from replica order: replica order decides.
    const p = { replicas: [3, 1, 2], isr: [1, 2, 3], leader: 3 }
    expect(electLeader(p, [2, 1], except(3)).leader).toBe(1)
  })
  it('skips live replicas outside the ISR: offline without unclean election', () => {
    const p = { replicas: [1, 2, 3], isr: [1], leader: 1 }
    expect(electLeader(p, [1], except(1))).toEqual({ leader: NO_LEADER, unclean: false })
  })
  it('with unclean.leader.election.enable, takes the first live replica outside the ISR', () => {
    const p = { replicas: [1, 2, 3], isr: [1], leader: 1 }
    expect(electLeader(p, [1], except(1), true)).toEqual({ leader: 2, unclean: true })
  })
})

describe('fenceBroker', () => {
  it('removes the fenced broker from the ISR and moves leadership to the next ISR replica', () => {
    const c = fenceBroker({ replicas: [2, 0, 1], isr: [2, 0, 1], leader: 2 }, 2, except(2))
    expect(c).toEqual({ leader: 0, isr: [0, 1], leaderChanged: true, unclean: false })
  })
  it('a follower fenced: ISR shrinks, the leader stays (no new epoch)', () => {
    const c = fenceBroker({ replicas: [0, 1, 2], isr: [0, 1, 2], leader: 0 }, 1, except(1))
    expect(c).toEqual({ leader: 0, isr: [0, 2], leaderChanged: false, unclean: false })
  })
  it('never leaves the ISR empty: the last member stays and the partition goes offline', () => {
    const c = fenceBroker({ replicas: [1], isr: [1], leader: 1 }, 1, except(1))
    expect(c).toEqual({ leader: NO_LEADER, isr: [1], leaderChanged: true, unclean: false })
  })
  it('the offline partition comes back when that broker is unfenced', () => {
    const c = unfenceBroker({ replicas: [1, 2], isr: [1], leader: NO_LEADER }, all)
    expect(c.leader).toBe(1)
    expect(c.leaderChanged).toBe(true)
  })
  it('unfencing does not take leadership from a live leader', () => {
    expect(unfenceBroker({ replicas: [1, 2], isr: [2], leader: 2 }, all).leaderChanged).toBe(false)
  })
})

describe('joinIsr', () => {
  it('adds a caught-up replica in replica order; ignores non-replicas', () => {
    expect(joinIsr({ replicas: [2, 0, 1], isr: [0, 1], leader: 0 }, 2)).toEqual([2, 0, 1])
    expect(joinIsr({ replicas: [2, 0, 1], isr: [0, 1], leader: 0 }, 5)).toEqual([0, 1])
  })
})

describe('preferred leaders (auto.leader.rebalance.enable)', () => {
  it('electPreferredLeader returns the preferred replica when it is alive and in the ISR', () => {
    expect(electPreferredLeader({ replicas: [1, 2], isr: [1, 2], leader: 2 }, all)).toBe(1)
    expect(electPreferredLeader({ replicas: [1, 2], isr: [2], leader: 2 }, all)).toBe(2)
  })
  it('moves every partition back whose preferred replica is alive and in sync, however few a broker lost (KRaft has no per-broker threshold)', () => {
    // Broker 0 prefers 4 partitions and leads 2 of them (50 %); broker 1 prefers 10, leads 9 (10 %).
    // The ZooKeeper controller's leader.imbalance.per.broker.percentage (10) left broker 1's; KRaft does not.
    const parts = [
      ...Array.from({ length: 4 }, (_, i) => ({ replicas: [0, 1], isr: [0, 1], leader: i < 2 ? 0 : 1 })),
      ...Array.from({ length: 10 }, (_, i) => ({ replicas: [1, 0], isr: [1, 0], leader: i < 9 ? 1 : 0 })),
    ]
    expect(preferredLeaderMoves(parts, all)).toEqual({ moves: [2, 3, 13], more: false })
  })
  it('elects at most MAX_ELECTIONS_PER_IMBALANCE in one run and says more are left', () => {
    const parts = Array.from({ length: 5 }, () => ({ replicas: [0, 1], isr: [0, 1], leader: 1 }))
    expect(preferredLeaderMoves(parts, all, 3)).toEqual({ moves: [0, 1, 2], more: true })
    expect(preferredLeaderMoves(parts, all, 5)).toEqual({ moves: [0, 1, 2, 3, 4], more: false })
  })
  it('does not move a leader to a preferred replica that is down or out of the ISR', () => {
    const parts = [
      { replicas: [0, 1], isr: [1], leader: 1 },
      { replicas: [2, 1], isr: [2, 1], leader: 1 },
    ]
    expect(preferredLeaderMoves(parts, except(2))).toEqual({ moves: [], more: false })
  })
})
