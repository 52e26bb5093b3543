// One property suite run against every assignor (style rule 9). Sizes are kept small so the whole
// file runs in a few seconds.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ASSIGNOR_NAMES,
  getAssignor,
  type Assignment,
  type AssignmentRequest,
  type Assignor,
  type AssignorMember,
  type AssignorResult,
  type TopicPartition,
} from './assignor.ts'

const TOPICS = ['alpha', 'beta', 'gamma', 'delta'] as const
const RUNS = 150

const arbCounts = fc
  .tuple(...TOPICS.map(() => fc.integer({ min: 0, max: 7 })))
  .map((ns) => Object.fromEntries(TOPICS.map((t, i) => [t, ns[i] ?? 0])))
const arbSubscription = fc.subarray([...TOPICS, 'ghost'], { minLength: 1 })
const arbMemberId = fc.string({ minLength: 1, maxLength: 8 })

/** Anything goes: conflicting, stale and nonexistent owned partitions, mixed generations. */
const arbAnyRequest: fc.Arbitrary<AssignmentRequest> = fc.record({
  topics: arbCounts,
  members: fc.uniqueArray(
    fc.record({
      memberId: arbMemberId,
      groupInstanceId: fc.option(fc.string({ maxLength: 4 }), { nil: null }),
      topics: fc.subarray([...TOPICS, 'ghost']),
      owned: fc.array(fc.tuple(fc.constantFrom(...TOPICS, 'ghost'), fc.integer({ min: 0, max: 8 })), { maxLength: 10 }),
      generation: fc.integer({ min: -1, max: 4 }),
    }),
    { selector: (m) => m.memberId, minLength: 1, maxLength: 7 },
  ),
})

/** A group's history, like AbstractStickyAssignorTest's random tests: a fresh round, then members come, go and resubscribe. */
const arbHistory = fc.record({
  topics: arbCounts,
  first: fc.uniqueArray(fc.record({ memberId: arbMemberId, topics: arbSubscription }), { selector: (m) => m.memberId, minLength: 1, maxLength: 6 }),
  stays: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  resubscribe: fc.array(fc.option(arbSubscription, { nil: null }), { minLength: 6, maxLength: 6 }),
  joiners: fc.uniqueArray(fc.record({ memberId: arbMemberId.map((id) => `new-${id}`), topics: arbSubscription }), { selector: (m) => m.memberId, maxLength: 3 }),
})
type History = typeof arbHistory extends fc.Arbitrary<infer H> ? H : never

const label = ([t, p]: TopicPartition): string => `${t}-${p}`
const fresh = (memberId: string, topics: readonly string[]): AssignorMember => ({ memberId, groupInstanceId: null, topics, owned: [], generation: -1 })

/** Rebalance again while someone lost a partition (cooperative), as CooperativeStickyAssignorTest does. */
function settle(assignor: Assignor, req: AssignmentRequest): { result: AssignorResult; rounds: number } {
  let current = req
  for (let rounds = 1; ; rounds++) {
    const result = assignor.assign(current)
    const revoked = current.members.some((m) => m.owned.some((tp) => !(result.assignment[m.memberId] ?? []).some((a) => label(a) === label(tp))))
    if (assignor.protocol !== 'COOPERATIVE' || assignor.name === 'uniform' || !revoked || rounds >= 10) return { result, rounds }
    const generation = Math.max(...current.members.map((m) => m.generation)) + 1
    current = { topics: current.topics, members: current.members.map((m) => ({ ...m, owned: result.assignment[m.memberId] ?? [], generation })) }
  }
}

/** Round 1 (fresh) and round 2 (after membership and subscription changes) requests. */
function rounds(assignor: Assignor, h: History): { req1: AssignmentRequest; out1: Assignment; req2: AssignmentRequest } {
  const req1: AssignmentRequest = { topics: h.topics, members: h.first.map((m) => fresh(m.memberId, m.topics)) }
  const out1 = settle(assignor, req1).result.assignment
  const stayers = h.first
    .filter((_, i) => h.stays[i] ?? true)
    .map((m, i): AssignorMember => ({ ...fresh(m.memberId, h.resubscribe[i] ?? m.topics), owned: out1[m.memberId] ?? [], generation: 1 }))
  const joiners = h.joiners.filter((j) => !stayers.some((s) => s.memberId === j.memberId)).map((j) => fresh(j.memberId, j.topics))
  const members = stayers.length + joiners.length > 0 ? [...stayers, ...joiners] : [fresh('solo', ['alpha'])]
  return { req1, out1, req2: { topics: h.topics, members } }
}

/** Each partition at most once, only to subscribers, only partitions that exist, lists sorted, every member present. */
function checkValid(req: AssignmentRequest, out: Assignment): void {
  expect(Object.keys(out).sort()).toEqual(req.members.map((m) => m.memberId).sort())
  const seen = new Set<string>()
  for (const m of req.members) {
    const list = out[m.memberId] ?? []
    for (const tp of list) {
      expect(m.topics).toContain(tp[0])
      expect(tp[1]).toBeGreaterThanOrEqual(0)
      expect(tp[1]).toBeLessThan(req.topics[tp[0]] ?? 0)
      expect(seen.has(label(tp))).toBe(false)
      seen.add(label(tp))
    }
    expect(list.map(label)).toEqual([...list].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])).map(label))
  }
}

/** Every partition of every topic someone subscribes to is assigned (or, if listed, withheld). */
function checkComplete(req: AssignmentRequest, out: Assignment, withheld: ReadonlyMap<string, string> | null = null): void {
  const assigned = new Set(Object.values(out).flat().map(label))
  for (const [topic, n] of Object.entries(req.topics)) {
    if (!req.members.some((m) => m.topics.includes(topic))) continue
    for (let p = 0; p < n; p++) expect(assigned.has(`${topic}-${p}`) || (withheld?.has(`${topic}-${p}`) ?? false)).toBe(true)
  }
}

/** AbstractStickyAssignorTest.verifyValidityAndBalance: members 2+ apart in size share no topic. */
function checkBalanced(out: Assignment): void {
  const lists = Object.values(out)
  for (const a of lists) {
    for (const b of lists) {
      if (a.length - b.length < 2) continue
      const topicsOfB = new Set(b.map(([t]) => t))
      expect(a.filter(([t]) => topicsOfB.has(t))).toEqual([])
    }
  }
}

const balancing = (a: Assignor): boolean => a.name === 'sticky' || a.name === 'cooperative-sticky' || a.name === 'uniform'

describe.each(ASSIGNOR_NAMES.map((name) => [name, getAssignor(name)] as const))('%s assignor properties', (_name, assignor) => {
  // Range and round-robin promise neither balance nor stickiness; only cooperative-sticky withholds.
  const itIf = (applies: boolean, name: string, body: () => void): void => {
    if (applies) it(name, body)
  }
  const cooperative = assignor.name === 'cooperative-sticky'
  it('never assigns a partition twice, to a non-subscriber, or that does not exist, whatever it is told it owned', () => {
    fc.assert(
      fc.property(arbAnyRequest, (req) => {
        const result = assignor.assign(req)
        checkValid(req, result.assignment)
        const withheld = assignor.name === 'cooperative-sticky' ? result.partitionsTransferringOwnership : null
        checkComplete(req, result.assignment, withheld)
      }),
      { numRuns: RUNS },
    )
  })

  it('is a pure function of its request', () => {
    fc.assert(
      fc.property(arbAnyRequest, (req) => {
        expect(assignor.assign(structuredClone(req))).toEqual(assignor.assign(req))
      }),
      { numRuns: 50 },
    )
  })

  itIf(balancing(assignor), 'is fully balanced, or no partition could move to a member two or more below', () => {
    fc.assert(
      fc.property(arbHistory, (h) => {
        const { req1, out1, req2 } = rounds(assignor, h)
        checkBalanced(out1)
        checkComplete(req1, out1)
        const out2 = settle(assignor, req2).result.assignment
        checkValid(req2, out2)
        checkComplete(req2, out2)
        checkBalanced(out2)
      }),
      { numRuns: RUNS },
    )
  })

  itIf(balancing(assignor), 'keeps every previously owned partition of members at or under quota when a member joins', () => {
    fc.assert(
      fc.property(
        arbCounts,
        fc.subarray([...TOPICS], { minLength: 1 }),
        fc.uniqueArray(arbMemberId, { minLength: 1, maxLength: 6 }),
        arbMemberId,
        (topics, subscription, ids, joiner) => {
          fc.pre(!ids.includes(joiner))
          const before = settle(assignor, { topics, members: ids.map((id) => fresh(id, subscription)) }).result.assignment
          const total = subscription.reduce((s, t) => s + (topics[t] ?? 0), 0)
          const quota = Math.floor(total / (ids.length + 1))
          const after = assignor.assign({
            topics,
            members: [...ids.map((id) => ({ ...fresh(id, subscription), owned: before[id] ?? [], generation: 1 })), fresh(joiner, subscription)],
          }).assignment
          for (const id of ids) {
            const previous = before[id] ?? []
            if (previous.length > quota) continue
            const now = new Set((after[id] ?? []).map(label))
            expect(previous.map(label).filter((tp) => !now.has(tp))).toEqual([])
          }
        },
      ),
      { numRuns: RUNS },
    )
  })

  itIf(cooperative, 'never revokes a partition from one member and assigns it to another in the same round', () => {
    fc.assert(
      fc.property(arbAnyRequest, (req) => {
        const { assignment } = assignor.assign(req)
        const revokedFrom = new Map<string, string>()
        for (const m of req.members) {
          const kept = new Set((assignment[m.memberId] ?? []).map(label))
          for (const tp of m.owned) if (!kept.has(label(tp))) revokedFrom.set(label(tp), m.memberId)
        }
        for (const m of req.members) {
          const owned = new Set(m.owned.map(label))
          for (const tp of assignment[m.memberId] ?? []) {
            const from = revokedFrom.get(label(tp))
            if (!owned.has(label(tp)) && from !== undefined) expect.fail(`${label(tp)} revoked from ${from} and assigned to ${m.memberId}`)
          }
        }
      }),
      { numRuns: RUNS * 2 },
    )
  })

  itIf(cooperative, 'converges within 4 rounds to a valid, complete, balanced assignment', () => {
    fc.assert(
      fc.property(arbHistory, (h) => {
        const { req2 } = rounds(assignor, h)
        const { result, rounds: n } = settle(assignor, req2)
        expect(n).toBeLessThanOrEqual(4)
        checkValid(req2, result.assignment)
        checkComplete(req2, result.assignment)
        checkBalanced(result.assignment)
      }),
      { numRuns: RUNS },
    )
  })
})
