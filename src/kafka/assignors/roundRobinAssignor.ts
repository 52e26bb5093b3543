// Kafka's client RoundRobinAssignor (classic protocol). Pure: reads only its arguments.

import {
  finishAssignment,
  memberOrder,
  prepareRequest,
  type AssignmentRequest,
  type Assignor,
  type AssignorResult,
  type TopicPartition,
} from './assignor.ts'

/**
 * Kafka `RoundRobinAssignor`: all partitions, topics in name order (`TreeSet`) then partition number,
 * are dealt out by ONE circular iterator over the members in `MemberInfo.compareTo` order. The
 * iterator is shared across topics (never reset); for each partition it skips members not subscribed
 * to the topic, assigns, then advances once more. Balanced for identical subscriptions, possibly badly
 * unbalanced otherwise.
 */
export function assignRoundRobin(req: AssignmentRequest): AssignorResult {
  const { counts, members } = prepareRequest(req)
  const lists = new Map<string, TopicPartition[]>(members.map((m) => [m.memberId, []]))
  const ring = memberOrder(members)
  let cursor = 0
  for (const [topic, n] of counts) {
    for (let p = 0; p < n; p++) {
      // Every topic in `counts` has a subscriber, so this terminates within one lap.
      while (!ring[cursor % ring.length]?.topicSet.has(topic)) cursor++
      const m = ring[cursor % ring.length]
      if (m !== undefined) lists.get(m.memberId)?.push([topic, p])
      cursor++
    }
  }
  return { assignment: finishAssignment(members, lists), partitionsTransferringOwnership: null }
}

export const roundRobinAssignor: Assignor = { name: 'roundrobin', protocol: 'EAGER', assign: assignRoundRobin }
