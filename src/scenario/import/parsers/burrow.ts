// Burrow's consumer lag (GET /v3/kafka/<cluster>/consumer/<group>/lag): {error, message,
// status: {cluster, group, status, complete, partitions: [{topic, partition, owner, client_id,
// status, start: {offset, timestamp, observedAt?, lag}, end: {…}, current_lag, complete}],
// partition_count, maxlag, totallag}, request}. Burrow keeps a window of the group's commits per
// partition: `end` is the newest, `start` the oldest, so the two give a committed-offset rate
// (consumedPerSec) and, with their lags, a log-end rate (producedPerSec), both `derived`. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, isRecord, jsonCount, lineAt, parseJson, readPartition, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'

interface Reading {
  offset: number
  timestamp: number
  lag?: number
}

export function parseBurrow(text: string, source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'burrow')
  const start = text.search(/\S/)
  const line = start < 0 ? 1 : lineAt(text, start)
  const doc = parseJson(text, 1, 'the Burrow response', (n) => b.note(n))
  if (!isRecord(doc)) throw new ImportError(line, 'the Burrow response is a JSON object')
  if (doc.error === true) throw new ImportError(line, `Burrow answered an error: ${shown(String(doc.message), 80)}`)
  const st = doc.status
  if (!isRecord(st) || typeof st.group !== 'string' || !Array.isArray(st.partitions)) {
    throw new ImportError(line, 'the Burrow response has no status.group and status.partitions (use the /consumer/<group>/lag endpoint)')
  }
  const group = st.group
  b.group(group)
  if (typeof st.status === 'string') b.note(`Burrow rates group '${group}' ${shown(st.status)}`)
  let latest: number | undefined
  for (const p of st.partitions) {
    if (!isRecord(p) || typeof p.topic !== 'string') throw new ImportError(line, 'a partition entry needs "topic" and "partition"')
    const topic = p.topic
    const partition = readPartition(String(jsonCount(p.partition, line, 'partition')), line)
    const bound = b.topic(topic).group
    if (bound === undefined) b.setTopicGroup(topic, group)
    b.partition(topic, partition, line)
    const lag = jsonCount(p.current_lag ?? 0, line, `current_lag of ${topic}-${partition}`)
    b.set(topic, partition, 'lag', lag, line)
    const s = reading(p.start, line)
    const e = reading(p.end, line)
    if (e) {
      b.set(topic, partition, 'committedOffset', e.offset, line)
      if (e.lag !== undefined) b.set(topic, partition, 'logEndOffset', e.offset + e.lag, line, 'derived', 'last commit + its lag')
      if (latest === undefined || e.timestamp > latest) latest = e.timestamp
    }
    if (typeof p.owner === 'string' && p.owner !== '') {
      // Burrow's owner is the member's host; the client id names the member.
      const id = typeof p.client_id === 'string' && p.client_id !== '' ? p.client_id : p.owner
      const m = b.member(group, id)
      m.namedBy = id === p.owner ? 'host' : 'client-id'
      m.host = p.owner.replace(/^\//, '')
      if (typeof p.client_id === 'string' && p.client_id !== '') m.clientId = p.client_id
      m.assignment.push({ topic, partition })
      b.set(topic, partition, 'owner', id, line)
    }
    if (s && e && e.timestamp > s.timestamp) {
      const sec = (e.timestamp - s.timestamp) / 1000
      const note = `Burrow's commit window, ${Math.round(sec)} s`
      if (e.offset >= s.offset) b.set(topic, partition, 'consumedPerSec', round((e.offset - s.offset) / sec), line, 'derived', note)
      if (s.lag !== undefined && e.lag !== undefined && e.offset + e.lag >= s.offset + s.lag) {
        b.set(topic, partition, 'producedPerSec', round((e.offset + e.lag - (s.offset + s.lag)) / sec), line, 'derived', note)
      }
    }
  }
  if (latest !== undefined) b.facts.observedAtMs = latest
  if (st.partitions.length === 0) b.note(`Burrow shows no partitions for group '${group}'`)
  return b.finish()
}

function reading(v: unknown, line: number): Reading | undefined {
  if (!isRecord(v)) return undefined
  const r: Reading = { offset: jsonCount(v.offset, line, 'offset'), timestamp: jsonCount(v.timestamp, line, 'timestamp') }
  if (v.lag !== undefined) r.lag = jsonCount(v.lag, line, 'lag')
  return r
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000
}
