// Memory bounds of the data plane's bookkeeping: undelivered segments (per lane and per tracked
// key) are coalesced so that a jammed topic of any size holds a bounded number of them.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { pruneSegments } from './logPrune.ts'
import { lastSegEnd, pushSeg, segCount, segTime } from './segLog.ts'
import { createWorldState, type WorldState } from './worldState.ts'

/** A world of P lanes where nothing was consumed: `cycles` send cycles appended to every lane. */
function jammed(P: number, cycles: number): WorldState {
  const w = createWorldState(defaultScenario(), P)
  for (let p = 0; p < P; p++) {
    for (let c = 1; c <= cycles; c++) pushSeg(w.segs, p, c * 5, c * 10, 1)
    w.leo[p] = cycles * 10
  }
  return w
}

const pending = (w: WorldState) => w.segHead.reduce((sum, h, p) => sum + segCount(w.segs, p) - h, 0)

describe('pruneSegments', { timeout: 30_000 }, () => {
  it('keeps all lanes together under ~4 M pending segments, however many lanes there are', () => {
    const w = jammed(4096, 1500) // 6.1 M segments: 4096 jammed lanes, 7.5 s at linger.ms 5
    pruneSegments(w, 10_000)
    expect(pending(w)).toBeLessThanOrEqual(4_000_000)
    // Coalescing keeps every record: each lane still ends at its log end offset, with the same count.
    for (const p of [0, 4095]) {
      expect(lastSegEnd(w.segs, p)).toBe(15_000)
      expect(segTime(w.segs, p, 0)).toBe(5)
    }
  })

  it('leaves a small topic at full resolution', () => {
    const w = jammed(12, 1500)
    pruneSegments(w, 10_000)
    expect(pending(w)).toBe(12 * 1500)
  })

  it("coalesces a tracked key's undelivered segments too, keeping its record count and last time", () => {
    const w = jammed(1, 0)
    const lists = 8000
    for (let k = 0; k < lists; k++) {
      const n = Array.from({ length: 1000 }, () => 3)
      w.keySegs.push({ producer: 0, key: k, partition: 0, t: n.map((_, i) => i * 5), end: n.map((_, i) => (i + 1) * 3), n, head: 0 })
    }
    pruneSegments(w, 10_000)
    const total = w.keySegs.reduce((sum, s) => sum + s.end.length, 0)
    expect(total).toBeLessThanOrEqual(4_000_000) // 8 M before
    for (const s of [w.keySegs[0]!, w.keySegs[lists - 1]!]) {
      expect(s.n.reduce((a, b) => a + b, 0)).toBe(3000)
      expect(s.end.at(-1)).toBe(3000)
      expect(s.t.at(-1)).toBe(999 * 5)
    }
  })
})
