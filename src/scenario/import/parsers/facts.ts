// Building ClusterFacts while reading: topics and partitions by name/number, a provenance entry per
// fact, notes capped so a hostile paste cannot grow them without bound. Pure.
import type {
  ClusterFacts,
  ImportFormat,
  ImportedGroup,
  ImportedMember,
  ImportedPartition,
  ImportedTopic,
  Provenance,
} from '../types.ts'
import { IMPORT_LIMITS, ImportError } from './common.ts'

/** Provenance key of one partition fact, e.g. `topics.orders.partitions.17.lag`. */
export function partitionPath(topic: string, partition: number, field: keyof ImportedPartition): string {
  return `topics.${topic}.partitions.${partition}.${field}`
}

export type TopicField = 'partitionCount' | 'group' | 'replicationFactor' | 'minInsyncReplicas'

export function topicPath(topic: string, field: TopicField): string {
  return `topics.${topic}.${field}`
}

export function groupPath(group: string, field: 'members' | 'memberCount' | 'state' | 'assignor' | 'protocol' | 'coordinator'): string {
  return `groups.${group}.${field}`
}

export function emptyFacts(): ClusterFacts {
  return { brokers: [], topics: [], groups: [], provenance: {}, notes: [] }
}

/** Notes kept per parse; more are summed up in one last note. */
export const MAX_NOTES = 40

type PartitionField = Exclude<keyof ImportedPartition, 'partition'>

export class FactsBuilder {
  private readonly topics = new Map<string, { topic: ImportedTopic; parts: Map<number, ImportedPartition> }>()
  private readonly groups = new Map<string, ImportedGroup>()
  /** Members by group and id: a 100 000-row table must not search the member list per row. */
  private readonly members = new Map<string, Map<string, ImportedMember>>()
  private partitionCount = 0
  private droppedNotes = 0
  readonly facts: ClusterFacts = emptyFacts()

  constructor(
    readonly source: string,
    readonly format: ImportFormat,
  ) {}

  provenance(how: Provenance['how'], note?: string): Provenance {
    const p: Provenance = { source: this.source, format: this.format, how }
    if (note !== undefined) p.note = note
    return p
  }

  hasTopic(name: string): boolean {
    return this.topics.has(name)
  }

  topic(name: string): ImportedTopic {
    let t = this.topics.get(name)
    if (!t) {
      t = { topic: { name, partitions: [] }, parts: new Map() }
      this.topics.set(name, t)
    }
    return t.topic
  }

  existingPartition(topic: string, partition: number): ImportedPartition | undefined {
    return this.topics.get(topic)?.parts.get(partition)
  }

  partition(topic: string, partition: number, line: number): ImportedPartition {
    this.topic(topic)
    const t = this.topics.get(topic)!
    let p = t.parts.get(partition)
    if (!p) {
      if (++this.partitionCount > IMPORT_LIMITS.maxPartitions) {
        throw new ImportError(line, `more than ${IMPORT_LIMITS.maxPartitions} partitions; import fewer topics at once`)
      }
      p = { partition }
      t.parts.set(partition, p)
    }
    return p
  }

  /** Sets one partition fact and records where it came from. */
  set<F extends PartitionField>(
    topic: string,
    partition: number,
    field: F,
    value: ImportedPartition[F],
    line: number,
    how: Provenance['how'] = 'measured',
    note?: string,
  ): void {
    const p = this.partition(topic, partition, line)
    p[field] = value
    this.facts.provenance[partitionPath(topic, partition, field)] = this.provenance(how, note)
  }

  setTopicGroup(topic: string, group: string): void {
    this.topic(topic).group = group
    this.facts.provenance[topicPath(topic, 'group')] = this.provenance('measured')
  }

  /** A topic-wide number the tool states (its replication factor, its min.insync.replicas). */
  setTopicNumber(topic: string, field: 'replicationFactor' | 'minInsyncReplicas', value: number): void {
    this.topic(topic)[field] = value
    this.facts.provenance[topicPath(topic, field)] = this.provenance('measured')
  }

  setPartitionCount(topic: string, count: number, line: number): void {
    if (count > IMPORT_LIMITS.maxPartitions) {
      throw new ImportError(line, `topic '${topic}' has ${count} partitions; at most ${IMPORT_LIMITS.maxPartitions} are read`)
    }
    this.topic(topic).partitionCount = count
    this.facts.provenance[topicPath(topic, 'partitionCount')] = this.provenance('measured')
  }

  hasGroup(id: string): boolean {
    return this.groups.has(id)
  }

  group(id: string): ImportedGroup {
    let g = this.groups.get(id)
    if (!g) {
      g = { groupId: id, members: [] }
      this.groups.set(id, g)
    }
    return g
  }

  /** The member of `group` with this id, created (without assignment) if new. */
  member(group: string, memberId: string): ImportedMember {
    const g = this.group(group)
    let byId = this.members.get(group)
    if (!byId) {
      byId = new Map()
      this.members.set(group, byId)
    }
    let m = byId.get(memberId)
    if (!m) {
      m = { memberId, assignment: [] }
      byId.set(memberId, m)
      g.members.push(m)
      this.facts.provenance[groupPath(group, 'members')] = this.provenance('measured')
    }
    return m
  }

  setGroupField(group: string, field: 'state' | 'assignor' | 'protocol', value: string): void {
    this.group(group)[field] = value
    this.facts.provenance[groupPath(group, field)] = this.provenance('measured')
  }

  setCoordinator(group: string, id: number): void {
    this.group(group).coordinator = id
    this.facts.provenance[groupPath(group, 'coordinator')] = this.provenance('measured')
  }

  setMemberCount(group: string, n: number): void {
    this.group(group).memberCount = n
    this.facts.provenance[groupPath(group, 'memberCount')] = this.provenance('measured')
  }

  note(text: string): void {
    if (this.facts.notes.length < MAX_NOTES) this.facts.notes.push(text)
    else this.droppedNotes++
  }

  /** The facts, partitions sorted by number, topics and groups in the order first seen. */
  finish(): ClusterFacts {
    this.facts.topics = [...this.topics.values()].map(({ topic, parts }) => ({
      ...topic,
      partitions: [...parts.values()].sort((a, b) => a.partition - b.partition),
    }))
    this.facts.groups = [...this.groups.values()]
    if (this.droppedNotes > 0) this.facts.notes.push(`… and ${this.droppedNotes} more notes like these`)
    return this.facts
  }
}
