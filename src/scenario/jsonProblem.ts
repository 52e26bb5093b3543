// JSON.parse's complaint as one line a person can act on, always with a line and column. Pure.

import { escapeUnprintable } from './validation/rules.ts'

/**
 * JSON.parse's complaint in one line, with the line and column of the problem: its message can
 * quote the input, newlines and all, and a position in characters means little in a file. Where
 * the engine gives no position (V8's "Unexpected token 'x', … is not valid JSON", "Unexpected end
 * of JSON input"), the text is scanned for it.
 */
export function jsonProblem(json: string, e: unknown): string {
  // The engine quotes the input: its control and invisible characters are shown as escapes.
  const msg = escapeUnprintable((e instanceof Error ? e.message : 'parse error').replace(/\s+/g, ' ').trim())
  const m = /at position (\d+)/.exec(msg)
  const pos = m === null ? syntaxErrorAt(json) : Number(m[1])
  if (pos === null) return msg
  const before = json.slice(0, pos)
  const line = before.split('\n').length
  return `${msg.replace(/ \(line \d+ column \d+\)/, '')}: line ${line}, column ${pos - before.lastIndexOf('\n')}`
}

const WS = new Set([' ', '\t', '\n', '\r'])
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const HEX4 = /[0-9a-fA-F]{4}/y

/**
 * The offset of the first character that makes `s` not JSON (RFC 8259), `s.length` when it ends
 * too soon, or null when it is JSON. Where the engine reports a position, this is the same one.
 * Iterative (an explicit stack), so deep nesting cannot overflow the call stack.
 */
export function syntaxErrorAt(s: string): number | null {
  let i = 0
  const stack: string[] = []
  const skipWs = (): void => {
    while (i < s.length && WS.has(s[i]!)) i++
  }
  /** At a '"': past the string, or false with `i` at the offending character. */
  const string = (): boolean => {
    i++
    while (i < s.length) {
      const c = s[i]!
      if (c === '"') {
        i++
        return true
      }
      if (c < ' ') return false
      if (c === '\\') {
        i++
        if (i >= s.length) return false
        if (ESCAPES.has(s[i]!)) i++
        else if (s[i] === 'u') {
          HEX4.lastIndex = i + 1
          if (!HEX4.test(s)) return false
          i += 5
        } else return false
      } else i++
    }
    return false
  }
  /** Set when the last value read opened a container (it may close at once: `{}`, `[]`). */
  let opened = false
  /** One value at `i`: a scalar is read whole; a container is opened (pushed). */
  const value = (): boolean => {
    skipWs()
    const c = s[i]
    opened = c === '{' || c === '['
    if (opened) {
      stack.push(c!)
      i++
      return true
    }
    if (c === '"') return string()
    for (const word of ['true', 'false', 'null']) {
      if (c !== word[0]) continue
      for (let k = 0; k < word.length; k++, i++) if (s[i] !== word[k]) return false
      return true
    }
    NUMBER.lastIndex = i
    if (!NUMBER.test(s)) return false
    i = NUMBER.lastIndex
    return true
  }
  /** In an object, before its next value: `"key" :`. */
  const key = (): boolean => {
    skipWs()
    if (s[i] !== '"' || !string()) return false
    skipWs()
    if (s[i] !== ':') return false
    i++
    return true
  }

  if (!value()) return i
  for (;;) {
    skipWs()
    const top = stack.at(-1)
    if (top === undefined) return i < s.length ? i : null
    if (s[i] === (top === '{' ? '}' : ']')) {
      stack.pop()
      opened = false
      i++
      continue
    }
    if (!opened) {
      if (s[i] !== ',') return i
      i++
    }
    if (top === '{' && !key()) return i
    if (!value()) return i
  }
}
