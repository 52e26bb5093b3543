// Column tables as kafka-consumer-groups.sh prints them (ConsumerGroupCommand: printf with widths
// set to the longest value, `-` for a missing value). Pastes lose the exact spacing (tabs, a
// terminal's wrapping, CRLF), so a row is read by whitespace first; the last column may hold spaces
// (a CLIENT-ID, the older `orders(0,1), billing(2)` ASSIGNMENT) and takes the rest of the line; a
// row with blank cells (an empty GROUP-INSTANCE-ID) is read by the header's column positions. Pure.
import { ImportError, fields, shown } from './common.ts'

export interface TableHeader {
  /** Column names as printed, `COORDINATOR (ID)` kept as one. */
  columns: string[]
  /** Where each column starts in the header line (for rows with blank cells). */
  starts: number[]
  line: number
}

const COORDINATOR = 'COORDINATOR (ID)'

/** Columns ConsumerGroupCommand may print as an empty string rather than '-'. */
const BLANKABLE = new Set(['GROUP-INSTANCE-ID', 'ASSIGNMENT-STRATEGY', 'HOST', 'CLIENT-ID'])

/** Reads a header line into columns and their start positions. */
export function readHeader(raw: string, line: number): TableHeader {
  const columns: string[] = []
  const starts: number[] = []
  const re = /\S+/g
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    if (m[0] === '(ID)' && columns[columns.length - 1] === 'COORDINATOR') {
      columns[columns.length - 1] = COORDINATOR
      continue
    }
    columns.push(m[0])
    starts.push(m.index)
  }
  return { columns, starts, line }
}

/** Cells of one row, keyed by column name. `lastTakesRest`: the last column may contain spaces. */
export function readRow(
  header: TableHeader,
  raw: string,
  line: number,
  lastTakesRest: boolean,
): Record<string, string> {
  const n = header.columns.length
  let tokens = fields(raw)
  if (header.columns.includes(COORDINATOR)) tokens = mergeCoordinator(tokens)
  let cells: string[] | undefined
  if (tokens.length === n) cells = tokens
  else if (tokens.length > n && lastTakesRest) cells = [...tokens.slice(0, n - 1), restFrom(raw, n - 1)]
  else if (tokens.length < n) cells = byPosition(header, raw)
  if (!cells) {
    throw new ImportError(
      line,
      // The line itself is quoted: a paste's stray last line (a shell prompt, `^C`) is then seen at once.
      `expected ${n} columns (${header.columns.join(' ')}) as in the header on line ${header.line}, found ${tokens.length}: '${shown(raw.trim())}'`,
    )
  }
  const row: Record<string, string> = {}
  header.columns.forEach((c, i) => {
    row[c] = cells[i]!
  })
  return row
}

/** The raw text from the `index`-th whitespace-separated token to the end (inner spacing kept). */
function restFrom(raw: string, index: number): string {
  const re = /\S+/g
  let m = re.exec(raw)
  for (let i = 0; m && i < index; i++) m = re.exec(raw)
  return m ? raw.slice(m.index).trimEnd() : ''
}

/** `broker1:9092  (1)` is one cell: the id in brackets belongs to the coordinator before it. */
function mergeCoordinator(tokens: string[]): string[] {
  const out: string[] = []
  for (const t of tokens) {
    if (/^\(-?\d+\)$/.test(t) && out.length > 0 && out[out.length - 1]!.includes(':')) out[out.length - 1] += ` ${t}`
    else out.push(t)
  }
  return out
}

/** Slices the row at the header's column starts; undefined when the row does not line up. */
function byPosition(header: TableHeader, raw: string): string[] | undefined {
  if (raw.includes('\t')) return undefined
  const { starts } = header
  const cells: string[] = []
  for (let i = 0; i < starts.length; i++) {
    const from = starts[i]!
    const to = i + 1 < starts.length ? starts[i + 1]! : raw.length
    // A cell must start on its column: the character before it is a space (or the line start).
    if (from > 0 && raw[from - 1] !== undefined && raw[from - 1] !== ' ') return undefined
    cells.push(raw.slice(from, to).trim())
  }
  // Only the columns Kafka prints as an empty string may be blank (an unset group.instance.id, an
  // Empty group's strategy); any other blank cell means the row does not line up with the header.
  if (header.columns.some((c, i) => cells[i] === '' && !BLANKABLE.has(c))) return undefined
  return cells
}

/** Requires the named columns in a header, or says which is missing. */
export function requireColumns(header: TableHeader, names: string[]): void {
  for (const c of names) {
    if (!header.columns.includes(c)) {
      throw new ImportError(header.line, `the header has no ${c} column (found: ${shown(header.columns.join(' '), 120)})`)
    }
  }
}

/** Lines the tool or the shell print around the tables that carry no facts. */
export function isChatter(t: string): boolean {
  return (
    t === '' ||
    t.startsWith('#') ||
    t.startsWith('$ ') ||
    /^\S*kafka-consumer-groups(\.sh)?\s/.test(t) ||
    /^\[[^\]]*\]\s+(WARN|INFO|DEBUG|TRACE)\b/.test(t) ||
    /^SLF4J:/.test(t)
  )
}

/** `Consumer group 'x' has no active members.` / `… is rebalancing.` / `… does not exist.` */
export function groupMessage(t: string): { group: string; kind: 'empty' | 'rebalancing' | 'missing' } | undefined {
  const m = /^(?:Warning: |Error: )?Consumer group '(.*)' (has no active members|is rebalancing|does not exist)\.?$/.exec(t)
  if (!m) {
    const e = /^(?:Error: )?The consumer group '(.*)' does not exist\.?$/.exec(t)
    return e ? { group: e[1]!, kind: 'missing' } : undefined
  }
  const kind = m[2] === 'has no active members' ? 'empty' : m[2] === 'is rebalancing' ? 'rebalancing' : 'missing'
  return { group: m[1]!, kind }
}

/** Any other `Error: …` / `Warning: …` line the tool printed (kept as a note, shortened). */
export function toolNote(t: string): string | undefined {
  return /^(Error|Warning|WARNING|ERROR):\s/.test(t) ? `the tool printed: ${t.length > 160 ? `${t.slice(0, 160)}…` : t}` : undefined
}
