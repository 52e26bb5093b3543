// The KafkaJS adapter of `highway snapshot`: reads a live cluster, never writes to it.
//
// Read-only by construction: only Metadata, ListOffsets, OffsetFetch, DescribeGroups and Fetch are
// sent. No producer, no consumer group (so no JoinGroup, no commit), no admin call that creates or
// alters anything. Topic existence is checked against the all-topics metadata first, because a
// Metadata request that names a missing topic may auto-create it on brokers that allow that.
// The record sample uses Fetch from KafkaJS's cluster object directly (no group to join).

import { Kafka, logLevel } from 'kafkajs'
import { performance } from 'node:perf_hooks'
import { explainKafkaError } from './errors.ts'
import { planSample, type SampleRange } from './samplePlan.ts'
import type { GroupReading, OffsetsReading, SampledRecord, SnapshotReading } from './toFacts.ts'

export interface SnapshotOptions {
  bootstrap: string[]
  topic: string
  group?: string | undefined
  sampleSeconds: number
  sampleKeys: number
  /** How long connecting may take before the bootstrap counts as unreachable. */
  connectTimeoutMs: number
  progress: (line: string) => void
}

export type SnapshotRead = { ok: true; reading: SnapshotReading } | { ok: false; message: string }

class Stop extends Error {}

const sleep = (ms: number) => new Promise<void>((res) => setTimeout(res, ms))

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const t = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new Error(`connection timeout: no answer within ${ms / 1000} s (${what})`)), ms)
  })
  return Promise.race([p, t]).finally(() => clearTimeout(timer))
}

export async function readSnapshot(o: SnapshotOptions): Promise<SnapshotRead> {
  const where = o.bootstrap.join(',')
  const kafka = new Kafka({
    clientId: 'highway-snapshot',
    brokers: o.bootstrap,
    connectionTimeout: Math.min(o.connectTimeoutMs, 5000),
    requestTimeout: 15_000,
    retry: { retries: 2, initialRetryTime: 200, maxRetryTime: 1000 },
    logLevel: logLevel.NOTHING,
  })
  const admin = kafka.admin()
  let during = `connecting to ${where}`
  const step = (what: string) => {
    during = what
    o.progress(`snapshot: ${what}…`)
  }
  try {
    step(`connecting to ${where}`)
    await withTimeout(admin.connect(), o.connectTimeoutMs, where)
    step('reading cluster metadata')
    const cluster = await admin.describeCluster()
    const topics = await admin.listTopics()
    if (!topics.includes(o.topic)) throw new Stop(`topic "${o.topic}" does not exist on ${where} (${topics.length} topics there)`)
    const meta = (await admin.fetchTopicMetadata({ topics: [o.topic] })).topics.find((t) => t.name === o.topic)
    if (!meta) throw new Stop(`topic "${o.topic}" has no metadata on ${where}`)
    let group: GroupReading | undefined
    if (o.group !== undefined) {
      step(`describing group ${o.group}`)
      const g = (await admin.describeGroups([o.group])).groups.find((x) => x.groupId === o.group)
      // Kafka answers an unknown group with state Dead and no members, not an error.
      if (!g || g.state === 'Dead') throw new Stop(`group "${o.group}" does not exist on ${where}`)
      group = {
        groupId: g.groupId,
        state: g.state,
        protocolType: g.protocolType,
        protocol: g.protocol,
        members: g.members.map((m) => ({ memberId: m.memberId, clientId: m.clientId, clientHost: m.clientHost, assignment: new Uint8Array(m.memberAssignment) })),
      }
    }
    const read = async (): Promise<OffsetsReading & { low: Map<number, number> }> => {
      const t0 = performance.now()
      const [ends, committed] = await Promise.all([
        admin.fetchTopicOffsets(o.topic),
        o.group === undefined ? Promise.resolve(undefined) : admin.fetchOffsets({ groupId: o.group, topics: [o.topic] }),
      ])
      const t1 = performance.now()
      const reading: OffsetsReading & { low: Map<number, number> } = {
        // The middle of the round trip is the best guess of when the brokers answered.
        atMs: (t0 + t1) / 2,
        logEnd: new Map(ends.map((e) => [e.partition, Number(e.high)])),
        low: new Map(ends.map((e) => [e.partition, Number(e.low)])),
      }
      if (committed) reading.committed = new Map((committed.find((t) => t.topic === o.topic)?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]))
      return reading
    }
    step('reading end offsets' + (o.group ? ' and committed offsets' : ''))
    const first = await read()
    step(`waiting ${o.sampleSeconds} s for the second reading`)
    await sleep(o.sampleSeconds * 1000)
    step('reading end offsets again')
    const second = await read()
    const reading: SnapshotReading = {
      source: `snapshot of ${where}`,
      brokers: cluster.brokers.map((b) => ({ nodeId: b.nodeId, host: b.host, port: b.port })),
      topic: o.topic,
      partitions: meta.partitions.map((p) => ({ partition: p.partitionId, leader: p.leader, replicas: p.replicas, isr: p.isr })),
      first,
      second,
      notes: [],
      observedAtMs: Date.now(),
    }
    if (group) reading.group = group
    if (o.sampleKeys > 0) {
      step(`reading ${o.sampleKeys} records for the key sample (no group, no commit)`)
      const seconds = (second.atMs - first.atMs) / 1000
      const plan = planSample(
        o.sampleKeys,
        reading.partitions.map((p) => {
          const high = second.logEnd.get(p.partition) ?? 0
          return { partition: p.partition, low: second.low.get(p.partition) ?? 0, high, producedPerSec: (high - (first.logEnd.get(p.partition) ?? high)) / seconds }
        }),
      )
      const sampled = await sampleRecords(kafka, o.topic, plan)
      if (sampled.ok) reading.records = sampled.records
      else reading.notes!.push(`key sample skipped: ${sampled.message}`)
    }
    o.progress('snapshot: done')
    return { ok: true, reading }
  } catch (e) {
    if (e instanceof Stop) return { ok: false, message: e.message }
    return { ok: false, message: explainKafkaError(e, where, during) }
  } finally {
    await admin.disconnect().catch(() => undefined)
  }
}

// KafkaJS's cluster object, reached without a consumer group. Only what the sample uses.
interface FetchedMessage {
  offset: string
  key: Buffer | null
  value: Buffer | null
}
interface KafkaJSCluster {
  connect(): Promise<void>
  disconnect(): Promise<void>
  addTargetTopic(topic: string): Promise<void>
  findLeaderForPartitions(topic: string, partitions: number[]): Record<string, number[]>
  findBroker(b: { nodeId: string }): Promise<{
    fetch(r: object): Promise<{ responses: Array<{ topicName: string; partitions: Array<{ partition: number; errorCode: number; messages: FetchedMessage[] }> }> }>
  }>
}

/** KafkaJS keeps its cluster factory behind a private symbol; a KafkaJS without it gives no sample. */
function createCluster(kafka: Kafka): KafkaJSCluster | null {
  const sym = Object.getOwnPropertySymbols(kafka).find((s) => s.description === 'private:Kafka:createCluster')
  if (!sym) return null
  const make = (kafka as unknown as Record<symbol, (o: object) => KafkaJSCluster>)[sym]!
  // allowAutoTopicCreation false: a metadata refresh must never create the topic.
  return make({ allowAutoTopicCreation: false, metadataMaxAge: 300_000 })
}

async function sampleRecords(kafka: Kafka, topic: string, plan: SampleRange[]): Promise<{ ok: true; records: SampledRecord[] } | { ok: false; message: string }> {
  const cluster = createCluster(kafka)
  if (!cluster) return { ok: false, message: 'this KafkaJS version does not expose a group-less fetch' }
  await cluster.connect()
  try {
    await cluster.addTargetTopic(topic)
    const next = new Map(plan.map((r) => [r.partition, r.from]))
    const stop = new Map(plan.map((r) => [r.partition, r.to]))
    const records: SampledRecord[] = []
    // Each round reads at least one record from some partition or stops, so this ends; a broker
    // may answer one small batch per fetch (librdkafka's mock does), hence many rounds.
    const maxRounds = plan.reduce((a, r) => a + (r.to - r.from), 0) + 1
    for (let round = 0; round < maxRounds && next.size > 0; round++) {
      const leaders = cluster.findLeaderForPartitions(topic, [...next.keys()])
      let progressed = false
      const answers = await Promise.all(Object.entries(leaders).map(async ([nodeId, partitions]) => {
        const broker = await cluster.findBroker({ nodeId })
        return broker.fetch({
          replicaId: -1,
          isolationLevel: 0,
          maxWaitTime: 200,
          minBytes: 1,
          maxBytes: 8 << 20,
          topics: [{ topic, partitions: partitions.map((partition) => ({ partition, fetchOffset: String(next.get(partition)), maxBytes: 1 << 20 })) }],
        })
      }))
      for (const res of answers) {
        for (const t of res.responses) {
          for (const p of t.partitions) {
            const from = next.get(p.partition)
            const to = stop.get(p.partition)
            if (from === undefined || to === undefined) continue
            if (p.errorCode !== 0) return { ok: false, message: `partition ${p.partition} answered error ${p.errorCode}` }
            let at = from
            for (const m of p.messages) {
              const off = Number(m.offset)
              // A fetch returns whole batches: skip what lies before `from` or past the planned end.
              if (off < from || off >= to) continue
              records.push({ partition: p.partition, key: m.key === null ? null : new Uint8Array(m.key), sizeBytes: (m.key?.length ?? 0) + (m.value?.length ?? 0) })
              at = off + 1
            }
            if (at > from) progressed = true
            if (at >= to || p.messages.length === 0) next.delete(p.partition)
            else next.set(p.partition, at)
          }
        }
      }
      if (!progressed) break
    }
    return { ok: true, records }
  } catch (e) {
    return { ok: false, message: (e instanceof Error ? e.message : String(e)).split('\n')[0]! }
  } finally {
    await cluster.disconnect().catch(() => undefined)
  }
}
