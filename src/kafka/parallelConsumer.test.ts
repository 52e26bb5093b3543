import { describe, expect, it } from 'vitest'
import { base64Chars, heldRecordsCap, listSchedule, offsetMapPayloadChars, unorderedOverlaps } from './parallelConsumer.ts'

describe('listSchedule (chains on maxConcurrency workers, in the order given)', () => {
  it('one chain is serial: its length, whatever the workers', () => {
    const p = listSchedule([100], 16)
    expect(p.makespan).toBe(100)
    expect(p.busyWorkers).toBe(1)
    // The other 15 workers have nothing they may take.
    expect(p.firstIdle).toBe(0)
  })

  it('equal chains spread evenly: ceil(n / m) rounds', () => {
    const p = listSchedule(new Array(40).fill(10), 16)
    expect(p.makespan).toBe(30)
    expect(p.busyWorkers).toBe(16)
    expect(p.firstIdle).toBe(20)
  })

  it('each job goes to the worker free first, lowest index on ties (Graham)', () => {
    const p = listSchedule([5, 3, 4, 1], 2)
    expect(Array.from(p.start)).toEqual([0, 0, 3, 5])
    expect(Array.from(p.end)).toEqual([5, 3, 7, 6])
    expect(p.makespan).toBe(7)
  })

  it('never beats the bounds: max chain and total / workers; never worse than their sum', () => {
    const lengths = [13, 2, 8, 8, 1, 21, 3, 5, 34, 1, 1, 2]
    for (const m of [1, 2, 3, 5, 16]) {
      const total = lengths.reduce((a, b) => a + b, 0)
      const lower = Math.max(Math.max(...lengths), total / m)
      const p = listSchedule(lengths, m)
      expect(p.makespan).toBeGreaterThanOrEqual(lower)
      expect(p.makespan).toBeLessThanOrEqual(total / m + Math.max(...lengths))
    }
  })
})

describe('unorderedOverlaps (UNORDERED gives up per-key order)', () => {
  it('a key with more records than rounds overlaps itself', () => {
    // 500 records over 16 workers: 31.25 rounds; a key with 250 of them overlaps in 218.75.
    expect(unorderedOverlaps(250, 500, 16)).toBeCloseTo(218.75)
  })
  it('a rare key, or one worker, keeps its order', () => {
    expect(unorderedOverlaps(10, 500, 16)).toBe(0)
    expect(unorderedOverlaps(250, 500, 1)).toBe(0)
  })
})

describe("offset map size (PC's OffsetSimultaneousEncoder keeps the smallest encoding)", () => {
  it('base64 rounds up to 4 characters per 3 bytes', () => {
    expect(base64Chars(1)).toBe(4)
    expect(base64Chars(3)).toBe(4)
    expect(base64Chars(4)).toBe(8)
  })

  it('nothing complete above the commit: no map', () => {
    expect(offsetMapPayloadChars(0, 1)).toBe(0)
  })

  it('few runs: run length v1 wins (2 bytes a run)', () => {
    // 1000 offsets, 3 runs: RL v1 = 6 bytes, BitSet v1 = 2 + 125 + 1; + magic byte = 7 → 12 chars.
    expect(offsetMapPayloadChars(1000, 3)).toBe(base64Chars(1 + 6))
  })

  it('scattered offsets: the bitset wins (one bit an offset)', () => {
    // 1000 offsets alternating: 1000 runs → RL v1 2000 bytes; BitSet v1 = 2 + 125 + 1 = 128.
    expect(offsetMapPayloadChars(1000, 1000)).toBe(base64Chars(1 + 128))
  })

  it('past Short.MAX_VALUE offsets only the v2 encodings (4-byte lengths) remain', () => {
    expect(offsetMapPayloadChars(40_000, 100_000)).toBe(base64Chars(1 + 4 + 5000 + 1))
  })

  it("a bitset over about 24,000 offsets no longer fits Kafka's default 4096", () => {
    expect(offsetMapPayloadChars(24_000, 48_000)).toBeLessThanOrEqual(4096)
    expect(offsetMapPayloadChars(25_000, 50_000)).toBeGreaterThan(4096)
  })
})

it('PC holds at most maxConcurrency × (1 + its top load factor 100) records', () => {
  expect(heldRecordsCap(16)).toBe(1616)
})
