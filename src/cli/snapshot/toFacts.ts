// What `highway snapshot` read from a live cluster → ClusterFacts (format `snapshot`). Pure: the
// KafkaJS adapter (readCluster.ts) hands over plain numbers and bytes; nothing here does I/O or
// reads a clock (the reading times come in as numbers).

import type { ClusterFacts, ImportedGroup, ImportedPartition, KeySample, KeySampleEntry, Provenance } from '../../scenario/import/types.ts'
import { decodeMemberAssignment } from './memberAssignment.ts'

export interface OffsetsReading {
  /** When the answers arrived (ms, any origin; only differences count). */
  atMs: number
  /** Log-end offset per partition. */
  logEnd: ReadonlyMap<number, number>
  /** The group's committed offset per partition; absent or -1 = nothing committed. */
  committed?: ReadonlyMap<number, number>
}

export interface GroupReading {
  groupId: string
  state: string
  protocolType: string
  /** The chosen assignor (DescribeGroups' `protocol`): range, roundrobin, cooperative-sticky … */
  protocol: string
  members: Array<{ memberId: string; clientId: string; clientHost: string; assignment: Uint8Array }>
}

export interface SampledRecord {
  partition: number
  key: Uint8Array | null
  /** Key + value bytes. */
  sizeBytes: number
}

export interface SnapshotReading {
  /** The label facts carry as their source, e.g. "snapshot of kafka-1:9092". */
  source: string
  brokers: Array<{ nodeId: number; host: string; port: number }>
  topic: string
  partitions: Array<{ partition: number; leader: number; replicas: number[]; isr: number[] }>
  first: OffsetsReading
  second: OffsetsReading
  group?: GroupReading
  /** The key sample's records; absent when no sample was asked for. */
  records?: SampledRecord[]
  /** Things the adapter could not do, said in words (e.g. a compressed batch it could not read). */
  notes?: string[]
  /** Wall-clock time of the second reading (Unix ms), as the adapter saw it. */
  observedAtMs?: number
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A key as text: UTF-8 when it is, else hex (binary keys stay distinguishable, never mangled). */
export function keyText(key: Uint8Array): string {
  try {
    return utf8.decode(key)
  } catch {
    return '0x' + Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('')
  }
}

export function snapshotToFacts(r: SnapshotReading): ClusterFacts {
  const provenance: Record<string, Provenance> = {}
  const notes = [...(r.notes ?? [])]
  const seconds = (r.second.atMs - r.first.atMs) / 1000
  const measured = (note?: string): Provenance => ({ source: r.source, format: 'snapshot', how: 'measured', ...(note ? { note } : {}) })
  const derived = (note: string): Provenance => ({ source: r.source, format: 'snapshot', how: 'derived', note })
  const window = `end offsets read twice ${seconds.toFixed(1)} s apart`
  const base = `topics.${r.topic}.partitions`
  provenance.brokers = measured('cluster metadata')

  const owners = new Map<number, string>()
  let group: ImportedGroup | undefined
  if (r.group) {
    const g = r.group
    const members = g.members.map((m) => {
      const decoded = decodeMemberAssignment(m.assignment)
      if (!decoded.ok) notes.push(`member ${m.memberId}: assignment bytes not understood (${decoded.message}); its partitions are unknown`)
      const assignment = decoded.ok ? decoded.assignment.partitions : []
      for (const a of assignment) if (a.topic === r.topic) owners.set(a.partition, m.memberId)
      return { memberId: m.memberId, clientId: m.clientId, host: m.clientHost, assignment }
    })
    group = { groupId: g.groupId, state: g.state, protocol: 'classic', members }
    if (g.protocol !== '') group.assignor = g.protocol
    if (g.protocolType !== '' && g.protocolType !== 'consumer') notes.push(`group ${g.groupId} uses protocol type "${g.protocolType}", not "consumer": its assignment is read as the consumer protocol's`)
    if (g.state !== 'Stable') notes.push(`group ${g.groupId} was ${g.state} when read, not Stable: members and assignment may be changing`)
    provenance[`groups.${g.groupId}.members`] = measured('DescribeGroups; assignment decoded from the consumer protocol bytes')
    provenance[`groups.${g.groupId}.state`] = measured('DescribeGroups')
    if (group.assignor) provenance[`groups.${g.groupId}.assignor`] = measured('DescribeGroups protocol')
  }

  const partitions: ImportedPartition[] = [...r.partitions]
    .sort((a, b) => a.partition - b.partition)
    .map((m) => {
      const p = m.partition
      const at = `${base}.${p}`
      const out: ImportedPartition = { partition: p, leader: m.leader, replicas: [...m.replicas], isr: [...m.isr] }
      provenance[`${at}.leader`] = measured('topic metadata (leader, replicas, ISR)')
      const end1 = r.first.logEnd.get(p)
      const end2 = r.second.logEnd.get(p)
      if (end2 !== undefined) {
        out.logEndOffset = end2
        provenance[`${at}.logEndOffset`] = measured('ListOffsets (latest)')
      }
      if (end1 !== undefined && end2 !== undefined && seconds > 0) {
        if (end2 >= end1) {
          out.producedPerSec = (end2 - end1) / seconds
          provenance[`${at}.producedPerSec`] = derived(window)
        } else notes.push(`partition ${p}: log-end offset went back (${end1} → ${end2}); produce rate unknown`)
      }
      const c1 = committedAt(r.first, p)
      const c2 = committedAt(r.second, p)
      if (r.group && c2 === undefined) notes.push(`partition ${p}: group ${r.group.groupId} has no committed offset; lag unknown`)
      if (c2 !== undefined) {
        out.committedOffset = c2
        provenance[`${at}.committedOffset`] = measured('OffsetFetch')
        if (end2 !== undefined) {
          out.lag = Math.max(0, end2 - c2)
          provenance[`${at}.lag`] = derived('log-end offset − committed offset, read together')
        }
        if (c1 !== undefined && seconds > 0 && c2 >= c1) {
          out.consumedPerSec = (c2 - c1) / seconds
          provenance[`${at}.consumedPerSec`] = derived(`committed offsets read twice ${seconds.toFixed(1)} s apart`)
        }
      }
      const owner = owners.get(p)
      if (owner !== undefined) {
        out.owner = owner
        provenance[`${at}.owner`] = measured('DescribeGroups assignment')
      }
      return out
    })

  const facts: ClusterFacts = {
    brokers: r.brokers.map((b) => ({ id: b.nodeId, host: b.host, port: b.port })).sort((a, b) => a.id - b.id),
    topics: [{ name: r.topic, partitions, partitionCount: partitions.length, ...(group ? { group: group.groupId } : {}) }],
    groups: group ? [group] : [],
    provenance,
    notes,
  }
  if (r.observedAtMs !== undefined) facts.observedAtMs = r.observedAtMs
  provenance[`topics.${r.topic}.partitionCount`] = measured('topic metadata')
  if (r.records !== undefined) {
    facts.keySample = keySample(r.topic, r.records)
    provenance.keySample = derived(`${r.records.length} records read from the partitions' newest offsets, in proportion to their produce rates, without joining the group or committing`)
  }
  return facts
}

function committedAt(reading: OffsetsReading, p: number): number | undefined {
  const c = reading.committed?.get(p)
  return c === undefined || c < 0 ? undefined : c
}

export function keySample(topic: string, records: readonly SampledRecord[]): KeySample {
  const byKey = new Map<string | null, { count: number; partitions: Set<number> }>()
  let bytes = 0
  for (const rec of records) {
    const k = rec.key === null ? null : keyText(rec.key)
    const e = byKey.get(k) ?? { count: 0, partitions: new Set<number>() }
    e.count++
    e.partitions.add(rec.partition)
    byKey.set(k, e)
    bytes += rec.sizeBytes
  }
  const keys: KeySampleEntry[] = [...byKey]
    .map(([key, e]) => ({ key, count: e.count, partitions: [...e.partitions].sort((a, b) => a - b) }))
    // Count first; ties in a fixed order (null last), so the same sample prints the same way.
    .sort((a, b) => b.count - a.count || (a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const sample: KeySample = { topic, records: records.length, keys }
  if (records.length > 0) sample.meanRecordBytes = bytes / records.length
  return sample
}
