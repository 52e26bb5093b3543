// When a group member commits its consumed offsets on its own (enable.auto.commit=true): before
// every JoinGroup under both classic protocols (ConsumerCoordinator.onJoinPrepare), and before a
// KIP-848 reconciliation (ConsumerMembershipManager.signalReconciliationStarted).
import { describe, expect, it } from 'vitest'
import { BATCH_MS, SECOND, callsAfter, settledGroup } from './testSpecs.ts'

const joinCompletions = (h: ReturnType<typeof settledGroup>, t0: number): number[] => h.said('group.joinComplete').filter((l) => l.t >= t0).map((l) => l.t)

/** A settled group of three classic members that a fourth joins; returns it 30 s later and the join time. */
function fourthJoins(protocol: 'eager' | 'cooperative', opts: { autoCommit?: boolean } = {}): { h: ReturnType<typeof settledGroup>; t0: number } {
  const h = settledGroup(protocol, protocol === 'eager' ? 'range' : 'cooperative-sticky', 3, 12, opts)
  const t0 = h.now()
  h.start(3, BATCH_MS[3])
  h.runUntil(t0 + 30 * SECOND)
  return { h, t0 }
}

describe('auto-commit before a rejoin (ConsumerCoordinator.onJoinPrepare)', () => {
  it('cooperative: every member that owns partitions commits before its JoinGroup, in both rounds; the revocation after SyncGroup is no commit', () => {
    const { h, t0 } = fourthJoins('cooperative')

    const [round1, round2] = joinCompletions(h, t0)
    expect(round1).toBeDefined()
    expect(round2).toBeDefined()
    const commits = callsAfter(h, t0, 'commit')
    for (const m of [0, 1, 2]) {
      const at = commits.filter((c) => c.member === m).map((c) => c.t)
      expect(at.filter((t) => t < round1!)).toHaveLength(1)
      expect(at.filter((t) => t > round1! && t < round2!)).toHaveLength(1)
    }
    // What a member commits is everything it owns at that moment (subscriptions.allConsumed()).
    for (const c of commits) expect(c.partitions.length).toBeGreaterThan(0)
    // The newcomer owned nothing in either round: nothing to commit.
    expect(commits.filter((c) => c.member === 3)).toEqual([])
    const revokes = callsAfter(h, t0, 'revoke')
    expect(revokes.length).toBeGreaterThan(0)
    for (const r of revokes) expect(commits.some((c) => c.member === r.member && c.t === r.t)).toBe(false)
  })

  it('eager: the commit comes first and onPartitionsRevoked follows at the same instant, so nothing is fetched in between', () => {
    const { h, t0 } = fourthJoins('eager')

    const after = callsAfter(h, t0)
    for (const m of [0, 1, 2]) {
      const commit = after.findIndex((c) => c.member === m && c.kind === 'commit')
      const revoke = after.findIndex((c) => c.member === m && c.kind === 'revoke')
      expect(commit).toBeGreaterThanOrEqual(0)
      expect(commit).toBeLessThan(revoke)
      expect(after[commit]!.t).toBe(after[revoke]!.t)
      expect(after[commit]!.partitions).toEqual(after[revoke]!.partitions)
    }
  })

  it.each(['eager', 'cooperative'] as const)('%s with enable.auto.commit=false: nobody commits on its own', (protocol) => {
    const { h, t0 } = fourthJoins(protocol, { autoCommit: false })
    expect(callsAfter(h, t0, 'revoke').length).toBeGreaterThan(0)
    expect(h.calls.filter((c) => c.kind === 'commit')).toEqual([])
  })
})

describe('auto-commit before a KIP-848 reconciliation', () => {
  it('a member commits what it consumed, then revokes, at the same instant', () => {
    const h = settledGroup('consumer', 'uniform', 4, 8)
    const t0 = h.now()
    h.start(4, BATCH_MS[4])
    h.runUntil(t0 + 30 * SECOND)

    const after = callsAfter(h, t0)
    const revokes = after.filter((c) => c.kind === 'revoke')
    expect(revokes.length).toBeGreaterThan(0)
    for (const r of revokes) {
      const i = after.indexOf(r)
      const commit = after.slice(0, i).reverse().find((c) => c.member === r.member && c.kind === 'commit')
      expect(commit?.t).toBe(r.t)
    }
  })
})
