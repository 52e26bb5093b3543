import { describe, expect, it } from 'vitest'
import { acknowledge, acquire, countIn, createSharePartition, expireLocks, inFlight, type ShareLimits } from './sharePartition.ts'
import { applyWrite, initializeSharePartition, persistedShareState, reloadSharePartition, writtenBatches } from './shareStatePersister.ts'

const LIM: ShareLimits = { lockDurationMs: 30000, deliveryCountLimit: 5, maxRecordLocks: 200 }

describe('what the share coordinator holds of a share-partition', () => {
  it('has the start offset and the written batches; an acquisition is not written (a record acquired the first time is absent)', () => {
    const sp = createSharePartition(10)
    acquire(sp, 1, 30, 1000, 0, LIM) // 10..39, count 1
    acknowledge(sp, 1, 10, 15, 'accept', LIM) // SPSO moves to 15
    acknowledge(sp, 1, 20, 25, 'reject', LIM)
    acknowledge(sp, 1, 25, 30, 'release', LIM) // written: available, count 1
    acquire(sp, 2, 5, 1000, 5, LIM) // 25..29 again, count 2 in memory only
    expect(persistedShareState(sp)).toEqual({
      startOffset: 15,
      stateBatches: [
        { firstOffset: 20, lastOffset: 24, deliveryState: 'archived', deliveryCount: 1 },
        { firstOffset: 25, lastOffset: 29, deliveryState: 'available', deliveryCount: 1 },
      ],
    })
  })
})

describe('a new share-partition leader', () => {
  it('starts from the persisted state: acquired records are available again with the delivery count last written, nothing is locked', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 40, 1000, 0, LIM) // 0..39 count 1
    expireLocks(sp, 30000, LIM) // all available, count 1 (written)
    acquire(sp, 2, 20, 1000, 30001, LIM) // 0..19 count 2 (memory), 20..39 still available count 1
    acquire(sp, 2, 10, 1000, 30001, LIM) // 20..29 count 2 (memory)
    acquire(sp, 3, 10, 1000, 30001, LIM) // 30..39 count 2 (memory)
    acquire(sp, 3, 10, 1000, 30001, LIM) // 40..49 count 1, never written
    acknowledge(sp, 2, 0, 10, 'accept', LIM) // written; SPSO 10
    const { state, returned } = reloadSharePartition(sp)
    expect(returned).toBe(40) // 10..49 were locked to members
    expect(countIn(state, 'acquired')).toBe(0)
    expect(state.start).toBe(10)
    // 40..49 were never written: they are read from the log again, as never delivered.
    expect(state.end).toBe(50)
    expect(state.runs).toEqual([
      { from: 10, to: 40, state: 'available', deliveryCount: 1, member: -1, lockUntil: 0 },
      { from: 40, to: 50, state: 'available', deliveryCount: 0, member: -1, lockUntil: 0 },
    ])
    // The next acquisition counts a second delivery for 10..39 and a first for 40..49.
    expect(acquire(state, 4, 100, 1000, 40000, LIM)).toEqual([
      { from: 10, to: 40, deliveryCount: 2 },
      { from: 40, to: 50, deliveryCount: 1 },
      { from: 50, to: 110, deliveryCount: 1 },
    ])
  })

  it('keeps gaps between written batches as never-delivered records, and round-trips a state with nothing acquired', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 30, 1000, 0, LIM)
    acknowledge(sp, 1, 10, 20, 'accept', LIM) // 0..9 and 20..29 stay acquired, count 1
    const init = initializeSharePartition(persistedShareState(sp))
    expect(init).toEqual({
      start: 0,
      end: 20,
      runs: [
        { from: 0, to: 10, state: 'available', deliveryCount: 0, member: -1, lockUntil: 0 },
        { from: 10, to: 20, state: 'acknowledged', deliveryCount: 1, member: -1, lockUntil: 0 },
      ],
    })
    expect(inFlight(init)).toBe(20)
    expect(initializeSharePartition(persistedShareState(init))).toEqual(init)
  })
})

describe('the share coordinator applying a write (a ShareUpdate over its snapshot)', () => {
  const b = (firstOffset: number, lastOffset: number, deliveryState: 'available' | 'acknowledged' | 'archived', deliveryCount: number) => ({ firstOffset, lastOffset, deliveryState, deliveryCount })

  it('replaces what it had for the written offsets, keeps the rest, and merges equal neighbours', () => {
    const prev = { startOffset: 10, stateBatches: [b(10, 19, 'available', 1), b(20, 29, 'archived', 5)] }
    expect(applyWrite(prev, 10, [b(15, 24, 'acknowledged', 1)])).toEqual({
      startOffset: 10,
      stateBatches: [b(10, 14, 'available', 1), b(15, 24, 'acknowledged', 1), b(25, 29, 'archived', 5)],
    })
    expect(applyWrite(prev, 10, [b(20, 29, 'available', 1)])).toEqual({ startOffset: 10, stateBatches: [b(10, 29, 'available', 1)] })
  })

  it('drops what lies below a new start offset, and never moves the start offset back', () => {
    const prev = { startOffset: 10, stateBatches: [b(10, 19, 'acknowledged', 1), b(20, 29, 'available', 2)] }
    expect(applyWrite(prev, 25, [])).toEqual({ startOffset: 25, stateBatches: [b(25, 29, 'available', 2)] })
    expect(applyWrite(prev, 5, []).startOffset).toBe(10)
  })

  it('writes the leader’s state of the given offsets, an acquired record as it was last written', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 10, 100, 0, LIM)
    acknowledge(sp, 1, 0, 4, 'accept', LIM)
    expireLocks(sp, LIM.lockDurationMs, LIM) // 4–9 available again, delivery count 1
    acquire(sp, 2, 3, 100, LIM.lockDurationMs, LIM) // 4–6 acquired (count 2): written as available, count 1
    expect(writtenBatches(sp, [[4, 10]])).toEqual([b(4, 9, 'available', 1)])
    expect(writtenBatches(sp, [[0, 2]])).toEqual([])
  })
})
