// The CLI's file reading says truthfully why a file cannot be used, and never reads an unbounded one.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_INPUT_BYTES, readTextFile } from './textFile.ts'

const dir = mkdtempSync(join(tmpdir(), 'highway-textfile-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, content: string | Uint8Array): string {
  const p = join(dir, name)
  writeFileSync(p, content)
  return p
}

describe('readTextFile', () => {
  it('reads UTF-8 text', () => {
    expect(readTextFile(file('ok.json', '{"name":"naïve ✓"}'))).toEqual({ ok: true, text: '{"name":"naïve ✓"}' })
  })

  it('reads UTF-16 with a byte-order mark (PowerShell 5 `>` writes UTF-16LE), so a Windows-saved paste is not refused as binary', () => {
    const text = 'GROUP TOPIC\r\norders-app orders 😀 naïve\r\n'
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    expect(readTextFile(file('ps.txt', le))).toEqual({ ok: true, text })
    const be = Buffer.from(text, 'utf16le').swap16()
    expect(readTextFile(file('be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), be])))).toEqual({ ok: true, text })
    // UTF-8 with a BOM: the mark is not part of the text.
    expect(readTextFile(file('bom8.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])))).toEqual({ ok: true, text })
  })

  it('names a missing file, a directory, a file too large and a binary one', () => {
    expect(readTextFile(join(dir, 'missing.json'))).toEqual({ ok: false, problem: 'no such file' })
    expect(readTextFile(dir)).toEqual({ ok: false, problem: 'is a directory' })
    const big = file('big.json', '')
    truncateSync(big, MAX_INPUT_BYTES + 1) // sparse: nothing is written, nothing is read
    expect(readTextFile(big)).toEqual({ ok: false, problem: "is too large (16 777 217 bytes; at most 16 MiB)" })
    expect(readTextFile(file('nul.bin', new Uint8Array([0x7b, 0x00, 0x7d])))).toEqual({ ok: false, problem: expect.stringMatching(/^is binary, not text/) })
    expect(readTextFile(file('latin1.txt', new Uint8Array([0x7b, 0xe9, 0x7d])))).toEqual({ ok: false, problem: expect.stringMatching(/^is not UTF-8 text/) })
  })

  it('stops reading at the limit even when the size is unknown up front', () => {
    expect(readTextFile(file('five.txt', 'abcdef'), 5)).toEqual({ ok: false, problem: expect.stringMatching(/^is too large/) })
    expect(readTextFile(file('exact.txt', 'abcde'), 5)).toEqual({ ok: true, text: 'abcde' })
  })
})
