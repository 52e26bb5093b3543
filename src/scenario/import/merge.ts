// Several pastes folded into one ClusterFacts: shape from one, rates from another. Facts are merged
// per field in paste order; when two pastes disagree the later one wins and a note says so (one
// note per field, topic and pair of pastes, not one per partition). Provenance stays per fact.
// Two pastes that both read the same partitions' offsets at known times (`observedAtMs`, e.g. two
// kafka_exporter scrapes pasted separately) give rates the single pastes could not. Pure.
import { foldNamedMembers } from './foldMembers.ts'
import { partitionPath, topicPath } from './parsers/facts.ts'
import type { ClusterFacts, ImportedGroup, ImportedPartition, ImportedTopic, Provenance } from './types.ts'

type PartitionField = Exclude<keyof ImportedPartition, 'partition'>
const FIELDS: PartitionField[] = [
  'leader',
  'replicas',
  'isr',
  'logEndOffset',
  'committedOffset',
  'lag',
  'producedPerSec',
  'consumedPerSec',
  'sizeBytes',
  'owner',
]
/** Fields that belong to the group reading the topic (dropped when a later paste names another group). */
const GROUP_FIELDS: PartitionField[] = ['committedOffset', 'lag', 'owner', 'consumedPerSec']

/** The label of the paste a facts object came from (its provenance names it). */
function sourceOf(f: ClusterFacts): string {
  for (const p of Object.values(f.provenance)) return p.source
  return 'a paste'
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

interface Reading {
  at: number
  value: number
  source: string
  prov: Provenance
  /** For committed offsets: the group that committed them. */
  group?: string
}

export function mergeFacts(list: ClusterFacts[]): ClusterFacts {
  const out: ClusterFacts = { brokers: [], topics: [], groups: [], provenance: {}, notes: [] }
  const topics = new Map<string, { topic: ImportedTopic; parts: Map<number, ImportedPartition> }>()
  const groups = new Map<string, ImportedGroup>()
  const conflicts = new Map<string, number>()
  const produced = new Map<string, Reading[]>()
  const committed = new Map<string, Reading[]>()
  const owners: Array<{ group: string | undefined; topic: string; partition: number; old: string; now: string; src: string }> = []
  const conflict = (what: string): void => {
    conflicts.set(what, (conflicts.get(what) ?? 0) + 1)
  }

  for (const f of list) {
    const src = sourceOf(f)
    for (const n of f.notes) out.notes.push(list.length > 1 ? `${src}: ${n}` : n)
    for (const br of f.brokers) {
      const had = out.brokers.find((x) => x.id === br.id)
      if (!had) out.brokers.push({ ...br })
      else Object.assign(had, br)
    }
    if (f.provenance.brokers) out.provenance.brokers = f.provenance.brokers
    for (const t of f.topics) {
      let slot = topics.get(t.name)
      if (!slot) {
        slot = { topic: { name: t.name, partitions: [] }, parts: new Map() }
        topics.set(t.name, slot)
      }
      const mt = slot.topic
      if (t.partitionCount !== undefined) {
        if (mt.partitionCount !== undefined && mt.partitionCount !== t.partitionCount) {
          out.notes.push(`topic '${t.name}': ${src} says ${t.partitionCount} partitions, an earlier paste ${mt.partitionCount}; ${t.partitionCount} is used`)
        }
        mt.partitionCount = t.partitionCount
        copyProv(f, out, topicPath(t.name, 'partitionCount'))
      }
      for (const k of ['replicationFactor', 'minInsyncReplicas'] as const) {
        const v = t[k]
        if (v === undefined) continue
        if (mt[k] !== undefined && mt[k] !== v) conflict(`${k} of topic '${t.name}': ${src} replaces an earlier paste`)
        mt[k] = v
        copyProv(f, out, topicPath(t.name, k))
      }
      if (t.group !== undefined && mt.group !== t.group) {
        if (mt.group !== undefined) {
          // Another group's offsets would mix with these: drop the earlier group's per-partition facts.
          out.notes.push(`topic '${t.name}': ${src} shows group '${t.group}'; group '${mt.group}' from an earlier paste is dropped`)
          for (const p of slot.parts.values()) {
            for (const k of GROUP_FIELDS) {
              delete p[k]
              delete out.provenance[partitionPath(t.name, p.partition, k)]
            }
          }
        }
        mt.group = t.group
        copyProv(f, out, topicPath(t.name, 'group'))
      }
      for (const p of t.partitions) {
        let mp = slot.parts.get(p.partition)
        if (!mp) {
          mp = { partition: p.partition }
          slot.parts.set(p.partition, mp)
        }
        for (const k of FIELDS) {
          const v = p[k]
          if (v === undefined) continue
          const old = mp[k]
          // An owner named by client id (Burrow) and by member id (--describe) may be one consumer: decided after folding.
          if (k === 'owner' && old !== undefined && old !== v) owners.push({ group: t.group, topic: t.name, partition: p.partition, old: old as string, now: v as string, src })
          else if (old !== undefined && !same(old, v)) conflict(`${k} of topic '${t.name}': ${src} replaces an earlier paste`)
          ;(mp as unknown as Record<string, unknown>)[k] = v
          copyProv(f, out, partitionPath(t.name, p.partition, k))
        }
        if (f.observedAtMs !== undefined) {
          const key = `${t.name}\u0000${p.partition}`
          const pp = f.provenance[partitionPath(t.name, p.partition, 'logEndOffset')]
          if (p.logEndOffset !== undefined && pp) push(produced, key, { at: f.observedAtMs, value: p.logEndOffset, source: src, prov: pp })
          const pc = f.provenance[partitionPath(t.name, p.partition, 'committedOffset')]
          if (p.committedOffset !== undefined && pc && t.group !== undefined) {
            push(committed, key, { at: f.observedAtMs, value: p.committedOffset, source: src, prov: pc, group: t.group })
          }
        }
      }
    }
    for (const g of f.groups) mergeGroup(groups, g, f, out, src, conflict)
    if (f.clientConfig) out.clientConfig = [...(out.clientConfig ?? []), ...f.clientConfig]
    if (f.keySample) {
      if (out.keySample) out.notes.push(`${src}: its key sample replaces an earlier one`)
      out.keySample = f.keySample
      copyProv(f, out, 'keySample')
    }
    if (f.observedAtMs !== undefined && (out.observedAtMs === undefined || f.observedAtMs > out.observedAtMs)) {
      out.observedAtMs = f.observedAtMs
    }
  }
  out.topics = [...topics.values()].map(({ topic, parts }) => ({
    ...topic,
    partitions: [...parts.values()].sort((a, b) => a.partition - b.partition),
  }))
  out.groups = [...groups.values()]
  const ownerOf = foldNamedMembers(out)
  for (const o of owners) {
    if (ownerOf(o.group, o.topic, o.partition, o.old) !== ownerOf(o.group, o.topic, o.partition, o.now)) conflict(`owner of topic '${o.topic}': ${o.src} replaces an earlier paste`)
  }
  for (const [what, n] of conflicts) out.notes.push(`${what} (${n} partition${n === 1 ? '' : 's'}; the later paste wins)`)
  deriveAcrossPastes(out, produced, 'logEndOffset', 'producedPerSec')
  deriveAcrossPastes(out, committed, 'committedOffset', 'consumedPerSec')
  return out
}

function push<T>(m: Map<string, T[]>, k: string, v: T): void {
  const a = m.get(k)
  if (a) a.push(v)
  else m.set(k, [v])
}

function copyProv(from: ClusterFacts, to: ClusterFacts, key: string): void {
  const p = from.provenance[key]
  if (p) to.provenance[key] = p
}

function mergeGroup(
  groups: Map<string, ImportedGroup>,
  g: ImportedGroup,
  f: ClusterFacts,
  out: ClusterFacts,
  src: string,
  conflict: (what: string) => void,
): void {
  let mg = groups.get(g.groupId)
  if (!mg) {
    mg = { groupId: g.groupId, members: [] }
    groups.set(g.groupId, mg)
  }
  for (const k of ['state', 'assignor', 'protocol', 'coordinator', 'memberCount'] as const) {
    const v = g[k]
    if (v === undefined) continue
    if (mg[k] !== undefined && mg[k] !== v) {
      out.notes.push(`group '${g.groupId}' ${k}: ${src} says ${String(v)}, an earlier paste ${String(mg[k])}; ${String(v)} is used`)
    }
    ;(mg as unknown as Record<string, unknown>)[k] = v
    copyProv(f, out, `groups.${g.groupId}.${k}`)
  }
  for (const m of g.members) {
    const had = mg.members.find((x) => x.memberId === m.memberId)
    if (!had) {
      mg.members.push({ ...m, assignment: [...m.assignment] })
      continue
    }
    if (m.clientId !== undefined) had.clientId = m.clientId
    if (m.host !== undefined) had.host = m.host
    if (m.instanceId !== undefined) had.instanceId = m.instanceId
    if (m.assignment.length > 0) {
      if (had.assignment.length > 0 && !same(sortTp(had.assignment), sortTp(m.assignment))) {
        conflict(`assignment of group '${g.groupId}': ${src} replaces an earlier paste`)
      }
      had.assignment = [...m.assignment]
    }
  }
  copyProv(f, out, `groups.${g.groupId}.members`)
}

function sortTp(a: Array<{ topic: string; partition: number }>): string[] {
  return a.map((x) => `${x.topic}:${x.partition}`).sort()
}

/** Rates from the earliest and latest readings of one partition in different pastes. */
function deriveAcrossPastes(
  out: ClusterFacts,
  readings: Map<string, Reading[]>,
  from: 'logEndOffset' | 'committedOffset',
  field: 'producedPerSec' | 'consumedPerSec',
): void {
  let derived = 0
  let backwards = 0
  let span = ''
  for (const t of out.topics) {
    for (const p of t.partitions) {
      if (p[field] !== undefined) continue
      // Committed offsets count only when the group that committed them is the topic's group now.
      const rs = readings.get(`${t.name}\u0000${p.partition}`)?.filter((r) => field === 'producedPerSec' || r.group === t.group)
      if (!rs || rs.length < 2) continue
      let a = rs[0]!
      let b = rs[0]!
      for (const r of rs) {
        if (r.at < a.at) a = r
        if (r.at > b.at) b = r
      }
      if (b.at <= a.at) continue
      if (b.value < a.value) {
        backwards++
        continue
      }
      const sec = (b.at - a.at) / 1000
      p[field] = Math.round(((b.value - a.value) / sec) * 1000) / 1000
      span = `${Math.round(sec * 10) / 10} s`
      out.provenance[partitionPath(t.name, p.partition, field)] = {
        source: a.source === b.source ? b.source : `${a.source} + ${b.source}`,
        format: b.prov.format,
        how: 'derived',
        note: `${from} read in ${a.source} and ${b.source}, ${span} apart`,
      }
      derived++
    }
  }
  if (derived > 0) out.notes.push(`${field} of ${derived} partition(s) derived from two pastes ${span} apart`)
  if (backwards > 0) out.notes.push(`${backwards} partition(s) had a smaller ${from} in the later paste; no rate derived for them`)
}
