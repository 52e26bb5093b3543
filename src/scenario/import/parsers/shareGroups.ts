// `kafka-share-groups.sh --describe [--verbose]` (a share group's offsets table, KIP-932): per
// partition the share-partition start offset (SPSO, where the group's in-flight window starts) and
// the lag. Column set from Kafka's ShareGroupCommand.printOffsets: GROUP TOPIC PARTITION
// [LEADER-EPOCH] START-OFFSET LAG, `-` for a missing value; several groups follow one another, a
// group with no offsets prints "Share group 'x' has no offset information." instead of its table.
// A share group has no owner per partition (several members read each one): owners come from
// `kafka-share-groups.sh --describe --members`, read like the consumer groups' members table. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, readOptionalCount, readPartition, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'
import { isChatter, readHeader, readRow, requireColumns, toolNote, type TableHeader } from './table.ts'

/** The stdout/stderr lines ShareGroupCommand prints instead of a group's table. */
function shareGroupMessage(t: string): { group: string; text: string } | undefined {
  const m = /^(?:Error: )?Share group '(.*)' (has no offset information|has no active members|does not exist)\.?$/.exec(t)
  return m ? { group: m[1]!, text: m[2]! } : undefined
}

export function parseShareGroups(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'share-groups')
  let header: TableHeader | undefined
  let messages = 0
  lines.forEach((raw, i) => {
    const line = i + 1
    const t = raw.trim()
    if (isChatter(t) || /^\S*kafka-share-groups(\.sh)?\s/.test(t)) return
    const msg = shareGroupMessage(t)
    if (msg) {
      messages++
      if (msg.text !== 'does not exist') b.setGroupField(msg.group, 'protocol', 'share')
      b.note(`share group '${msg.group}' ${msg.text}`)
      return
    }
    const said = toolNote(t)
    if (said) {
      b.note(said)
      return
    }
    if (/\bSTART-OFFSET\b/.test(t) && /\bPARTITION\b/.test(t)) {
      header = readHeader(raw, line)
      requireColumns(header, ['GROUP', 'TOPIC', 'PARTITION', 'START-OFFSET', 'LAG'])
      return
    }
    if (!header) throw new ImportError(line, `expected the header 'GROUP TOPIC PARTITION START-OFFSET LAG' before '${shown(t)}'`)
    const row = readRow(header, raw, line, false)
    const group = row.GROUP!
    // Kafka's group type: a share group (KIP-932), whatever the members paste says of it.
    b.setGroupField(group, 'protocol', 'share')
    const topic = row.TOPIC!
    const partition = readPartition(row.PARTITION!, line)
    b.partition(topic, partition, line)
    const bound = b.topic(topic).group
    if (bound !== undefined && bound !== group) {
      b.note(`topic '${topic}' is also read by share group '${group}'; its offsets are not used (group '${bound}' is)`)
      return
    }
    if (bound === undefined) b.setTopicGroup(topic, group)
    const start = readOptionalCount(row['START-OFFSET']!, line, 'START-OFFSET')
    if (start !== undefined) b.set(topic, partition, 'committedOffset', start, line, 'measured', 'the share-partition start offset (SPSO): every record below it is acknowledged or archived')
    const lag = readOptionalCount(row.LAG!, line, 'LAG')
    if (lag !== undefined) b.set(topic, partition, 'lag', lag, line)
    else b.note(`${topic}-${partition}: no share-partition state yet ('-'), lag unknown`)
  })
  if (!header && messages === 0) {
    const said = lines.map((l) => toolNote(l.trim())).find((x) => x !== undefined)
    throw new ImportError(1, `no 'GROUP TOPIC PARTITION START-OFFSET LAG' table found${said ? ` (${said})` : ''}`)
  }
  return b.finish()
}
