import { describe, expect, test } from 'vitest'
import { fromBase64Url, toBase64Url } from './base64url.ts'

const bytes = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)))

describe('base64url', () => {
  test('encodes the RFC 4648 test vectors, without padding', () => {
    const vectors: Array<[string, string]> = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ]
    for (const [plain, encoded] of vectors) {
      expect(toBase64Url(bytes(plain))).toBe(encoded)
      expect(fromBase64Url(encoded)).toEqual({ ok: true, bytes: bytes(plain) })
    }
  })

  test('uses - and _ where base64 uses + and /', () => {
    expect(toBase64Url(Uint8Array.from([0xfb, 0xff, 0xbf]))).toBe('-_-_')
  })

  test('round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    for (let n = 0; n <= 256; n += 37) {
      const r = fromBase64Url(toBase64Url(all.subarray(0, n)))
      expect(r.ok && [...r.bytes]).toEqual([...all.subarray(0, n)])
    }
  })

  test('rejects characters outside the alphabet, naming the first one and where it is', () => {
    expect(fromBase64Url('Zm9v+g')).toEqual({ ok: false, message: 'unexpected character "+" at position 4' })
    expect(fromBase64Url('Zm9v=')).toMatchObject({ ok: false })
  })

  test('rejects a length no encoding can have, and stray bits in the last character', () => {
    expect(fromBase64Url('Zm9vY')).toMatchObject({ ok: false, message: expect.stringContaining('cut short') })
    expect(fromBase64Url('Zh')).toMatchObject({ ok: false, message: expect.stringContaining('stray bits') })
  })
})
