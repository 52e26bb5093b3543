// Scenario links: `v1.` + base64url(deflateRaw(json) ++ crc32(json)), where json is the scenario's
// diff from the defaults. The 4-byte CRC (big-endian) tells a damaged link from a different valid one.
// Pure (fflate only; no host APIs) and total: decoding never throws, it names the problem
// (path `#` for the link format) or hands over to validateScenario for field errors.

import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate'
import { fromBase64Url, toBase64Url } from './base64url.ts'
import { crc32 } from './crc32.ts'
import { defaultScenario } from './defaults.ts'
import { canonicalOrder, diffFromDefaults } from './diff.ts'
import type { Scenario } from './types.ts'
import { validateScenario, type Issue, type ValidationResult } from './validate.ts'
import { fmt } from './validation/rules.ts'
import { duplicateKeys } from './jsonDuplicates.ts'
import { jsonProblem } from './jsonProblem.ts'
import { packPlacement, unpackPlacement } from './placementPacking.ts'

/** The link format this app writes and reads. Independent of Scenario.version (the schema). */
export const LINK_FORMAT_VERSION = 1

/** Longest encoded text accepted: far beyond any real link, small enough to bound the work. */
export const MAX_LINK_CHARS = 100_000
/** Largest JSON accepted once inflated (or pasted): a deflate bomb stops here. */
export const MAX_JSON_BYTES = 1 << 20

/** Deflate cannot expand data more than ~1032×; an output buffer never needs more than this per input byte. */
const MAX_DEFLATE_RATIO = 1040
const CHECKSUM_BYTES = 4

/**
 * Link text for a scenario: compact (only the diff from the defaults), compressed, URL-safe. Pure.
 * Canonical: the diff's keys go in a fixed order, so a scenario whose objects were built in another
 * key order (a decoded link, a spread, an import) gives the same link. The reader accepts any order.
 */
export function encodeScenario(s: Scenario): string {
  const diff = canonicalOrder(diffFromDefaults(s))
  // A kept placement travels packed (placementPacking.ts): a 10 000-partition import stays a link.
  packPlacement(diff)
  const json = strToU8(JSON.stringify(diff))
  const packed = deflateSync(json, { level: 9, mem: 8 })
  const bytes = new Uint8Array(packed.length + CHECKSUM_BYTES)
  bytes.set(packed)
  writeUint32(bytes, packed.length, crc32(json))
  return `v${LINK_FORMAT_VERSION}.${toBase64Url(bytes)}`
}

function writeUint32(bytes: Uint8Array, at: number, n: number): void {
  for (let i = 0; i < 4; i++) bytes[at + i] = (n >>> (24 - 8 * i)) & 0xff
}

function readUint32(bytes: Uint8Array, at: number): number {
  let n = 0
  for (let i = 0; i < 4; i++) n = n * 256 + (bytes[at + i] ?? 0)
  return n
}

/**
 * The words for a link a chat app cut short, `where` saying where it stops: one wording for the
 * scenario's data (below) and the link's parameters (links.ts), so a participant reads one request.
 */
export function cutShortMessage(where: string): string {
  return `the link is cut short (${where}): ask for the whole link`
}

function failure(path: string, message: string): ValidationResult {
  return { ok: false, errors: [{ path, message }], scenario: defaultScenario() }
}

const PREFIX = /^v(0|[1-9]\d*)\./

/** Decodes a link payload (`v1.…`). Never throws; errors name the problem. */
export function decodeScenario(text: string): ValidationResult {
  try {
    return decode(text)
  } catch (e) {
    return failure('#', `the link could not be read (${e instanceof Error ? e.message : 'unknown error'})`)
  }
}

function decode(raw: unknown): ValidationResult {
  if (typeof raw !== 'string') return failure('#', 'the link must be text')
  const text = raw.trim()
  if (text === '') return failure('#', 'the link is empty')
  if (text.length > MAX_LINK_CHARS) return failure('#', `the link is too long (${fmt(text.length)} characters; at most ${fmt(MAX_LINK_CHARS)})`)
  const m = PREFIX.exec(text)
  if (m === null) return failure('#', `the link has no format prefix (expected it to start with 'v${LINK_FORMAT_VERSION}.')`)
  // Any number of digits is a version (a hand-edited "v9999999999." is a newer one, not a missing prefix), quoted short.
  const digits = m[1]!
  const named = digits.length > 12 ? `${digits.slice(0, 12)}…` : digits
  if (Number(digits) > LINK_FORMAT_VERSION) {
    return failure('#', `link format v${named} is newer than this app (v${LINK_FORMAT_VERSION}); open it in a newer version`)
  }
  if (Number(digits) !== LINK_FORMAT_VERSION) return failure('#', `link format v${named} is not supported (this app reads v${LINK_FORMAT_VERSION})`)
  // Punctuation a chat message glued to the link ("…see #s=v1.abc)." or "<…abc>") is never base64url:
  // it is left out, and the checksum still decides whether what is left is the link that was sent.
  const body = text.slice(m[0].length)
  const glued = TRAILING_PUNCTUATION.exec(body)?.[0] ?? ''
  const r = decodeBody(glued === '' ? body : body.slice(0, -glued.length))
  if (!r.ok || glued === '') return r
  return { ...r, warnings: [...r.warnings, { path: '#', message: `the link ended in "${glued}", which is not part of a link (a chat message's punctuation?): left out` }] }
}

/** Characters a sentence or a chat app puts after a link; none of them is base64url. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"]+$/

function decodeBody(body: string): ValidationResult {
  const b64 = fromBase64Url(body)
  if (!b64.ok) return failure('#', `the link is not valid base64url: ${b64.message}`)
  const bytes = b64.bytes
  if (bytes.length <= CHECKSUM_BYTES) return failure('#', 'the link has too little data after the prefix; is it cut short?')
  const inflated = inflate(bytes.subarray(0, bytes.length - CHECKSUM_BYTES))
  if (typeof inflated === 'string') return failure('#', inflated)
  if (crc32(inflated) !== readUint32(bytes, bytes.length - CHECKSUM_BYTES)) {
    return failure('#', 'the link is damaged (its checksum does not match); was it cut short or mistyped?')
  }
  return parseAndValidate(strFromU8(inflated), 'the link', true)
}

/**
 * Raw inflate into a bounded buffer; a message instead of bytes when damaged or too large.
 * Starts with a buffer sized for ordinary JSON and retries larger only when it fills up.
 */
function inflate(bytes: Uint8Array): Uint8Array | string {
  const limit = Math.min(MAX_JSON_BYTES + 1, bytes.length * MAX_DEFLATE_RATIO + 64)
  for (let size = Math.min(limit, bytes.length * 16 + 1024); ; size = Math.min(limit, size * 16)) {
    let out: Uint8Array
    try {
      out = inflateSync(bytes, { out: new Uint8Array(size) })
    } catch (e) {
      // fflate's words for data that stops mid-stream: a link cut short (a chat app's length limit).
      if (e instanceof Error && /unexpected EOF/i.test(e.message)) return cutShortMessage('its compressed data ends early')
      return `the link's compressed data is damaged (${e instanceof Error ? e.message : 'inflate failed'})`
    }
    if (out.length < size) return out
    if (size === limit) return `the link's data is too large (over ${fmt(MAX_JSON_BYTES)} bytes)`
  }
}

/** `packed`: a link's JSON, whose kept placement is packed into strings (placementPacking.ts). */
function parseAndValidate(json: string, what: string, packed = false): ValidationResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch (e) {
    return failure('#', `${what} is not valid JSON (${jsonProblem(json, e)})`)
  }
  if (packed) {
    const bad = unpackPlacement(parsed)
    if (bad !== null) return failure(bad.path, bad.message)
  }
  const v = validateScenario(parsed)
  // JSON.parse kept the last of a key given twice without a word: the author may be reading the other.
  const twice = v.ok ? duplicateKeys(json) : []
  return twice.length === 0 || !v.ok ? v : { ...v, warnings: [...twice, ...v.warnings] }
}


const S_PARAM = /(?:^|[?&#/])s=([^&#]*)/

/**
 * The `s` parameter of a URL's fragment (checked first, also after a hash-router path such as
 * `#/play?s=…`) or of its query, percent-decoded; null if there is none.
 */
function linkParam(url: string): string | null {
  const hash = url.indexOf('#')
  const fragment = hash < 0 ? '' : url.slice(hash + 1)
  const beforeHash = hash < 0 ? url : url.slice(0, hash)
  const q = beforeHash.indexOf('?')
  const query = q < 0 ? '' : beforeHash.slice(q + 1)
  for (const part of [fragment, query]) {
    const m = S_PARAM.exec(part)
    if (m === null) continue
    const value = m[1] ?? ''
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return null
}

/**
 * Whatever a user pastes: (a) a URL with `#s=<encoded>` or `?s=<encoded>`, (b) the bare encoded
 * string, or (c) JSON text of a (partial) scenario. Same result as decodeScenario; never throws.
 */
export function scenarioFromInput(text: string): ValidationResult {
  try {
    if (typeof text !== 'string') return failure('#', 'the input must be text')
    const t = text.trim()
    if (t === '') return failure('#', 'the input is empty')
    if (t.startsWith('{') || t.startsWith('[')) {
      if (t.length > MAX_JSON_BYTES) return failure('#', `the JSON is too large (over ${fmt(MAX_JSON_BYTES)} characters)`)
      return parseAndValidate(t, 'the input')
    }
    if (t.startsWith('s=')) return decodeScenario(t.slice(2))
    if (/[#?]/.test(t)) {
      const param = linkParam(t)
      if (param === null) return failure('#', 'the URL has no scenario in it (expected #s=… or ?s=…)')
      return decodeScenario(param)
    }
    return decodeScenario(t)
  } catch (e) {
    return failure('#', `the input could not be read (${e instanceof Error ? e.message : 'unknown error'})`)
  }
}

export type { Issue, ValidationResult }
