// `kafka-log-dirs.sh --describe`: two human lines ("Querying brokers for log directories
// information", "Received log directory information from brokers 0,1,2"), then one JSON document
// {"version":1,"brokers":[{"broker":0,"logDirs":[{"logDir":…,"error":null,"partitions":[{"partition":
// "orders-0","size":1234,"offsetLag":0,"isFuture":false}]}]}]}. A partition is named
// `<topic>-<n>` (topic names may contain '-': the number is after the last one). Every replica
// reports a size; the largest is kept (replicas that lag hold less). Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, isRecord, jsonCount, lineAt, parseJson, readPartition, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'

export function parseLogDirs(text: string, source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'log-dirs')
  const start = text.indexOf('{')
  if (start < 0) throw new ImportError(1, 'no JSON document (the third line of kafka-log-dirs.sh --describe) found')
  const line = lineAt(text, start)
  const doc = parseJson(text.slice(start), line, 'the log-dirs JSON', (n) => b.note(n))
  if (!isRecord(doc) || !Array.isArray(doc.brokers)) throw new ImportError(line, 'the log-dirs JSON has no "brokers" list')
  const sizes = new Map<string, { topic: string; partition: number; size: number; replicas: number }>()
  for (const br of doc.brokers) {
    if (!isRecord(br) || !Array.isArray(br.logDirs)) throw new ImportError(line, 'a broker entry needs "broker" and "logDirs"')
    const brokerId = jsonCount(br.broker, line, 'broker')
    if (!b.facts.brokers.some((x) => x.id === brokerId)) b.facts.brokers.push({ id: brokerId })
    for (const dir of br.logDirs) {
      if (!isRecord(dir)) throw new ImportError(line, `broker ${brokerId}: a log dir entry is not an object`)
      if (typeof dir.error === 'string' && dir.error !== '') {
        b.note(`broker ${brokerId} log dir ${shown(String(dir.logDir))}: ${shown(dir.error, 80)}`)
      }
      if (!Array.isArray(dir.partitions)) continue
      for (const p of dir.partitions) {
        if (!isRecord(p) || typeof p.partition !== 'string') throw new ImportError(line, `broker ${brokerId}: a partition entry needs "partition"`)
        if (p.isFuture === true) continue // a replica being moved between dirs, counted where it is now
        const m = /^(.+)-(\d+)$/.exec(p.partition)
        if (!m) throw new ImportError(line, `'${shown(p.partition)}' is not '<topic>-<partition>'`)
        const topic = m[1]!
        if (topic.startsWith('__')) continue
        const partition = readPartition(m[2]!, line)
        const size = jsonCount(p.size, line, `size of ${shown(p.partition)}`)
        const k = `${topic}\u0000${partition}`
        const had = sizes.get(k)
        if (!had) sizes.set(k, { topic, partition, size, replicas: 1 })
        else {
          had.size = Math.max(had.size, size)
          had.replicas++
        }
      }
    }
  }
  if (b.facts.brokers.length > 0) b.facts.provenance.brokers = b.provenance('measured')
  for (const s of sizes.values()) {
    const note = s.replicas > 1 ? `largest of ${s.replicas} replicas` : undefined
    b.set(s.topic, s.partition, 'sizeBytes', s.size, line, 'measured', note)
  }
  if (sizes.size === 0) b.note('the log dirs hold no partitions of user topics')
  return b.finish()
}
