// Shared pieces of the tool-output parsers: the input limits, the one error a parser raises (with
// the line it stopped at), line splitting that tolerates CRLF/CR/tabs, and strict number reading.
// Pure: reads only its arguments; nothing here touches I/O.

import { duplicateKeys, isDuplicateKey } from '../../jsonDuplicates.ts'
import { CONTROL_OR_INVISIBLE } from '../../validation/rules.ts'

/** Limits on strangers' pastes: past any of these a parse stops with an error naming the line. */
export const IMPORT_LIMITS = {
  /** Characters of text in one paste or file (about 5 MB of ASCII). */
  maxChars: 5_000_000,
  /** Lines in one paste or file. */
  maxLines: 200_000,
  /** Partitions across all topics of one paste (Kafka clusters top out near 200 000 in total). */
  maxPartitions: 100_000,
  /** Highest partition number accepted (a partition id is an int32; anything near this is a typo). */
  maxPartitionId: 99_999,
  /** Distinct keys kept in a key sample. */
  maxKeys: 100_000,
} as const

/** The one error a parser raises: which line (1-based; 0 = the text as a whole) and what. */
export class ImportError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

/** Splits on LF, CRLF or a lone CR, keeping 1-based line numbers stable across all three. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/)
}

/** Checks the text-wide limits before any parsing work. */
export function checkTextLimits(text: string): string[] {
  if (text.length > IMPORT_LIMITS.maxChars) {
    throw new ImportError(0, `the text is ${text.length} characters; at most ${IMPORT_LIMITS.maxChars} are read`)
  }
  const lines = splitLines(text)
  if (lines.length > IMPORT_LIMITS.maxLines) {
    throw new ImportError(IMPORT_LIMITS.maxLines + 1, `more than ${IMPORT_LIMITS.maxLines} lines; paste fewer`)
  }
  return lines
}

/** Whitespace-separated fields (spaces or tabs, any number), ignoring leading/trailing space. */
export function fields(line: string): string[] {
  const t = line.trim()
  return t === '' ? [] : t.split(/[ \t]+/)
}

/** Shortens a stranger's string for an error message (never rendered as HTML, but kept short). */
export function shown(s: string, max = 40): string {
  // Controls (C0, C1), zero-width and bidi characters: a pasted RLO turned the status line's words around.
  // A tab is the columns' separator in kafka-topics.sh's lines: a space, not 'orders?Partition: 2'.
  const one = s.replace(/\t+/g, ' ').replace(CONTROL_OR_INVISIBLE, '?')
  return one.length > max ? `${one.slice(0, max)}…` : one
}

/**
 * A non-negative safe integer written in decimal (optionally in exponent form such as `1.2e+06`,
 * which Prometheus clients print for large gauges, as long as the value is whole).
 */
export function readCount(raw: string, line: number, what: string): number {
  if (!/^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(raw)) {
    throw new ImportError(line, `${what} '${shown(raw)}' is not a non-negative whole number`)
  }
  const n = Number(raw)
  if (!Number.isSafeInteger(n)) {
    throw new ImportError(line, `${what} '${shown(raw)}' is not a whole number up to ${Number.MAX_SAFE_INTEGER}`)
  }
  return n
}

/** A partition number within the limits. */
export function readPartition(raw: string, line: number): number {
  const p = readCount(raw, line, 'partition')
  if (p > IMPORT_LIMITS.maxPartitionId) {
    throw new ImportError(line, `partition ${p} is above ${IMPORT_LIMITS.maxPartitionId}, the highest partition read`)
  }
  return p
}

/** `-` (Kafka's MISSING_COLUMN_VALUE) or a count. */
export function readOptionalCount(raw: string, line: number, what: string): number | undefined {
  return raw === '-' ? undefined : readCount(raw, line, what)
}

/** A JSON number that must be a non-negative safe integer. */
export function jsonCount(v: unknown, line: number, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new ImportError(line, `${what} ${shown(JSON.stringify(v) ?? String(v))} is not a non-negative whole number`)
  }
  return v
}

/** A JSON integer that may be -1 (no leader, no offset) or a non-negative safe integer. */
export function jsonCountOrMinusOne(v: unknown, line: number, what: string): number | undefined {
  if (v === -1) return undefined
  return jsonCount(v, line, what)
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * JSON.parse that reports a syntax error as an ImportError on the right line, and each key given
 * twice in one object to `note`, at its path in the validator's words (jsonDuplicates.ts: a link's
 * or scenario file's duplicate is named the same way): JSON.parse keeps the last without a word, and
 * no tool prints a key twice, so the paste was edited and its reader may be reading the other value.
 * `where` begins each note (default `what`; one line of many: "line 12").
 */
export function parseJson(text: string, firstLine: number, what: string, note: (text: string) => void, where = what): unknown {
  let doc: unknown
  try {
    doc = JSON.parse(text) as unknown
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e)
    const pos = /position (\d+)/.exec(msg)
    const at = pos ? Number(pos[1]) : -1
    const line = at >= 0 ? firstLine + splitLines(text.slice(0, at)).length - 1 : firstLine
    throw new ImportError(line, `${what} is not valid JSON (${shown(msg, 80)})`)
  }
  // A path is made of the paste's own keys: shortened and with control characters shown as '?'.
  for (const d of duplicateKeys(text)) note(isDuplicateKey(d) ? `${where}: ${shown(d.path, 80)}: ${d.message}` : `${where}: ${d.message}`)
  return doc
}

/** The 1-based line a character offset of `text` falls on. */
export function lineAt(text: string, offset: number): number {
  return splitLines(text.slice(0, Math.max(0, offset))).length
}

/** UTF-8 length of a string, without TextEncoder (not in the pure layers' lib). */
export function utf8Length(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4
      i++
    } else n += 3
  }
  return n
}
