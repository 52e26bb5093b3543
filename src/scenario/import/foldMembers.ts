// One consumer seen by two tools is one member: Burrow names a member by its client id (or, without
// one, its host), kafka-consumer-groups.sh --describe by the coordinator's member id
// (`<client.id>-<uuid>`). mergeFacts calls this once the pastes are merged: a member a source named
// by client id (ImportedMember.namedBy) is folded into the --describe members with that client id
// and host, and partition owners that named it are pointed at the member that owns the partition.
// Client ids may repeat (several instances, one client.id): a partition then goes to the --describe
// member that owns it, and a member nobody matches stays as it came. Pure; mutates `facts` only.

import type { ClusterFacts, ImportedMember } from './types.ts'

/** The member id a partition's owner stands for after folding (its own id when nothing was folded). */
export type OwnerOf = (group: string | undefined, topic: string, partition: number, owner: string) => string

export function foldNamedMembers(facts: ClusterFacts): OwnerOf {
  // group → folded id → the --describe members it may be
  const folded = new Map<string, Map<string, ImportedMember[]>>()
  let count = 0
  for (const g of facts.groups) {
    const real = g.members.filter((m) => m.namedBy === undefined)
    const keep: ImportedMember[] = []
    for (const m of g.members) {
      const matches = m.namedBy === undefined ? [] : real.filter((r) => sameConsumer(m, r))
      if (matches.length === 0) {
        keep.push(m)
        continue
      }
      // Each partition the named member held goes to the match that owns it; a sole match with no
      // assignment in the pastes (a --members paste without --verbose) takes them all.
      if (matches.length === 1 && matches[0]!.assignment.length === 0) matches[0]!.assignment = [...m.assignment]
      for (const r of matches) {
        if (r.host === undefined && m.host !== undefined) r.host = m.host
        if (r.clientId === undefined && m.clientId !== undefined) r.clientId = m.clientId
      }
      let byId = folded.get(g.groupId)
      if (!byId) folded.set(g.groupId, (byId = new Map()))
      byId.set(m.memberId, matches)
      count++
    }
    g.members = keep
  }
  const ownerOf: OwnerOf = (group, topic, partition, owner) => {
    const matches = group === undefined ? undefined : folded.get(group)?.get(owner)
    if (!matches) return owner
    const holder = matches.find((r) => r.assignment.some((a) => a.topic === topic && a.partition === partition))
    return (holder ?? (matches.length === 1 ? matches[0] : undefined))?.memberId ?? owner
  }
  if (count === 0) return ownerOf
  for (const t of facts.topics) for (const p of t.partitions) if (p.owner !== undefined) p.owner = ownerOf(t.group, t.name, p.partition, p.owner)
  facts.notes.push(`${count} member${count === 1 ? '' : 's'} named by client id or host (Burrow) matched --describe members with the same client id and host: each consumer counted once`)
  return ownerOf
}

function sameConsumer(named: ImportedMember, real: ImportedMember): boolean {
  const hostOk = named.host === undefined || real.host === undefined || named.host === real.host
  if (named.namedBy === 'host') return real.host !== undefined && real.host === named.host
  return real.clientId !== undefined && real.clientId === named.clientId && hostOk
}
