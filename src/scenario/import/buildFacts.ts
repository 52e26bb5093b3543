// The builder's view of the facts: which topic and group to simulate, and one row per partition
// (rates, lag, owner) with every gap left undefined, plus where each kind of fact came from. Pure.

import { memberNames } from './memberNames.ts'
import type { ClusterFacts, ImportedGroup, ImportedMember, ImportedTopic } from './types.ts'

export interface PartitionRow {
  partition: number
  producedPerSec?: number
  consumedPerSec?: number
  lag?: number
  /** The owning member as the run names it (memberNames.ts: its client id, widened where client ids repeat). */
  owner?: string
}

export interface PartitionView {
  topic: string
  partitions: number
  countSources: string[]
  countWhy: string
  /** One row per partition 0..partitions-1. */
  parts: PartitionRow[]
  members: ImportedMember[]
  /** What the run calls each member (memberNames.ts), in the members' order. */
  names: string[]
  /** How many names needed more than the client id (client ids that repeat). */
  widenedNames: number
  /** The distinct sources of the provenance entries (of this topic, its group, the key sample) whose key matches. */
  sources: (re: RegExp) => string[]
}

type Fail = { ok: false; message: string }

const sizeOf = (t: ImportedTopic) => Math.max(t.partitionCount ?? 0, t.partitions.reduce((m, p) => Math.max(m, p.partition + 1), 0))

function assignedCount(g: ImportedGroup, topic: string): number {
  let n = 0
  for (const m of g.members) for (const a of m.assignment) if (a.topic === topic) n++
  return n
}

/** Whether the facts hold `group`'s offsets or assignment for topic `t`. */
function readsTopic(g: ImportedGroup, t: ImportedTopic): boolean {
  return t.group === g.groupId || assignedCount(g, t.name) > 0
}

/**
 * The named topic; else, when a group is named, the topic that group reads (a `--describe
 * --all-groups` paste holds each group's offsets on its own topic); else the one a group reads
 * most; else the largest that is not internal (`__…`).
 */
export function chooseTopic(facts: ClusterFacts, name: string | undefined, group?: string): { ok: true; topic: ImportedTopic } | Fail {
  const names = facts.topics.map((t) => t.name)
  if (name !== undefined) {
    const t = facts.topics.find((x) => x.name === name)
    return t ? { ok: true, topic: t } : { ok: false, message: `topic '${name}' is not in the pastes${names.length > 0 ? ` (they name ${list(names)})` : ''}` }
  }
  if (facts.topics.length === 0) return { ok: false, message: noTopic(facts) }
  const named = group === undefined ? undefined : facts.groups.find((g) => g.groupId === group)
  const read = named ? facts.topics.filter((t) => readsTopic(named, t)) : []
  // Without a topic the group reads, the choice stays as before and chooseGroup says why it fails.
  const pool = read.length > 0 ? read : facts.topics
  const readers = named && read.length > 0 ? [named] : facts.groups
  const score = (t: ImportedTopic) => [readers.reduce((m, g) => Math.max(m, assignedCount(g, t.name)), 0), t.name.startsWith('__') ? 0 : 1, sizeOf(t)]
  let best = pool[0]!
  for (const t of pool.slice(1)) {
    const a = score(t)
    const b = score(best)
    if (a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! > b[2]!)))) best = t
  }
  return { ok: true, topic: best }
}

/** The named group; else the one whose members own the topic's partitions; else the only group; else none. */
export function chooseGroup(facts: ClusterFacts, topic: string, name: string | undefined): { ok: true; group: ImportedGroup | undefined } | Fail {
  if (name !== undefined) {
    const g = facts.groups.find((x) => x.groupId === name)
    if (!g) return { ok: false, message: `group '${name}' is not in the pastes${facts.groups.length > 0 ? ` (they name ${list(facts.groups.map((x) => x.groupId))})` : ''}` }
    // A topic's partitions carry one group's offsets (the readers keep the first group printed):
    // another group's scenario would start with that group's lag under this group's name.
    const bound = (facts.topics.find((t) => t.name === topic) as { group?: unknown } | undefined)?.group
    if (typeof bound === 'string' && bound !== name) {
      return { ok: false, message: `topic '${topic}': the pastes hold the offsets of group '${bound}', not of '${name}' (a paste keeps one group's offsets per topic); import the output of kafka-consumer-groups.sh --describe --group ${name} on its own` }
    }
    return { ok: true, group: g }
  }
  let best: ImportedGroup | undefined
  let most = 0
  for (const g of facts.groups) {
    const n = assignedCount(g, topic)
    if (n > most) {
      most = n
      best = g
    }
  }
  if (best) return { ok: true, group: best }
  // A tool may name the group beside the topic without listing assignments (kafka_exporter).
  const named = (facts.topics.find((t) => t.name === topic) as { group?: unknown } | undefined)?.group
  const byName = typeof named === 'string' ? facts.groups.find((g) => g.groupId === named) : undefined
  return { ok: true, group: byName ?? (facts.groups.length === 1 ? facts.groups[0] : undefined) }
}

/** Whether `groupId`'s offsets or assignment sit on some topic other than `topic` in the facts (so --group can pick it). */
export function readsAnotherTopic(facts: ClusterFacts, groupId: string, topic: string): boolean {
  const g = facts.groups.find((x) => x.groupId === groupId)
  return g !== undefined && facts.topics.some((t) => t.name !== topic && readsTopic(g, t))
}

/**
 * Why nothing can be built, naming what the pastes did hold: a record sample (kcat -C -J) names its
 * topic but gives only the key mix, and --members / --state name groups without their partitions,
 * so "the pastes name no topic" alone read as if the paste had not been understood at all.
 */
function noTopic(facts: ClusterFacts): string {
  const add = 'kafka-consumer-groups.sh --describe, kcat -L -J or a kafka_exporter scrape'
  if (facts.keySample) return `the record sample of topic '${facts.keySample.topic}' gives its key mix, not its partitions: add ${add} for them`
  if (facts.clientConfig !== undefined) return `a client's .properties gives its settings, not the cluster it reads: add ${add} for the topic`
  if (facts.groups.length > 0) return `the pastes name group${facts.groups.length === 1 ? '' : 's'} ${list(facts.groups.map((g) => g.groupId))} but not the topic ${facts.groups.length === 1 ? 'it reads' : 'they read'}: add ${add}`
  return `the pastes name no topic: paste ${add}`
}

function list(xs: string[]): string {
  const shown = xs.slice(0, 5).map((x) => `'${x}'`)
  return xs.length > 5 ? `${shown.join(', ')} and ${xs.length - 5} more` : shown.join(', ')
}

export function partitionView(facts: ClusterFacts, topic: ImportedTopic, group: ImportedGroup | undefined): PartitionView {
  const P = sizeOf(topic)
  const members = group?.members ?? []
  const named = memberNames(members)
  const byMember = new Map<string, string>()
  members.forEach((m, i) => byMember.set(m.memberId, named.names[i]!))
  const owners = new Map<number, string>()
  members.forEach((m, i) => {
    for (const a of m.assignment) if (a.topic === topic.name) owners.set(a.partition, named.names[i]!)
  })
  const parts: PartitionRow[] = Array.from({ length: P }, (_, partition) => ({ partition }))
  for (const p of topic.partitions) {
    const row = parts[p.partition]
    if (!row) continue
    if (p.producedPerSec !== undefined) row.producedPerSec = p.producedPerSec
    if (p.consumedPerSec !== undefined) row.consumedPerSec = p.consumedPerSec
    const lag = p.lag ?? (p.logEndOffset !== undefined && p.committedOffset !== undefined ? p.logEndOffset - p.committedOffset : undefined)
    if (lag !== undefined && Number.isFinite(lag)) row.lag = Math.max(0, lag)
    const owner = p.owner !== undefined ? (byMember.get(p.owner) ?? p.owner) : undefined
    if (owner !== undefined) row.owner = owner
  }
  for (const [p, owner] of owners) if (parts[p] && parts[p].owner === undefined) parts[p].owner = owner

  const topicPrefix = `topics.${topic.name}.`
  const groupPrefix = group ? `groups.${group.groupId}.` : null
  const sources = (re: RegExp): string[] => {
    const out = new Set<string>()
    for (const [key, prov] of Object.entries(facts.provenance)) {
      const mine = key.startsWith(topicPrefix) || (groupPrefix !== null && key.startsWith(groupPrefix)) || key === 'keySample'
      if (mine && re.test(key)) out.add(prov.source)
    }
    return [...out]
  }
  const counted = topic.partitionCount !== undefined && topic.partitionCount >= P
  return {
    topic: topic.name,
    partitions: P,
    countSources: counted ? sources(/\.partitionCount$/) : sources(/\.partitions\.\d+\./),
    countWhy: counted ? 'the partition count the tool reports' : `the partitions listed (0–${P - 1})`,
    parts,
    members,
    names: named.names,
    widenedNames: named.widened,
    sources,
  }
}
