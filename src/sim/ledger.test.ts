// The ledger's reached offsets (sorted ranges, the newest kept apart in a typed array) against a
// plain set of offsets: any sequence of handed and skipped ranges, forward or behind, counts the
// same new offsets and ends at the same place; a ledger from before the typed ranges migrates.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deepClone } from '../engine/clone.ts'
import { createLedger, growLedger, migrateLedger, noteHanded, noteSkipped, reachedEnd } from './ledger.ts'

const rangeArb = fc.record({ p: fc.nat({ max: 2 }), from: fc.nat({ max: 200 }), len: fc.nat({ max: 40 }), skip: fc.boolean(), forward: fc.boolean() })

describe('ledger', () => {
  it('counts each offset once and ends where the highest reached offset does, whatever the order of ranges', () => {
    fc.assert(
      fc.property(fc.array(rangeArb, { maxLength: 120 }), (ops) => {
        const l = createLedger(3)
        const seen = [new Set<number>(), new Set<number>(), new Set<number>()]
        const handedOnce = [0, 0, 0]
        const skippedOnce = [0, 0, 0]
        for (const o of ops) {
          // Mostly fetches that continue where the partition's reached offsets end, as in a run.
          const from = o.forward ? reachedEnd(l, o.p) : o.from
          const to = from + o.len
          let fresh = 0
          for (let x = from; x < to; x++) if (!seen[o.p]!.has(x)) fresh++
          for (let x = from; x < to; x++) seen[o.p]!.add(x)
          if (o.skip) {
            noteSkipped(l, o.p, from, to)
            skippedOnce[o.p]! += fresh
          } else {
            noteHanded(l, o.p, from, to)
            handedOnce[o.p]! += fresh
          }
        }
        for (let p = 0; p < 3; p++) {
          expect(l.handedOnce[p]).toBe(handedOnce[p])
          expect(l.skippedOnce[p]).toBe(skippedOnce[p])
          expect(reachedEnd(l, p)).toBe(seen[p]!.size > 0 ? Math.max(...seen[p]!) + 1 : 0)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('migrates a ledger written before the open ranges, and keeps counting from it', () => {
    const l = createLedger(2)
    noteHanded(l, 0, 0, 10)
    noteHanded(l, 0, 20, 30)
    const old = deepClone(l) as typeof l
    // The form from before: every range in the list, no typed newest range.
    old.reached[0]!.push(l.open![0]!, l.open![1]!)
    delete old.open
    migrateLedger(old)
    expect(reachedEnd(old, 0)).toBe(30)
    expect(reachedEnd(old, 1)).toBe(0)
    noteHanded(old, 0, 5, 25) // fills the gap: 10 new offsets
    expect(old.handedOnce[0]).toBe(30)
    growLedger(old, 4)
    noteHanded(old, 3, 0, 4)
    expect([reachedEnd(old, 0), reachedEnd(old, 3)]).toEqual([30, 4])
  })
})
