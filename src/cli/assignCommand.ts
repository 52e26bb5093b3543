// The `assign` CLI command: runs one of Kafka's consumer partition assignors on JSON requests.
// Pure: a function of (args, stdin) only. It reads no files, environment or clock; the caller
// (src/cli/main.ts) does the I/O and exits with `code`.

import {
  ASSIGNOR_NAMES,
  DEFAULT_GENERATION,
  getAssignor,
  isAssignorName,
  type AssignmentRequest,
  type AssignorName,
  type Assignor,
  type AssignorMember,
  type TopicPartition,
} from '../kafka/assignors/assignor.ts'
import { jsonProblem } from '../scenario/jsonProblem.ts'

export interface CommandOutput {
  stdout: string
  stderr: string
  code: number
}

export const ASSIGN_USAGE = `usage: highway assign --assignor NAME [--jsonl]
  NAME     one of: ${ASSIGNOR_NAMES.join(', ')}
  stdin    {"topics": {"orders": 12}, "members": [{"memberId": "c1", "topics": ["orders"],
            "groupInstanceId": null, "owned": [["orders", 0]], "generation": 3}]}
           groupInstanceId, owned and generation are optional (null, [], -1)
           "load": {"orders": [w0, w1, ...]} is optional: each partition's weight (lag + 60 s of its
           rate) for lag-aware, which is not built into Kafka; the other assignors ignore it
  --jsonl  one request per input line, one result per output line (blank lines skipped)
  output   {"c1": [["orders", 0], ...], ...}: every member, partitions sorted by topic then number
`

/**
 * Bounds on one request (and on a --jsonl run), so that no input, however small, can make the
 * assignors run for minutes or fill memory: 10 topics of 10⁶ partitions (1.2 KB of JSON) took 45 s
 * and 1.7 GB. At these limits every assignor answers within a few seconds in ~200 MB.
 */
export const ASSIGN_LIMITS = {
  /** Partitions over all topics of a request (Kafka's own guidance is ~200 000 per cluster). */
  partitions: 100_000,
  topics: 10_000,
  /** Members of one group. */
  members: 10_000,
  /** Topic subscriptions over all members. */
  subscriptions: 1_000_000,
  /** Owned partitions listed over all members. */
  owned: 1_000_000,
  /** Partitions over all requests of one --jsonl run. */
  partitionsPerRun: 1_000_000,
} as const
const MAX_ERRORS = 20
const MEMBER_FIELDS = new Set(['memberId', 'groupInstanceId', 'topics', 'owned', 'generation'])

const usageError = (message: string): CommandOutput => ({ stdout: '', stderr: `assign: ${message} (see highway assign --help)\n`, code: 2 })

type AssignArgs = { name: AssignorName; jsonl: boolean }

/** The arguments alone: the parsed options, or the output to give without reading stdin (an error, or --help). */
function parseAssignArgs(args: readonly string[]): AssignArgs | CommandOutput {
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
  return { name, jsonl }
}

/** What `assign` answers from its arguments alone (bad arguments, --help), or null when it needs stdin. */
export function checkAssignArgs(args: readonly string[]): CommandOutput | null {
  const a = parseAssignArgs(args)
  return 'code' in a ? a : null
}

/**
 * `assign --assignor NAME [--jsonl]`. Exit codes: 0 ok, 2 bad arguments or input (nothing is
 * written to stdout then), 1 an assignor failed internally.
 */
export function runAssign(args: readonly string[], stdin: string): CommandOutput {
  const a = parseAssignArgs(args)
  if ('code' in a) return a
  const assignor = getAssignor(a.name)

  const documents: { where: string; text: string }[] = a.jsonl
    ? stdin.split(/\r?\n/).flatMap((text, i) => (text.trim() === '' ? [] : [{ where: `line ${i + 1}: `, text }]))
    : [{ where: '', text: stdin }]
  if (!a.jsonl && stdin.trim() === '') return { stdout: '', stderr: 'assign: input is empty: expected a JSON request on stdin\n', code: 2 }

  const errors: string[] = []
  const requests: { where: string; request: AssignmentRequest }[] = []
  let partitions = 0
  for (const doc of documents) {
    const parsed = parseRequest(doc.text)
    if (typeof parsed === 'string' || Array.isArray(parsed)) {
      errors.push(...(Array.isArray(parsed) ? parsed : [parsed]).map((e) => doc.where + e))
    } else {
      requests.push({ where: doc.where, request: parsed })
      partitions += Object.values(parsed.topics).reduce((sum, n) => sum + n, 0)
      if (partitions > ASSIGN_LIMITS.partitionsPerRun) {
        errors.push(`${doc.where}the requests list more than ${fmt(ASSIGN_LIMITS.partitionsPerRun)} partitions in all (the limit for one run); split the input`)
        break
      }
    }
    if (errors.length > MAX_ERRORS) break
  }
  if (errors.length > 0) {
    const shown = errors.slice(0, MAX_ERRORS)
    if (errors.length > shown.length) shown.push(`... and more`)
    return { stdout: '', stderr: shown.map((l) => `assign: ${l}\n`).join(''), code: 2 }
  }
  return runRequests(assignor, requests)
}

function runRequests(assignor: Assignor, requests: readonly { where: string; request: AssignmentRequest }[]): CommandOutput {
  const lines: string[] = []
  for (const { where, request } of requests) {
    try {
      lines.push(JSON.stringify(assignor.assign(request).assignment))
    } catch (e) {
      return { stdout: '', stderr: `assign: ${where}${assignor.name} assignor failed: ${(e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ')}\n`, code: 1 }
    }
  }
  return { stdout: lines.map((l) => l + '\n').join(''), stderr: '', code: 0 }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const key = (base: string, name: string): string => (/^[A-Za-z0-9_-]+$/.test(name) ? `${base}.${name}` : `${base}[${JSON.stringify(name)}]`)
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
/** Counts and limits as plain numbers, as the JSON input writes them (pasteable, no digit separators). */
const fmt = (n: number): string => String(n)
/** A value as JSON, cut short: an error message never echoes a megabyte of input. */
const short = (v: unknown): string => {
  const j = JSON.stringify(v) ?? String(v)
  return j.length > 60 ? `${j.slice(0, 60)}…` : j
}

/** Parses and checks one request. Returns the request, or the error messages naming what and where. */
function parseRequest(text: string): AssignmentRequest | string | string[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return `invalid JSON: ${jsonProblem(text, e)}`
  }
  if (!isObject(value)) return 'must be a JSON object with "topics" and "members"'
  const errors: string[] = []
  for (const k of Object.keys(value)) if (k !== 'topics' && k !== 'members' && k !== 'load') errors.push(`${k}: unknown field (expected "topics", "members" and optionally "load")`)

  const topics: [string, number][] = []
  if (!isObject(value.topics)) errors.push('topics: must be an object mapping topic names to partition counts')
  else {
    const entries = Object.entries(value.topics)
    if (entries.length > ASSIGN_LIMITS.topics) return `topics: at most ${fmt(ASSIGN_LIMITS.topics)} topics (got ${fmt(entries.length)})`
    let total = 0
    for (const [name, n] of entries) {
      if (name === '') errors.push('topics: topic names must not be empty')
      else if (!isIndex(n) || n > ASSIGN_LIMITS.partitions) {
        errors.push(`${key('topics', name)}: must be a partition count from 0 to ${fmt(ASSIGN_LIMITS.partitions)} (got ${short(n)})`)
      } else {
        topics.push([name, n])
        total += n
      }
    }
    if (total > ASSIGN_LIMITS.partitions) return `topics: at most ${fmt(ASSIGN_LIMITS.partitions)} partitions over all topics (got ${fmt(total)})`
  }

  const members: AssignorMember[] = []
  if (!Array.isArray(value.members)) errors.push('members: must be an array of members')
  else if (value.members.length > ASSIGN_LIMITS.members) return `members: at most ${fmt(ASSIGN_LIMITS.members)} members (got ${fmt(value.members.length)})`
  else {
    let subscriptions = 0
    let owned = 0
    for (const m of value.members as unknown[]) {
      if (!isObject(m)) continue
      if (Array.isArray(m.topics)) subscriptions += m.topics.length
      if (Array.isArray(m.owned)) owned += m.owned.length
    }
    if (subscriptions > ASSIGN_LIMITS.subscriptions) return `members: at most ${fmt(ASSIGN_LIMITS.subscriptions)} topic subscriptions over all members (got ${fmt(subscriptions)})`
    if (owned > ASSIGN_LIMITS.owned) return `members: at most ${fmt(ASSIGN_LIMITS.owned)} owned partitions over all members (got ${fmt(owned)})`
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
  const load = value.load === undefined ? undefined : parseLoad(value.load, new Map(topics), errors)
  return errors.length > 0 ? errors : { topics: Object.fromEntries(topics), members, ...(load ? { load } : {}) }
}

/** `load`: per topic of the request, at most one finite weight ≥ 0 per partition. */
function parseLoad(raw: unknown, counts: ReadonlyMap<string, number>, errors: string[]): Record<string, number[]> | undefined {
  if (!isObject(raw)) return void errors.push('load: must be an object mapping topic names to arrays of partition weights')
  const out: Record<string, number[]> = {}
  for (const [topic, ws] of Object.entries(raw)) {
    const n = counts.get(topic)
    if (n === undefined) errors.push(`${key('load', topic)}: not a topic of the request`)
    else if (!Array.isArray(ws) || ws.length > n || !ws.every((w) => typeof w === 'number' && Number.isFinite(w) && w >= 0)) {
      errors.push(`${key('load', topic)}: must be an array of at most ${n} weights, each a number ≥ 0`)
    } else out[topic] = ws as number[]
  }
  return out
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
        errors.push(`${at}.owned[${j}]: must be a [topic, partition] pair with a non-negative integer partition (got ${short(pair)})`)
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
