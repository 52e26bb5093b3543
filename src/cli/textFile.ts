// Reading the CLI's input files and stdin: Node I/O, bounded, and honest about why a file cannot
// be used (missing, a directory, too large, not text). Only the CLI's entry points call these.

import { closeSync, openSync, readSync, fstatSync } from 'node:fs'
import { fileText } from '../scenario/import/textBytes.ts'

export type TextRead = { ok: true; text: string } | { ok: false; problem: string }

/** Scenario files and stdin documents larger than this are refused unread (a link or JSON is far smaller). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024

function problemOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code
  switch (code) {
    case 'ENOENT':
      return 'no such file'
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'EISDIR':
      return 'is a directory'
    case 'ENOTDIR':
      return 'a part of the path is not a directory'
    case 'ENAMETOOLONG':
      return 'the path is too long'
    case 'ELOOP':
      return 'too many symbolic links'
    default:
      return `cannot be read (${typeof code === 'string' ? code : e instanceof Error ? e.message : 'unknown error'})`
  }
}

function fmtBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / 1024 / 1024} MiB`
  return `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} bytes`
}

/** Reads at most `max` + 1 bytes from an open descriptor (a growing file or a pipe stops there). */
function readBounded(fd: number, max: number): Uint8Array {
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const buf = new Uint8Array(Math.min(1 << 20, max + 1 - total))
    if (buf.length === 0) break
    let n: number
    try {
      n = readSync(fd, buf, 0, buf.length, null)
    } catch (e) {
      if ((e as { code?: unknown }).code === 'EAGAIN') continue
      if ((e as { code?: unknown }).code === 'EOF') break
      throw e
    }
    if (n === 0) break
    chunks.push(buf.subarray(0, n))
    total += n
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

/** Bytes as text (UTF-16 when a byte-order mark says so: PowerShell's `>`; else UTF-8), or why they are not text (a NUL byte or invalid UTF-8: a binary file). */
function decodeText(bytes: Uint8Array): TextRead {
  return fileText(bytes, (b) => new TextDecoder('utf-8', { fatal: true }).decode(b))
}

function readFd(fd: number, max: number): TextRead {
  const bytes = readBounded(fd, max)
  if (bytes.length > max) return { ok: false, problem: `is too large (over ${fmtBytes(max)})` }
  return decodeText(bytes)
}

/** A file's text, or the reason it cannot be used. Never throws. */
export function readTextFile(path: string, max = MAX_INPUT_BYTES): TextRead {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (e) {
    return { ok: false, problem: problemOf(e) }
  }
  try {
    const st = fstatSync(fd)
    if (st.isDirectory()) return { ok: false, problem: 'is a directory' }
    if (st.isFile() && st.size > max) return { ok: false, problem: `is too large (${fmtBytes(st.size)}; at most ${fmtBytes(max)})` }
    return readFd(fd, max)
  } catch (e) {
    return { ok: false, problem: problemOf(e) }
  } finally {
    closeSync(fd)
  }
}

/** Standard input's text (empty when there is none), or why it cannot be used. Never throws. */
export function readStdinText(max = MAX_INPUT_BYTES): TextRead {
  try {
    return readFd(0, max)
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code
    // No stdin at all (closed, or a terminal-less spawn): nothing to read.
    if (code === 'EBADF' || code === 'ENXIO' || code === 'EINVAL') return { ok: true, text: '' }
    return { ok: false, problem: problemOf(e) }
  }
}
