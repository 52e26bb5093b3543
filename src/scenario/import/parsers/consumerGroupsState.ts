// `kafka-consumer-groups.sh --describe --state [--verbose]`: per group the coordinator, the
// assignment strategy, the state and the member count (ConsumerGroupCommand.printStates: GROUP
// COORDINATOR (ID) ASSIGNMENT-STRATEGY STATE [GROUP-EPOCH TARGET-ASSIGNMENT-EPOCH] #MEMBERS; the
// coordinator printed `host:port  (id)`). A group of the new protocol (KIP-848) shows the
// server-side assignor (`uniform`, `range`) and has epochs. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, readCount, shown } from './common.ts'
import { UNNAMED_GROUP } from './consumerGroups.ts'
import { FactsBuilder } from './facts.ts'
import { groupMessage, isChatter, toolNote, readHeader, readRow, requireColumns, type TableHeader } from './table.ts'

/** Kafka's group states as `GroupState.toString()` prints them. */
const STATES = new Set([
  'Stable',
  'PreparingRebalance',
  'CompletingRebalance',
  'Empty',
  'Dead',
  'Assigning',
  'Reconciling',
  'Unknown',
])

export function parseConsumerGroupsState(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'consumer-groups-state')
  let header: TableHeader | undefined
  let lastMessageGroup: string | undefined
  lines.forEach((raw, i) => {
    const line = i + 1
    const t = raw.trim()
    if (isChatter(t)) return
    const msg = groupMessage(t)
    if (msg) {
      lastMessageGroup = msg.group
      if (msg.kind === 'missing') b.note(`group '${msg.group}' does not exist`)
      return
    }
    const said = toolNote(t)
    if (said) {
      b.note(said)
      return
    }
    if (/\bCOORDINATOR\b/.test(t) && /\bSTATE\b/.test(t)) {
      header = readHeader(raw, line)
      requireColumns(header, ['COORDINATOR (ID)', 'STATE', '#MEMBERS'])
      return
    }
    if (!header) throw new ImportError(line, `expected the header 'GROUP COORDINATOR (ID) ASSIGNMENT-STRATEGY STATE #MEMBERS' before '${shown(t)}'`)
    let row: Record<string, string>
    try {
      row = readRow(header, raw, line, false)
    } catch (e) {
      // An Empty group of older versions prints an empty ASSIGNMENT-STRATEGY (blank, not '-').
      const short = header.columns.filter((c) => c !== 'ASSIGNMENT-STRATEGY')
      if (short.length === header.columns.length) throw e
      row = readRow({ ...header, columns: short }, raw.replace(/\t/g, ' '), line, false)
      row['ASSIGNMENT-STRATEGY'] = '-'
    }
    const group = row.GROUP ?? lastMessageGroup ?? UNNAMED_GROUP
    b.group(group)
    const state = row.STATE!
    if (!STATES.has(state)) throw new ImportError(line, `STATE '${shown(state)}' is not a Kafka group state`)
    b.setGroupField(group, 'state', state)
    const strategy = row['ASSIGNMENT-STRATEGY']
    if (strategy !== undefined && strategy !== '-' && strategy !== '') b.setGroupField(group, 'assignor', strategy)
    const coord = /\((-?\d+)\)\s*$/.exec(row['COORDINATOR (ID)']!)
    if (coord && coord[1] !== '-1') b.setCoordinator(group, readCount(coord[1]!, line, 'coordinator id'))
    if (row['GROUP-EPOCH'] !== undefined) {
      // Only groups of the consumer protocol (KIP-848) have a group epoch on --state --verbose.
      b.setGroupField(group, 'protocol', row['GROUP-EPOCH'] === '-' ? 'classic' : 'consumer')
    }
    const members = readCount(row['#MEMBERS']!, line, '#MEMBERS')
    b.setMemberCount(group, members)
    b.note(`group '${group}': ${members} member${members === 1 ? '' : 's'}, state ${state}`)
  })
  if (!header && lastMessageGroup === undefined) {
    const said = lines.map((l) => toolNote(l.trim())).find((x) => x !== undefined)
    throw new ImportError(1, `no 'GROUP COORDINATOR (ID) ASSIGNMENT-STRATEGY STATE #MEMBERS' table found${said ? ` (${said})` : ''}`)
  }
  return b.finish()
}
