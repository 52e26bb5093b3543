// `kcat -L -J`: cluster metadata as kcat's json.c prints it: originating_broker, query,
// controllerid, brokers [{id, name: "host:port"}], topics [{topic, [error], partitions [{partition,
// [error], leader, replicas [{id}], isrs [{id}]}]}]. Leader -1 means no leader. Internal topics
// (`__consumer_offsets`, `__transaction_state`) are skipped. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, isRecord, jsonCount, jsonCountOrMinusOne, lineAt, parseJson, readPartition, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'

export function parseKcatMetadata(text: string, source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'kcat-metadata')
  const start = text.search(/\S/)
  const doc = parseJson(text, 1, 'kcat -L -J output', (n) => b.note(n))
  // Errors inside the document point at the line where it starts (JSON has no line numbers).
  const line = start < 0 ? 1 : lineAt(text, start)
  if (!isRecord(doc) || !Array.isArray(doc.topics) || !Array.isArray(doc.brokers)) {
    throw new ImportError(line, 'kcat -L -J output is an object with "brokers" and "topics"')
  }
  for (const br of doc.brokers) {
    if (!isRecord(br)) throw new ImportError(line, 'a broker entry is not an object')
    const id = jsonCount(br.id, line, 'broker id')
    const entry: ClusterFacts['brokers'][number] = { id }
    if (typeof br.name === 'string') {
      const m = /^(.*):(\d+)$/.exec(br.name)
      if (m) {
        entry.host = m[1]!
        entry.port = Number(m[2])
      } else entry.host = br.name
    }
    b.facts.brokers.push(entry)
  }
  if (b.facts.brokers.length > 0) b.facts.provenance.brokers = b.provenance('measured')
  let internal = 0
  for (const t of doc.topics) {
    if (!isRecord(t) || typeof t.topic !== 'string' || !Array.isArray(t.partitions)) {
      throw new ImportError(line, 'a topic entry needs "topic" and "partitions"')
    }
    const name = t.topic
    if (name.startsWith('__')) {
      internal++
      continue
    }
    if (typeof t.error === 'string') b.note(`topic '${shown(name)}': ${shown(t.error, 80)}`)
    b.setPartitionCount(name, t.partitions.length, line)
    for (const p of t.partitions) {
      if (!isRecord(p)) throw new ImportError(line, `topic '${shown(name)}': a partition entry is not an object`)
      const id = readPartition(String(jsonCount(p.partition, line, 'partition')), line)
      b.partition(name, id, line)
      const leader = jsonCountOrMinusOne(p.leader, line, `topic '${shown(name)}' partition ${id} leader`)
      if (leader !== undefined) b.set(name, id, 'leader', leader, line)
      else b.note(`${name}-${id} has no leader`)
      b.set(name, id, 'replicas', ids(p.replicas, line, name, id), line)
      b.set(name, id, 'isr', ids(p.isrs, line, name, id), line)
    }
  }
  if (internal > 0) b.note(`${internal} internal topic(s) (__consumer_offsets …) skipped`)
  return b.finish()
}

function ids(v: unknown, line: number, topic: string, p: number): number[] {
  if (v === undefined) return []
  if (!Array.isArray(v)) throw new ImportError(line, `topic '${shown(topic)}' partition ${p}: replicas/isrs is not a list`)
  return v.map((r) => jsonCount(isRecord(r) ? r.id : r, line, `topic '${shown(topic)}' partition ${p} replica id`))
}
