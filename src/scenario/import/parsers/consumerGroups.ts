// `kafka-consumer-groups.sh --describe [--verbose]` (the offsets table): per partition the group's
// committed offset, the log-end offset, the lag and the owning member. Column set from Kafka's
// ConsumerGroupCommand.printOffsets: GROUP TOPIC PARTITION [LEADER-EPOCH] CURRENT-OFFSET
// LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID; before Kafka 2.0 there was no GROUP column.
// Several groups (each with its own header) may follow one another (`--all-groups`): a topic keeps
// one group's offsets, the first printed with members on it. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, readOptionalCount, readPartition, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'
import { groupMessage, isChatter, toolNote, readHeader, readRow, requireColumns, type TableHeader } from './table.ts'

/** Group id used when the output has no GROUP column (Kafka before 2.0). */
export const UNNAMED_GROUP = 'group'

export function parseConsumerGroups(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'consumer-groups')
  let header: TableHeader | undefined
  let rows = 0
  let lastMessageGroup: string | undefined
  const offsets: OffsetsRow[] = []
  // The tool's own error (a timeout, a missing group), when its stack trace follows instead of a table.
  let toolError: { line: number; text: string } | undefined
  lines.forEach((raw, i) => {
    const line = i + 1
    const t = raw.trim()
    if (isChatter(t)) return
    const msg = groupMessage(t)
    if (msg) {
      lastMessageGroup = msg.group
      if (msg.kind === 'empty') {
        b.setGroupField(msg.group, 'state', 'Empty')
        b.note(`group '${msg.group}' has no active members (Empty): its partitions have no owner`)
      } else if (msg.kind === 'rebalancing') {
        // PreparingRebalance or CompletingRebalance: the tool prints this warning for both.
        b.setGroupField(msg.group, 'state', 'PreparingRebalance')
        b.note(`group '${msg.group}' was rebalancing when this was printed`)
      }
      else b.note(`group '${msg.group}' does not exist`)
      return
    }
    const said = toolNote(t)
    if (said) {
      if (!header && toolError === undefined && /^(Error|ERROR):/.test(t)) toolError = { line, text: t }
      b.note(said)
      return
    }
    if (/\bCURRENT-OFFSET\b/.test(t) && /\bPARTITION\b/.test(t)) {
      header = readHeader(raw, line)
      requireColumns(header, ['TOPIC', 'PARTITION', 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'CONSUMER-ID'])
      return
    }
    if (!header) {
      if (toolError) throw new ImportError(toolError.line, `the tool printed an error instead of the table: '${shown(toolError.text, 200)}'`)
      throw new ImportError(line, `expected the header 'GROUP TOPIC PARTITION CURRENT-OFFSET …' before '${shown(t)}'`)
    }
    const row = readRow(header, raw, line, header.columns[header.columns.length - 1] === 'CLIENT-ID')
    rows++
    const group = row.GROUP ?? lastMessageGroup ?? UNNAMED_GROUP
    if (row.GROUP === undefined && lastMessageGroup === undefined && rows === 1) {
      b.note(`the table has no GROUP column (Kafka before 2.0): the group is called '${UNNAMED_GROUP}'`)
    }
    b.group(group)
    const consumer = row['CONSUMER-ID']!
    if (consumer !== '-') {
      const m = b.member(group, consumer)
      const host = row.HOST
      if (host !== undefined && host !== '-') m.host = host.replace(/^\//, '')
      const client = row['CLIENT-ID']
      if (client !== undefined && client !== '-') m.clientId = client
    }
    const topic = row.TOPIC!
    if (topic === '-') return // a member with no partitions (printed with '-' for topic and partition)
    const partition = readPartition(row.PARTITION!, line)
    const logEnd = readOptionalCount(row['LOG-END-OFFSET']!, line, 'LOG-END-OFFSET')
    if (logEnd !== undefined) b.set(topic, partition, 'logEndOffset', logEnd, line)
    else b.partition(topic, partition, line)
    offsets.push({ topic, partition, group, consumer, committed: row['CURRENT-OFFSET']!, lag: row.LAG!, line })
  })
  // Only an empty or missing group prints no table; anything else without one is not this format.
  if (!header && lastMessageGroup === undefined) {
    const said = lines.map((l) => toolNote(l.trim())).find((x) => x !== undefined)
    throw new ImportError(1, `no 'GROUP TOPIC PARTITION CURRENT-OFFSET …' table found${said ? ` (${said})` : ''}`)
  }
  const chosen = offsetGroups(offsets)
  const otherGroupNoted = new Set<string>()
  for (const o of offsets) {
    const { topic, partition, group, consumer, line } = o
    const bound = chosen.get(topic)!
    if (group !== bound.group) {
      // ImportedPartition holds one group's offsets: the group with members on the topic keeps it.
      if (!otherGroupNoted.has(`${topic}\u0000${group}`)) {
        otherGroupNoted.add(`${topic}\u0000${group}`)
        const why = bound.group === bound.first ? '' : `: the first group printed with members on it`
        b.note(`topic '${topic}' is also read by group '${group}'; its offsets are not used (group '${bound.group}' is${why})`)
      }
      continue
    }
    if (b.topic(topic).group === undefined) b.setTopicGroup(topic, group)
    const committed = readOptionalCount(o.committed, line, 'CURRENT-OFFSET')
    if (committed !== undefined) b.set(topic, partition, 'committedOffset', committed, line)
    if (/^-\d+$/.test(o.lag)) {
      // A commit past the log end (after a truncation, or an unclean leader election) prints a
      // negative LAG; the simulator's backlog cannot be negative.
      b.set(topic, partition, 'lag', 0, line, 'measured', `LAG ${o.lag} (commit past the log end) read as 0`)
    } else {
      const lag = readOptionalCount(o.lag, line, 'LAG')
      if (lag !== undefined) b.set(topic, partition, 'lag', lag, line)
      else if (committed === undefined) b.note(`${topic}-${partition}: no committed offset ('-'), lag unknown`)
    }
    if (consumer !== '-') {
      b.set(topic, partition, 'owner', consumer, line)
      b.member(group, consumer).assignment.push({ topic, partition })
    }
  }
  return b.finish()
}

interface OffsetsRow {
  topic: string
  partition: number
  group: string
  consumer: string
  committed: string
  lag: string
  line: number
}

/**
 * Per topic, the group whose offsets the partitions carry: the first group printed with a member on
 * the topic, else the first printed. `--describe --all-groups` prints groups in the broker's listing
 * order, so an Empty group (an old app, a console consumer) may come first: its offsets must not
 * stand in for the group that is running (`first`: the first group printed, for the note).
 */
function offsetGroups(rows: readonly OffsetsRow[]): Map<string, { group: string; first: string }> {
  const out = new Map<string, { group: string; first: string; active: boolean }>()
  for (const r of rows) {
    const seen = out.get(r.topic)
    if (seen === undefined) out.set(r.topic, { group: r.group, first: r.group, active: r.consumer !== '-' })
    else if (!seen.active && r.consumer !== '-') out.set(r.topic, { group: r.group, first: seen.first, active: true })
  }
  return out
}
