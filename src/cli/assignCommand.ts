// The `assign` CLI command: runs one of Kafka's consumer partition assignors on JSON requests.
// Pure: a function of (args, stdin) only. It reads no files, environment or clock; the caller
// (src/cli/main.ts) does the I/O and exits with `code`.

import {
  ASSIGNOR_NAMES,
  DEFAULT_GENERATION,
  getAssignor,
  isAssignorName,
  type AssignmentRequest,
  type Assignor,
  type AssignorMember,
  type TopicPartition,
} from '../kafka/assignors/assignor.ts'

export interface CommandOutput {
  stdout: string
  stderr: string
  code: number
}

export const ASSIGN_USAGE = `usage: assign --assignor NAME [--jsonl]
  NAME     one of: ${ASSIGNOR_NAMES.join(', ')}
  stdin    {"topics": {"orders": 12}, "members": [{"memberId": "c1", "topics": ["orders"],
            "groupInstanceId": null, "owned": [["orders", 0]], "generation": 3}]}
           groupInstanceId, owned and generation are optional (null, [], -1)
  --jsonl  one request per input line, one result per output line (blank lines skipped)
  output   {"c1": [["orders", 0], ...], ...}: every member, partitions sorted by topic then number
`

const MAX_PARTITIONS_PER_TOPIC = 1_000_000
const MAX_ERRORS = 20
const MEMBER_FIELDS = new Set(['memberId', 'groupInstanceId', 'topics', 'owned', 'generation'])

const usageError = (message: string): CommandOutput => ({ stdout: '', stderr: `assign: ${message}\n${ASSIGN_USAGE}`, code: 2 })

/**
 * `assign --assignor NAME [--jsonl]`. Exit codes: 0 ok, 2 bad arguments or input (nothing is
 * written to stdout then), 1 an assignor failed internally.
 */
export function runAssign(args: readonly string[], stdin: string): CommandOutput {
  const rest = args[0] === 'assign' ? args.slice(1) : [...args]
  let name: string | undefined
  let jsonl = false
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? ''
    if (arg === '--help' || arg === '-h') return { stdout: ASSIGN_USAGE, stderr: '', code: 0 }
    if (arg === '--jsonl') jsonl = true
    else if (arg === '--assignor') {
      name = rest[++i]
      if (name === undefined) return usageError('--assignor needs a value')
    } else if (arg.startsWith('--assignor=')) name = arg.slice('--assignor='.length)
    else return usageError(`unknown argument "${arg}"`)
  }
  if (name === undefined) return usageError('missing --assignor NAME')
  if (!isAssignorName(name)) return usageError(`unknown assignor "${name}" (expected one of: ${ASSIGNOR_NAMES.join(', ')})`)
  const assignor = getAssignor(name)

  const documents: { where: string; text: string }[] = jsonl
    ? stdin.split(/\r?\n/).flatMap((text, i) => (text.trim() === '' ? [] : [{ where: `line ${i + 1}: `, text }]))
    : [{ where: '', text: stdin }]
  if (!jsonl && stdin.trim() === '') return { stdout: '', stderr: 'input is empty: expected a JSON request on stdin\n', code: 2 }

  const errors: string[] = []
  const requests: { where: string; request: AssignmentRequest }[] = []
  for (const doc of documents) {
    const parsed = parseRequest(doc.text)
    if (typeof parsed === 'string' || Array.isArray(parsed)) {
      errors.push(...(Array.isArray(parsed) ? parsed : [parsed]).map((e) => doc.where + e))
    } else {
      requests.push({ where: doc.where, request: parsed })
    }
  }
  if (errors.length > 0) {
    const shown = errors.slice(0, MAX_ERRORS)
    if (errors.length > shown.length) shown.push(`... and ${errors.length - shown.length} more`)
    return { stdout: '', stderr: shown.join('\n') + '\n', code: 2 }
  }
  return runRequests(assignor, requests)
}

function runRequests(assignor: Assignor, requests: readonly { where: string; request: AssignmentRequest }[]): CommandOutput {
  const lines: string[] = []
  for (const { where, request } of requests) {
    try {
      lines.push(JSON.stringify(assignor.assign(request).assignment))
    } catch (e) {
      return { stdout: '', stderr: `${where}${assignor.name} assignor failed: ${e instanceof Error ? e.message : String(e)}\n`, code: 1 }
    }
  }
  return { stdout: lines.map((l) => l + '\n').join(''), stderr: '', code: 0 }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const key = (base: string, name: string): string => (/^[A-Za-z0-9_-]+$/.test(name) ? `${base}.${name}` : `${base}[${JSON.stringify(name)}]`)
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

/** Parses and checks one request. Returns the request, or the error messages naming what and where. */
function parseRequest(text: string): AssignmentRequest | string | string[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return `invalid JSON: ${e instanceof Error ? e.message : String(e)}`
  }
  if (!isObject(value)) return 'must be a JSON object with "topics" and "members"'
  const errors: string[] = []
  for (const k of Object.keys(value)) if (k !== 'topics' && k !== 'members') errors.push(`${k}: unknown field (expected "topics" and "members")`)

  const topics: [string, number][] = []
  if (!isObject(value.topics)) errors.push('topics: must be an object mapping topic names to partition counts')
  else {
    for (const [name, n] of Object.entries(value.topics)) {
      if (name === '') errors.push('topics: topic names must not be empty')
      else if (!isIndex(n) || n > MAX_PARTITIONS_PER_TOPIC) {
        errors.push(`${key('topics', name)}: must be a partition count from 0 to ${MAX_PARTITIONS_PER_TOPIC} (got ${JSON.stringify(n)})`)
      } else topics.push([name, n])
    }
  }

  const members: AssignorMember[] = []
  if (!Array.isArray(value.members)) errors.push('members: must be an array of members')
  else {
    const ids = new Map<string, number>()
    const instances = new Map<string, number>()
    value.members.forEach((raw: unknown, i: number) => {
      const m = parseMember(raw, `members[${i}]`, errors)
      if (m === null) return
      const sameId = ids.get(m.memberId)
      if (sameId !== undefined) errors.push(`members[${i}].memberId: duplicate member id ${JSON.stringify(m.memberId)} (also members[${sameId}])`)
      ids.set(m.memberId, i)
      if (m.groupInstanceId !== null) {
        const sameInstance = instances.get(m.groupInstanceId)
        if (sameInstance !== undefined) {
          errors.push(`members[${i}].groupInstanceId: duplicate group.instance.id ${JSON.stringify(m.groupInstanceId)} (also members[${sameInstance}])`)
        }
        instances.set(m.groupInstanceId, i)
      }
      members.push(m)
    })
  }
  return errors.length > 0 ? errors : { topics: Object.fromEntries(topics), members }
}

function parseMember(raw: unknown, at: string, errors: string[]): AssignorMember | null {
  if (!isObject(raw)) {
    errors.push(`${at}: must be an object with "memberId" and "topics"`)
    return null
  }
  const before = errors.length
  for (const k of Object.keys(raw)) if (!MEMBER_FIELDS.has(k)) errors.push(`${key(at, k)}: unknown field (expected ${[...MEMBER_FIELDS].join(', ')})`)
  const { memberId, groupInstanceId = null, topics, owned = [], generation = DEFAULT_GENERATION } = raw
  if (typeof memberId !== 'string' || memberId === '') errors.push(`${at}.memberId: must be a non-empty string`)
  if (groupInstanceId !== null && (typeof groupInstanceId !== 'string' || groupInstanceId === '')) {
    errors.push(`${at}.groupInstanceId: must be a non-empty string or null`)
  }
  if (!Array.isArray(topics) || !topics.every((t) => typeof t === 'string' && t !== '')) errors.push(`${at}.topics: must be an array of strings`)
  if (!Number.isSafeInteger(generation) || (generation as number) < DEFAULT_GENERATION) {
    errors.push(`${at}.generation: must be an integer, -1 when unknown`)
  }
  const ownedList: TopicPartition[] = []
  if (!Array.isArray(owned)) errors.push(`${at}.owned: must be an array of [topic, partition] pairs`)
  else {
    const seen = new Set<string>()
    owned.forEach((pair: unknown, j: number) => {
      if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || pair[0] === '' || !isIndex(pair[1])) {
        errors.push(`${at}.owned[${j}]: must be a [topic, partition] pair with a non-negative integer partition (got ${JSON.stringify(pair)})`)
        return
      }
      const tp: TopicPartition = [pair[0], pair[1]]
      const label = `${tp[0]}-${tp[1]}`
      if (seen.has(JSON.stringify(tp))) errors.push(`${at}.owned[${j}]: duplicate partition ${label}`)
      seen.add(JSON.stringify(tp))
      ownedList.push(tp)
    })
  }
  if (errors.length > before) return null
  return {
    memberId: memberId as string,
    groupInstanceId: groupInstanceId as string | null,
    topics: topics as string[],
    owned: ownedList,
    generation: generation as number,
  }
}
