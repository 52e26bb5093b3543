// Running a partition assignor for one topic: the classic leader's onLeaderElected and the KIP-848
// coordinator's target assignment. Pure: reads only its arguments and the assignor table.

import { getAssignor, type AssignorMember, type AssignorName } from '../kafka/assignors/assignor.ts'

export interface AssignInput {
  assignor: AssignorName
  topic: string
  partitionCount: number
  members: ReadonlyArray<{ memberId: string; groupInstanceId: string | null; owned: readonly number[]; generation: number }>
  /** Each partition's weight when the assignor weighs them (lag-aware); others ignore it. */
  load?: readonly number[]
}

/** The assignor's answer as partition numbers per member id (every member present, ascending). */
export function runAssignor(input: AssignInput): Record<string, number[]> {
  const members: AssignorMember[] = input.members.map((m) => ({
    memberId: m.memberId,
    groupInstanceId: m.groupInstanceId,
    topics: [input.topic],
    owned: m.owned.map((p) => [input.topic, p] as const),
    generation: m.generation,
  }))
  const { assignment } = getAssignor(input.assignor).assign({
    topics: { [input.topic]: input.partitionCount },
    members,
    ...(input.load ? { load: { [input.topic]: input.load } } : {}),
  })
  const out: Record<string, number[]> = {}
  for (const m of input.members) {
    out[m.memberId] = (assignment[m.memberId] ?? []).filter(([t]) => t === input.topic).map(([, p]) => p).sort((a, b) => a - b)
  }
  return out
}

/**
 * The COOPERATIVE rule (KIP-429, ConsumerCoordinator.validateCooperativeAssignment): a partition may
 * not go to a new owner in the same round its old owner still holds it. Partitions another member
 * still claims are withheld; the owner revokes and rejoins, and the next round assigns them.
 * cooperative-sticky already does this; applying it again is a no-op. With an EAGER-only assignor
 * (range, roundrobin) under the cooperative protocol, this makes it behave as Kafka requires.
 */
export function withholdTransferring(
  assignments: Record<string, number[]>,
  owners: ReadonlyArray<{ memberId: string; owned: readonly number[] }>,
): Record<string, number[]> {
  const ownerOf = new Map<number, string>()
  for (const o of owners) for (const p of o.owned) if (!ownerOf.has(p)) ownerOf.set(p, o.memberId)
  const out: Record<string, number[]> = {}
  for (const [id, parts] of Object.entries(assignments)) {
    out[id] = parts.filter((p) => {
      const owner = ownerOf.get(p)
      return owner === undefined || owner === id
    })
  }
  return out
}
