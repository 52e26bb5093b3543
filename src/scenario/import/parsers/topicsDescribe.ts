// `kafka-topics.sh --describe`: the shape of a topic on its brokers, as Kafka's TopicCommand prints
// it (TopicDescription / PartitionDescription.printDescription): one line per topic,
//   Topic: T  [TopicId: U]  PartitionCount: N  ReplicationFactor: R  Configs: k=v,k=v
// (Configs lists only values that are not Kafka's defaults) and one line per partition,
//   Topic: T  Partition: P  Leader: L|none  Replicas: a,b,c  Isr: a,b  [Adding Replicas: …
//   Removing Replicas: …]  [Elr: …  LastKnownElr: …]  (Elr since KIP-966)
// separated by tabs. Older tools wrote `Topic:T` without the space; a terminal paste often turns
// the tabs into spaces, so fields are found by their `Name:` labels, not by tab. The
// `--under-replicated-partitions` style outputs print partition lines without a topic line.
// Internal topics (`__consumer_offsets`) are skipped, but their replicas still name brokers. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, readCount, readPartition, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'
import { isChatter, toolNote } from './table.ts'

const LABELS = /(?:^|\s)(TopicId|Topic|PartitionCount|ReplicationFactor|Configs|Partition|Leader|Adding Replicas|Removing Replicas|Replicas|Isr|LastKnownElr|Elr|Offline):/g

/** The `Name: value` pairs of one line; `Configs` takes the rest of the line (it is printed last). */
function labelled(t: string): Map<string, string> {
  const found: Array<{ key: string; start: number; end: number }> = []
  LABELS.lastIndex = 0
  for (let m = LABELS.exec(t); m; m = LABELS.exec(t)) {
    found.push({ key: m[1]!, start: m.index, end: m.index + m[0].length })
    if (m[1] === 'Configs') break
  }
  const out = new Map<string, string>()
  found.forEach((f, i) => {
    if (!out.has(f.key)) out.set(f.key, t.slice(f.end, i + 1 < found.length ? found[i + 1]!.start : t.length).trim())
  })
  return out
}

function idList(raw: string, line: number, what: string): number[] {
  if (raw === '' || raw === 'N/A') return []
  return raw.split(',').map((x) => readCount(x.trim(), line, what))
}

export function parseTopicsDescribe(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'topics')
  const brokers = new Set<number>()
  let read = 0
  const internal = new Set<string>()
  let said: string | undefined
  lines.forEach((raw, i) => {
    const line = i + 1
    const t = raw.trim()
    if (isChatter(t) || /^\S*kafka-topics(\.sh)?\s/.test(t)) return
    const note = toolNote(t)
    if (note) {
      said ??= note
      b.note(note)
      return
    }
    const kv = labelled(t)
    const topic = kv.get('Topic')
    if (!/^Topic:/.test(t) || topic === undefined || topic === '') {
      throw new ImportError(line, `expected a line 'Topic: NAME …' as kafka-topics.sh --describe prints, found '${shown(t)}'${said ? ` (${said})` : ''}`)
    }
    const name = topic
    const isInternal = name.startsWith('__')
    read++
    if (!kv.has('Partition')) {
      // The topic's own line.
      if (isInternal) {
        internal.add(name)
        return
      }
      const count = kv.get('PartitionCount')
      if (count === undefined) throw new ImportError(line, `topic '${shown(name)}': no 'PartitionCount:' on its line (cut short?)`)
      b.setPartitionCount(name, readCount(count, line, 'PartitionCount'), line)
      const rf = kv.get('ReplicationFactor')
      if (rf !== undefined && rf !== '') b.setTopicNumber(name, 'replicationFactor', readCount(rf, line, 'ReplicationFactor'))
      const minIsr = /(?:^|,)min\.insync\.replicas=(\d+)(?:,|$)/.exec(kv.get('Configs') ?? '')
      if (minIsr) b.setTopicNumber(name, 'minInsyncReplicas', readCount(minIsr[1]!, line, 'min.insync.replicas'))
      return
    }
    // A partition's line: every field up to Isr is always printed; a line without one was cut.
    for (const k of ['Leader', 'Replicas', 'Isr']) {
      if (!kv.has(k)) throw new ImportError(line, `topic '${shown(name)}' partition line has no '${k}:' (cut short?): '${shown(t, 60)}'`)
    }
    const partition = readPartition(kv.get('Partition')!, line)
    const replicas = idList(kv.get('Replicas')!, line, 'replica id')
    const isr = idList(kv.get('Isr')!, line, 'ISR id')
    for (const r of replicas) brokers.add(r)
    if (isInternal) {
      internal.add(name)
      return
    }
    const leader = kv.get('Leader')!
    if (leader === 'none' || leader === '-1') b.note(`${name}-${partition} has no leader`)
    else b.set(name, partition, 'leader', readCount(leader, line, 'Leader'), line)
    b.set(name, partition, 'replicas', replicas, line)
    b.set(name, partition, 'isr', isr, line)
  })
  if (read === 0) {
    throw new ImportError(1, `no 'Topic: …' lines found (kafka-topics.sh --describe prints one per topic and partition)${said ? ` (${said})` : ''}`)
  }
  for (const id of [...brokers].sort((a, c) => a - c)) b.facts.brokers.push({ id })
  if (brokers.size > 0) b.facts.provenance.brokers = b.provenance('derived', 'the brokers that hold a replica of the topics listed')
  if (internal.size > 0) b.note(`${internal.size} internal topic(s) (${[...internal].slice(0, 2).join(', ')}) skipped; their replicas still count as brokers`)
  return b.finish()
}
