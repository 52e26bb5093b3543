// The StickyAssignor at group scale, timed: 1 000 partitions (10 topics × 100) over 100 members,
// first a fresh group, then the same group with one member gone and one new, every member
// reporting what it owned (the sticky path). Moved here from the unit tests, where a wall-clock
// bound failed on a loaded machine and said nothing about behaviour; the unit test keeps the
// balance check. Bench-only: reads the clock.

import type { AssignorMember, TopicPartition } from '../src/kafka/assignors/assignor.ts'
import { assignSticky } from '../src/kafka/assignors/stickyAssignor.ts'

const TOPICS = Array.from({ length: 10 }, (_, i) => `topic-${i}`)
const PARTITIONS_PER_TOPIC = 100
const MEMBERS = Array.from({ length: 100 }, (_, i) => `consumer-${i}-3f2a`)
/** A rebalance of this size inside the simulator should not stall a frame for long. */
export const STICKY_TARGET_MS = 500

const member = (memberId: string, owned: TopicPartition[], generation: number): AssignorMember => ({ memberId, groupInstanceId: null, topics: TOPICS, owned, generation })

export interface StickyResult {
  wallMs: number
  /** Every member holds 10 partitions after the sticky round (else the timing is of the wrong thing). */
  balanced: boolean
}

export function runStickyLarge(): StickyResult {
  const topics = Object.fromEntries(TOPICS.map((t) => [t, PARTITIONS_PER_TOPIC]))
  const started = performance.now()
  const r1 = assignSticky({ topics, members: MEMBERS.map((c) => member(c, [], -1)) })
  const r2 = assignSticky({ topics, members: [...MEMBERS.slice(1), 'late'].map((c) => member(c, r1.assignment[c] ?? [], 1)) })
  const wallMs = performance.now() - started
  return { wallMs, balanced: Object.values(r2.assignment).every((l) => l.length === 10) }
}
