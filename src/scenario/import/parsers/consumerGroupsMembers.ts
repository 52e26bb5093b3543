// `kafka-consumer-groups.sh --describe --members [--verbose]`: the group's members and, with
// --verbose, their assignment. Kafka 3.x+/4.x print GROUP CONSUMER-ID [GROUP-INSTANCE-ID] HOST
// CLIENT-ID #PARTITIONS and, verbose, CURRENT-EPOCH CURRENT-ASSIGNMENT TARGET-EPOCH
// TARGET-ASSIGNMENT [UPGRADED], assignments written `orders:0,1,2;billing:3`; older versions print
// one ASSIGNMENT column written `orders(0,1,2), billing(3)` (and before 2.0, no GROUP column).
// `-` means none. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, readCount, readPartition, shown } from './common.ts'
import { UNNAMED_GROUP } from './consumerGroups.ts'
import { FactsBuilder } from './facts.ts'
import { groupMessage, isChatter, toolNote, readHeader, readRow, requireColumns, type TableHeader } from './table.ts'

/** Reads `orders:0,1,2;billing:3`, `orders(0,1,2), billing(3)` or `-` into topic-partitions. */
export function readAssignment(raw: string, line: number): Array<{ topic: string; partition: number }> {
  const s = raw.trim()
  if (s === '-' || s === '') return []
  const out: Array<{ topic: string; partition: number }> = []
  const push = (topic: string, list: string): void => {
    if (topic === '') throw new ImportError(line, `assignment '${shown(s)}' names a partition list without a topic`)
    for (const p of list.split(',')) {
      const q = p.trim()
      if (q !== '') out.push({ topic, partition: readPartition(q, line) })
    }
  }
  if (/\(/.test(s)) {
    const re = /\s*([^\s(),]+)\(([^)]*)\)\s*(?:,|$)/y
    let at = 0
    while (at < s.length) {
      re.lastIndex = at
      const m = re.exec(s)
      if (!m) throw new ImportError(line, `assignment '${shown(s)}' is not like 'orders(0,1,2), billing(3)'`)
      push(m[1]!, m[2]!)
      at = re.lastIndex
    }
    return out
  }
  for (const part of s.split(';')) {
    const m = /^([^:]+):([\d,\s]*)$/.exec(part.trim())
    if (!m) throw new ImportError(line, `assignment '${shown(s)}' is not like 'orders:0,1,2;billing:3'`)
    push(m[1]!, m[2]!)
  }
  return out
}

export function parseConsumerGroupsMembers(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'consumer-groups-members')
  let header: TableHeader | undefined
  let lastMessageGroup: string | undefined
  let sawAssignment = false
  let sawMember = false
  lines.forEach((raw, i) => {
    const line = i + 1
    const t = raw.trim()
    if (isChatter(t)) return
    const msg = groupMessage(t)
    if (msg) {
      lastMessageGroup = msg.group
      if (msg.kind === 'empty') b.setGroupField(msg.group, 'state', 'Empty')
      else if (msg.kind === 'rebalancing') b.note(`group '${msg.group}' was rebalancing when this was printed`)
      else b.note(`group '${msg.group}' does not exist`)
      if (msg.kind !== 'missing') b.group(msg.group)
      return
    }
    const said = toolNote(t)
    if (said) {
      b.note(said)
      return
    }
    if (/\bCONSUMER-ID\b/.test(t) && /#PARTITIONS\b/.test(t)) {
      header = readHeader(raw, line)
      requireColumns(header, ['CONSUMER-ID', '#PARTITIONS'])
      return
    }
    if (!header) throw new ImportError(line, `expected the header 'GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS …' before '${shown(t)}'`)
    const last = header.columns[header.columns.length - 1]
    const row = readRow(header, raw, line, last === 'ASSIGNMENT' || last === 'CLIENT-ID')
    const group = row.GROUP ?? lastMessageGroup ?? UNNAMED_GROUP
    const m = b.member(group, row['CONSUMER-ID']!)
    sawMember = true
    const host = row.HOST
    if (host !== undefined && host !== '-' && host !== '') m.host = host.replace(/^\//, '')
    const client = row['CLIENT-ID']
    if (client !== undefined && client !== '-' && client !== '') m.clientId = client
    const instance = row['GROUP-INSTANCE-ID']
    if (instance !== undefined && instance !== '-' && instance !== '') m.instanceId = instance
    const count = readCount(row['#PARTITIONS']!, line, '#PARTITIONS')
    const assigned = row.ASSIGNMENT ?? row['CURRENT-ASSIGNMENT']
    if (assigned !== undefined) {
      sawAssignment = true
      m.assignment = readAssignment(assigned, line)
      if (m.assignment.length !== count) {
        b.note(`member ${shown(m.memberId)}: #PARTITIONS says ${count}, its assignment lists ${m.assignment.length}`)
      }
      for (const a of m.assignment) {
        b.set(a.topic, a.partition, 'owner', m.memberId, line)
        if (b.topic(a.topic).group === undefined) b.setTopicGroup(a.topic, group)
      }
      const target = row['TARGET-ASSIGNMENT']
      if (target !== undefined && target !== '-' && target.trim() !== assigned.trim()) {
        b.note(`member ${shown(m.memberId)} is moving to a new assignment (${shown(target, 80)}): the current one is used`)
      }
    }
  })
  // Kafka 2.x prints no table at all for an empty group, only its stderr line.
  if (!header && lastMessageGroup === undefined) {
    const said = lines.map((l) => toolNote(l.trim())).find((x) => x !== undefined)
    throw new ImportError(1, `no 'GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS' table found${said ? ` (${said})` : ''}`)
  }
  if (sawMember && !sawAssignment) {
    b.note('members listed without --verbose: who owns which partition is not shown (add --verbose)')
  }
  return b.finish()
}
