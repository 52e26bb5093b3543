// What an import knows about a real cluster, before it becomes a scenario (issue 11).
// Parsers of tool output (kafka-consumer-groups.sh, kcat, kafka-log-dirs.sh, kafka_exporter,
// Burrow) and the live `snapshot` both produce `ClusterFacts`; `mergeFacts` folds several into one;
// the builder turns the merged facts into a Scenario plus a field-by-field account of where each
// value came from. Pure types, no logic; nothing here touches I/O.

/** The formats a paste or file can be in. Names are what `highway import --format NAME` accepts. */
export type ImportFormat =
  | 'consumer-groups' // kafka-consumer-groups.sh --describe (offsets; --verbose adds LEADER-EPOCH)
  | 'consumer-groups-members' // kafka-consumer-groups.sh --describe --members [--verbose]
  | 'consumer-groups-state' // kafka-consumer-groups.sh --describe --state [--verbose]
  | 'topics' // kafka-topics.sh --describe (partitions, leaders, replicas, ISR, topic configs)
  | 'share-groups' // kafka-share-groups.sh --describe [--verbose] (KIP-932: start offsets and lag)
  | 'kcat-metadata' // kcat -L -J, or kcat -L's lines
  | 'log-dirs' // kafka-log-dirs.sh --describe
  | 'prometheus' // kafka_exporter text exposition (one scrape, or several with timestamps)
  | 'burrow' // Burrow /v3/kafka/<cluster>/consumer/<group>/lag
  | 'kcat-records' // kcat -C -J lines (a record sample: key + partition)
  | 'client-properties' // a Java client's .properties file (its settings, not the cluster's)
  | 'snapshot' // `highway snapshot` read a live cluster

/** Where one fact came from: which paste (its label, e.g. "paste 2" or a file name) and how. */
export interface Provenance {
  source: string
  format: ImportFormat
  /**
   * measured: read as is from the source; derived: computed from measured values (a rate from two
   * offset readings, a share from a key sample); assumed: a default, because no source said.
   */
  how: 'measured' | 'derived'
  /** A short human note, e.g. "two scrapes 60 s apart". */
  note?: string
}

export interface ImportedPartition {
  partition: number
  leader?: number
  replicas?: number[]
  isr?: number[]
  logEndOffset?: number
  /** The group's committed offset for this partition (only meaningful with `ImportedTopic.group`). */
  committedOffset?: number
  lag?: number
  /** Records appended per second (log-end-offset growth). */
  producedPerSec?: number
  /** Records the group committed per second (committed-offset growth). */
  consumedPerSec?: number
  sizeBytes?: number
  /** Member (consumer id) that owns the partition in the group, if known. */
  owner?: string
}

export interface ImportedTopic {
  name: string
  /** Sorted by partition number; may be sparse when a source names only some partitions. */
  partitions: ImportedPartition[]
  /** Partition count when a source states it without per-partition detail (kafka_topic_partitions). */
  partitionCount?: number
  /** The consumer group whose committed offsets, lag and owners the partitions carry (if any). */
  group?: string
  /** The topic's replication factor as the tool states it (kafka-topics.sh: ReplicationFactor). */
  replicationFactor?: number
  /** The topic's min.insync.replicas when the tool shows it (kafka-topics.sh Configs: a non-default value). */
  minInsyncReplicas?: number
}

export interface ImportedMember {
  memberId: string
  clientId?: string
  host?: string
  /** group.instance.id (static membership, KIP-345) when the tool shows one. */
  instanceId?: string
  assignment: Array<{ topic: string; partition: number }>
  /**
   * Set when the source does not know the coordinator's member id and `memberId` is the client id
   * or the host instead (Burrow): mergeFacts folds such a member into the --describe member with
   * the same client id and host, so one consumer is not counted twice.
   */
  namedBy?: 'client-id' | 'host'
}

export interface ImportedGroup {
  groupId: string
  /** Kafka's group state words: Stable, PreparingRebalance, CompletingRebalance, Empty, Dead … */
  state?: string
  /** Assignment strategy / assignor as the tool shows it (range, cooperative-sticky, uniform …). */
  assignor?: string
  /** Kafka's group type when shown: 'classic', 'consumer' (KIP-848) or 'share' (KIP-932, kafka-share-groups.sh). */
  protocol?: string
  coordinator?: number
  /** #MEMBERS as kafka-consumer-groups.sh --describe --state shows it (the offsets view names none mid-rebalance). */
  memberCount?: number
  members: ImportedMember[]
}

export interface KeySampleEntry {
  /** null = a record without a key. */
  key: string | null
  count: number
  /** Partitions the key was seen on (one, unless salted or keyless). */
  partitions: number[]
}

export interface KeySample {
  topic?: string
  records: number
  /** Sorted by count, descending. */
  keys: KeySampleEntry[]
  /** Mean record size in bytes (key + value) when the sample shows payloads. */
  meanRecordBytes?: number
  /**
   * Zipf exponent s fitted to the keyed counts by rank (count ∝ rank^-s, least squares on logs),
   * when at least 3 distinct keys were seen. ~0: uniform keys; ~1: classic Zipf; larger: hotter.
   */
  zipfExponent?: number
}

/** One setting of a client's .properties file, as written (build applies it; buildClientConfig.ts). */
export interface ClientSetting {
  key: string
  value: string
  /** 1-based line of the file where the setting starts. */
  line: number
  source: string
}

export interface ClusterFacts {
  brokers: Array<{ id: number; host?: string; port?: number }>
  topics: ImportedTopic[]
  groups: ImportedGroup[]
  keySample?: KeySample
  /** The consumer and producer settings of client .properties files, in the order read (the last of a key wins). */
  clientConfig?: ClientSetting[]
  /**
   * Where each fact came from, keyed by a dotted path into these facts, e.g.
   * `topics.orders.partitions.17.lag`, `groups.billing.members`, `keySample`.
   */
  provenance: Record<string, Provenance>
  /** Approximations and caveats in words ("LAG '-' read as unknown for partition 3"). */
  notes: string[]
  /**
   * When the offsets were read (Unix ms), if the source says (a `# scraped at` line or sample
   * timestamps). Two readings of the same partitions with times give rates (see mergeFacts).
   */
  observedAtMs?: number
}

/** A parser never throws: it answers facts or one error naming the format and the line. */
export type ParseResult =
  | { ok: true; format: ImportFormat; facts: ClusterFacts }
  | { ok: false; format: ImportFormat; line: number; message: string }

/** One scenario field as the builder filled it, for the Import dialog's field-by-field account. */
export interface ImportedField {
  /** Scenario path, e.g. `topic.partitions`, `producers.0.rate.perSec`, `group.consumers`. */
  path: string
  value: unknown
  how: 'measured' | 'derived' | 'assumed'
  /** The paste(s) it came from; empty when assumed. */
  sources: string[]
  /** Why, in one sentence ("Kafka's default", "sum of per-partition rates over two scrapes"). */
  why: string
}

/**
 * An imported scenario's name starts with this (`import: orders`): a page that opens its link (a
 * colleague's, without the import's story) can still say what the scenario is.
 */
export const IMPORTED_NAME_PREFIX = 'import: '
