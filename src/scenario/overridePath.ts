// Dotted paths into a scenario (`group.config.session.timeout.ms`, `producers[0].rate.perSec`) and
// the text syntax of override values and lists. Pure; never throws.

import { at } from './validation/issues.ts'

/** One step of a path: a word between dots (may join its neighbours into a dotted key) or a bracketed key. */
interface Segment {
  text: string
  /** From `[0]` or `["a.b"]`: matched as written, never joined with a neighbour. */
  literal: boolean
}

export type Tokens = { ok: true; segments: Segment[] } | { ok: false; message: string }

/** `a.b[0]["c.d"]` → segments; empty words, unclosed brackets and bad bracket contents are errors. */
export function tokenizePath(path: string): Tokens {
  const segments: Segment[] = []
  let i = 0
  let word = ''
  const bad = (why: string): Tokens => ({ ok: false, message: `bad path "${path}": ${why}` })
  if (path === '') return bad('it is empty')
  while (i < path.length) {
    const c = path[i]!
    if (c === '.') {
      if (word === '' && (segments.length === 0 || path[i - 1] === '.')) return bad('an empty name between dots')
      if (word !== '') segments.push({ text: word, literal: false })
      word = ''
      i++
    } else if (c === '[') {
      if (word !== '') segments.push({ text: word, literal: false })
      word = ''
      const close = path.indexOf(']', i)
      const num = /^\[(\d{1,9})\]/.exec(path.slice(i))
      if (num) {
        segments.push({ text: num[1]!, literal: true })
        i += num[0].length
      } else if (path[i + 1] === '"') {
        const end = closingQuote(path, i + 1)
        if (end < 0 || path[end + 1] !== ']') return bad('a quoted key in brackets must end with "]')
        segments.push({ text: JSON.parse(path.slice(i + 1, end + 1)) as string, literal: true })
        i = end + 2
      } else return bad(close < 0 ? 'an unclosed "["' : 'brackets hold an index ([0]) or a quoted key (["a.b"])')
      if (i < path.length && path[i] !== '.' && path[i] !== '[') return bad(`unexpected "${path[i]!}" after "]"`)
    } else {
      word += c
      i++
    }
  }
  if (path.endsWith('.')) return bad('it ends with a dot')
  if (word !== '') segments.push({ text: word, literal: false })
  return { ok: true, segments }
}

/** Index of the quote closing the JSON string that opens at `from`, or -1. */
function closingQuote(s: string, from: number): number {
  for (let i = from + 1; i < s.length; i++) {
    if (s[i] === '\\') i++
    else if (s[i] === '"') return i
  }
  return -1
}

export type Resolved =
  | {
      ok: true
      /** The real keys, in order (array indices as numbers); the last may be new (see `created`). */
      keys: Array<string | number>
      /** The validator's spelling of the path (`group.config["session.timeout.ms"]`), to match its issues. */
      canonical: string
      /** The last key did not exist: the rest of the path became one new key of an object. */
      created: boolean
      /** The validator's spelling of the object holding the last key ('' = the scenario). */
      parent: string
    }
  | { ok: false; message: string }

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Walks `root` along the path. Dotted Kafka config names are keys themselves, so at each object the
 * longest run of words that is an existing key wins. If none is, the rest becomes one new key (the
 * validator then decides whether that object takes it: keyCost does, a fixed-shape object warns).
 */
export function resolvePath(root: unknown, path: string): Resolved {
  const t = tokenizePath(path)
  if (!t.ok) return t
  const segs = t.segments
  const keys: Array<string | number> = []
  let canonical = ''
  let parent = ''
  let node: unknown = root
  let i = 0
  while (i < segs.length) {
    const here = canonical === '' ? 'the scenario' : canonical
    if (Array.isArray(node)) {
      const s = segs[i]!
      const idx = /^\d{1,9}$/.test(s.text) ? Number(s.text) : -1
      if (idx < 0) return { ok: false, message: `${here} is a list: expected an index, got "${s.text}"` }
      if (idx >= node.length) return { ok: false, message: `${here} has ${node.length} item${node.length === 1 ? '' : 's'}; there is no [${idx}]` }
      keys.push(idx)
      parent = canonical
      canonical = at(canonical, idx)
      node = node[idx]
      i++
      continue
    }
    if (!isObject(node)) return { ok: false, message: `${here} is ${JSON.stringify(node)}, not an object` }
    const first = segs[i]!
    let j = first.literal ? (Object.hasOwn(node, first.text) ? i + 1 : i) : longestKey(node, segs, i)
    const found = j > i
    if (!found) {
      // The rest becomes one new key, so it must read as one: plain words, or a single bracketed key.
      if (segs.length - i > 1 && segs.slice(i).some((s) => s.literal)) return { ok: false, message: `unknown path: ${here} has no field "${first.text}"` }
      j = segs.length
    }
    const key = segs.slice(i, j).map((s) => s.text).join('.')
    keys.push(key)
    parent = canonical
    canonical = at(canonical, key)
    if (!found) return { ok: true, keys, canonical, created: true, parent }
    node = node[key]
    i = j
  }
  return { ok: true, keys, canonical, created: false, parent }
}

/** End (exclusive) of the longest run of plain words from `i` that is an own key of `o`; `i` if none. */
function longestKey(o: Record<string, unknown>, segs: Segment[], i: number): number {
  let end = i
  while (end < segs.length && !segs[end]!.literal) end++
  for (let j = end; j > i; j--) {
    if (Object.hasOwn(o, segs.slice(i, j).map((s) => s.text).join('.'))) return j
  }
  return i
}

/** A value as typed: JSON when it parses as JSON, else the text itself. */
export function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** Plain text that reads back as itself and needs no quotes in a list. */
const BARE = /^[A-Za-z0-9_.\-+/#@]+$/

/** The inverse of parseValue for lists: bare when that reads back the same, else JSON. */
export function formatValue(v: unknown): string {
  if (typeof v === 'string' && BARE.test(v) && parseValue(v) === v) return v
  return JSON.stringify(v) ?? 'null'
}

/** Where `text` stands after a scan: the first `ch` at depth 0 (or -1), and what is still open at the end. */
function scan(text: string, ch: string): { at: number; inString: boolean; depth: number } {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '[' || c === '{') depth++
    else if ((c === ']' || c === '}') && depth > 0) depth--
    else if (c === ch && depth === 0) return { at: i, inString, depth }
  }
  return { at: -1, inString, depth }
}

/** Index of the first `ch` outside JSON strings and brackets (a bracketed key may hold "=" or ","), or -1. */
export function indexOutside(text: string, ch: string): number {
  return scan(text, ch).at
}

/** Splits on commas outside JSON strings, brackets and braces; items trimmed. */
export function splitList(text: string): { ok: true; items: string[] } | { ok: false; message: string } {
  const items: string[] = []
  let rest = text
  for (let r = scan(rest, ','); ; r = scan(rest, ',')) {
    if (r.at < 0) {
      if (r.inString) return { ok: false, message: `unclosed quote in "${text}"` }
      if (r.depth !== 0) return { ok: false, message: `unclosed bracket in "${text}"` }
      items.push(rest.trim())
      return { ok: true, items }
    }
    items.push(rest.slice(0, r.at).trim())
    rest = rest.slice(r.at + 1)
  }
}
