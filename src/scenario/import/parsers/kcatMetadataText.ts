// `kcat -L` without -J: cluster metadata as kcat.c's metadata_print writes it,
//   Metadata for all topics (from broker 1: kafka-1:9092/1):
//    3 brokers:
//     broker 1 at kafka-1:9092 (controller)
//    2 topics:
//     topic "orders" with 6 partitions:[ <topic error>[ (try again)]]
//       partition 0, leader 1, replicas: 1,2,3, isrs: 1,2[, <partition error>]
// Leader -1 means no leader. An architect pastes this more often than -J's one long line, and it
// was refused as "not recognised … read as consumer-groups". The facts are the ones parseKcatMetadata
// reads from -J (same format name). Internal topics (`__consumer_offsets`) are skipped. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, readCount, readPartition, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'
import { isChatter, toolNote } from './table.ts'

/** The first line kcat -L prints; detect.ts guesses the format from it. */
export const KCAT_METADATA_HEADER = /^\s*Metadata for .* \(from broker -?\d+: .*\):\s*$/m

const BROKERS = /^(\d+) brokers:$/
const BROKER = /^broker (\d+) at (.*):(\d+)( \(controller\))?$/
const TOPICS = /^(\d+) topics:$/
const TOPIC = /^topic "(.*)" with (\d+) partitions:(.*)$/
const PARTITION = /^partition (\d+), leader (-?\d+), replicas: ([\d,]*), isrs: ([\d,]*)(?:, (.*))?$/

function idList(raw: string, line: number, what: string): number[] {
  return raw === '' ? [] : raw.split(',').map((x) => readCount(x, line, what))
}

export function parseKcatMetadataText(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'kcat-metadata')
  let topic: string | undefined
  let internal = 0
  let skipping = false
  let read = 0
  lines.forEach((raw, i) => {
    const line = i + 1
    const t = raw.trim()
    // `% …` is kcat's own stderr (`% ERROR: Failed to acquire metadata …`), kept as a note.
    if (t.startsWith('%')) {
      b.note(`kcat printed: ${shown(t, 160)}`)
      return
    }
    if (isChatter(t) || /^\S*kcat\s|^\S*kafkacat\s/.test(t) || KCAT_METADATA_HEADER.test(t) || BROKERS.test(t) || TOPICS.test(t)) return
    const note = toolNote(t)
    if (note) {
      b.note(note)
      return
    }
    const br = BROKER.exec(t)
    if (br) {
      read++
      b.facts.brokers.push({ id: readCount(br[1]!, line, 'broker id'), host: br[2]!, port: Number(br[3]) })
      b.facts.provenance.brokers = b.provenance('measured')
      return
    }
    const tp = TOPIC.exec(t)
    if (tp) {
      read++
      const name = tp[1]!
      skipping = name.startsWith('__')
      if (skipping) {
        internal++
        topic = undefined
        return
      }
      topic = name
      b.setPartitionCount(name, readCount(tp[2]!, line, 'partition count'), line)
      const err = tp[3]!.trim()
      if (err !== '') b.note(`topic '${shown(name)}': ${shown(err, 80)}`)
      return
    }
    const pm = PARTITION.exec(t)
    if (pm) {
      read++
      if (skipping) return
      if (topic === undefined) throw new ImportError(line, `a partition line before any 'topic "NAME" with N partitions:' line: '${shown(t, 60)}'`)
      const id = readPartition(pm[1]!, line)
      b.partition(topic, id, line)
      const leader = Number(pm[2])
      if (leader < 0) b.note(`${topic}-${id} has no leader`)
      else b.set(topic, id, 'leader', readCount(pm[2]!, line, 'leader'), line)
      b.set(topic, id, 'replicas', idList(pm[3]!, line, 'replica id'), line)
      b.set(topic, id, 'isr', idList(pm[4]!, line, 'ISR id'), line)
      if (pm[5] !== undefined) b.note(`${topic}-${id}: ${shown(pm[5], 80)}`)
      return
    }
    const cut = /^(partition|topic|broker)\b/.test(t) ? ' (cut short?)' : ''
    throw new ImportError(line, `expected a kcat -L line ('broker N at HOST:PORT', 'topic "NAME" with N partitions:' or 'partition P, leader L, replicas: …, isrs: …')${cut}, found '${shown(t, 60)}'`)
  })
  if (read === 0) throw new ImportError(1, "no brokers, topics or partitions found (kcat -L prints 'Metadata for …' then one line for each)")
  if (internal > 0) b.note(`${internal} internal topic(s) (__consumer_offsets …) skipped`)
  return b.finish()
}
