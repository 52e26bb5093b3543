// A record sample as `kcat -C -J` prints it: one JSON object per line with topic, partition,
// offset, tstype/ts, broker, [headers], key and payload (kcat's json.c: key and payload are strings
// or null). Builds a KeySample: each key's count and the partitions it was seen on, and the mean
// record size (UTF-8 bytes of key + payload). Lines kcat prints between records (`% Reached end
// of topic …` with -e) are skipped; keys decoded from Avro (JSON values) are counted by their
// JSON text. Pure.
import type { ClusterFacts, KeySampleEntry } from '../types.ts'
import { IMPORT_LIMITS, ImportError, isRecord, jsonCount, parseJson, readPartition, utf8Length } from './common.ts'
import { FactsBuilder } from './facts.ts'

export function parseKcatRecords(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'kcat-records')
  const keys = new Map<string | null, { count: number; partitions: Set<number> }>()
  const topics = new Map<string, number>()
  let records = 0
  let bytes = 0
  let sized = 0
  let sampleTopic: string | undefined
  let otherTopicRecords = 0
  let decoded = 0
  lines.forEach((raw, i) => {
    const line = i + 1
    const t = raw.trim()
    if (t === '' || t.startsWith('%')) return
    const v = parseJson(t, line, 'this record line', (n) => b.note(n), `line ${line}`)
    if (!isRecord(v)) throw new ImportError(line, 'a kcat -J record is a JSON object per line')
    if (typeof v.topic !== 'string' || v.topic === '') throw new ImportError(line, 'the record has no "topic"')
    const partition = readPartition(String(jsonCount(v.partition, line, 'partition')), line)
    if (v.offset !== undefined) jsonCount(v.offset, line, 'offset')
    if (!('key' in v)) throw new ImportError(line, 'the record has no "key" (kcat -J always prints one, null when keyless)')
    // A key kcat deserialized (-s key=avro) arrives as JSON: it is counted by its JSON text.
    const key = v.key === null || typeof v.key === 'string' ? v.key : JSON.stringify(v.key)
    if (key !== v.key) decoded++
    sampleTopic ??= v.topic
    topics.set(v.topic, (topics.get(v.topic) ?? 0) + 1)
    if (v.topic !== sampleTopic) {
      otherTopicRecords++
      return
    }
    records++
    let k = keys.get(key)
    if (!k) {
      if (keys.size >= IMPORT_LIMITS.maxKeys) throw new ImportError(line, `more than ${IMPORT_LIMITS.maxKeys} distinct keys; sample fewer records`)
      k = { count: 0, partitions: new Set() }
      keys.set(key, k)
    }
    k.count++
    k.partitions.add(partition)
    const payload = v.payload
    if (typeof payload === 'string' || payload === null) {
      bytes += (key === null ? 0 : utf8Length(key)) + (payload === null ? 0 : utf8Length(payload))
      sized++
    }
  })
  if (records === 0) throw new ImportError(1, 'no kcat -J records (one JSON object per line with topic, partition, key) found')
  const entries: KeySampleEntry[] = [...keys.entries()].map(([key, k]) => ({
    key,
    count: k.count,
    partitions: [...k.partitions].sort((a, c) => a - c),
  }))
  // Count descending, then key order, so the same sample always lists keys the same way.
  entries.sort((a, c) => c.count - a.count || cmpKey(a.key, c.key))
  b.facts.keySample = { topic: sampleTopic!, records, keys: entries }
  if (sized > 0) b.facts.keySample.meanRecordBytes = Math.round((bytes / sized) * 10) / 10
  const s = fitZipf(entries.filter((e) => e.key !== null).map((e) => e.count))
  if (s !== undefined) b.facts.keySample.zipfExponent = s
  b.facts.provenance.keySample = b.provenance('derived', `${records} records sampled, ${entries.length} distinct keys`)
  if (otherTopicRecords > 0) {
    b.note(`the sample also holds ${otherTopicRecords} records of ${topics.size - 1} other topic(s); only '${sampleTopic}' is counted`)
  }
  if (decoded > 0) {
    b.note(`${decoded} record key(s) were decoded JSON (kcat -s key=avro?): counted by their JSON text; real partitioning hashed the encoded bytes`)
  }
  const salted = entries.filter((e) => e.key !== null && e.partitions.length > 1).length
  if (salted > 0) b.note(`${salted} key(s) were seen on more than one partition (a custom partitioner, salting, or a repartitioned topic)`)
  return b.finish()
}

/**
 * Least-squares slope of log(count) against log(rank) for counts sorted descending, negated:
 * the s of count ∝ rank^-s. Undefined for fewer than 3 keys.
 */
export function fitZipf(counts: number[]): number | undefined {
  if (counts.length < 3) return undefined
  let sx = 0
  let sy = 0
  let sxx = 0
  let sxy = 0
  const n = counts.length
  counts.forEach((c, i) => {
    const x = Math.log(i + 1)
    const y = Math.log(c)
    sx += x
    sy += y
    sxx += x * x
    sxy += x * y
  })
  const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
  return Math.round(Math.max(0, -slope) * 100) / 100
}

function cmpKey(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return -1
  if (b === null) return 1
  return a < b ? -1 : 1
}
