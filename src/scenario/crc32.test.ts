import { describe, expect, test } from 'vitest'
import { crc32 } from './crc32.ts'

const bytes = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)))

describe('crc32', () => {
  test('matches the standard check value and known strings', () => {
    expect(crc32(bytes('123456789'))).toBe(0xcbf43926)
    expect(crc32(new Uint8Array())).toBe(0)
    expect(crc32(bytes('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339)
  })

  test('changes when any single byte changes', () => {
    const data = bytes('{"name":"hot-key"}')
    const base = crc32(data)
    for (let i = 0; i < data.length; i++) {
      const copy = data.slice()
      copy[i] = (copy[i] ?? 0) ^ 0x01
      expect(crc32(copy)).not.toBe(base)
    }
  })
})
