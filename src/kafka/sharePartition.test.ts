import { describe, expect, it } from 'vitest'
import { acknowledge, acquire, countIn, createSharePartition, expireLocks, inFlight, nextLockExpiry, releaseMember, type ShareLimits } from './sharePartition.ts'

const LIM: ShareLimits = { lockDurationMs: 30000, deliveryCountLimit: 5, maxRecordLocks: 200 }

describe('acquire', () => {
  it('hands out new records in offset order under a lock of the lock duration, delivery count 1', () => {
    const sp = createSharePartition(0)
    expect(acquire(sp, 1, 50, 1000, 100, LIM)).toEqual([{ from: 0, to: 50, deliveryCount: 1 }])
    expect(acquire(sp, 2, 50, 1000, 200, LIM)).toEqual([{ from: 50, to: 100, deliveryCount: 1 }])
    expect(nextLockExpiry(sp)).toBe(100 + 30000)
    expect(inFlight(sp)).toBe(100)
  })

  it('never lets more than group.share.partition.max.record.locks records be in flight', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 500, 10_000, 0, LIM)
    expect(inFlight(sp)).toBe(200)
    expect(acquire(sp, 2, 500, 10_000, 0, LIM)).toEqual([])
    // Acknowledging the first 50 moves the start offset and frees 50 locks.
    acknowledge(sp, 1, 0, 50, 'accept', LIM)
    expect(sp.start).toBe(50)
    expect(acquire(sp, 2, 500, 10_000, 0, LIM)).toEqual([{ from: 200, to: 250, deliveryCount: 1 }])
  })

  it('redelivers available records first, lowest offsets first, counting the delivery', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 100, 1000, 0, LIM)
    acknowledge(sp, 1, 20, 40, 'release', LIM)
    expect(acquire(sp, 2, 30, 1000, 10, LIM)).toEqual([
      { from: 20, to: 40, deliveryCount: 2 },
      { from: 100, to: 110, deliveryCount: 1 },
    ])
  })
})

describe('acknowledge', () => {
  it('accept → acknowledged, reject → archived; only the member holding the lock may acknowledge', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 10, 100, 0, LIM)
    expect(acknowledge(sp, 2, 0, 10, 'accept', LIM)).toEqual({ acknowledged: 0, released: 0, archived: 0, invalid: 10 })
    expect(acknowledge(sp, 1, 0, 6, 'accept', LIM)).toMatchObject({ acknowledged: 6, invalid: 0 })
    expect(acknowledge(sp, 1, 6, 10, 'reject', LIM)).toMatchObject({ archived: 4, invalid: 0 })
    expect(sp.start).toBe(10)
    expect(sp.runs).toEqual([])
  })

  it('the start offset waits for the lowest unsettled record', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 10, 100, 0, LIM)
    acquire(sp, 2, 10, 100, 0, LIM)
    acknowledge(sp, 2, 10, 20, 'accept', LIM)
    expect(sp.start).toBe(0)
    expect(countIn(sp, 'acknowledged')).toBe(10)
    acknowledge(sp, 1, 0, 10, 'accept', LIM)
    expect(sp.start).toBe(20)
  })
})

describe('lock expiry and the delivery count limit', () => {
  it('an expired lock makes the records available again exactly at the lock duration, not before', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 10, 100, 1000, LIM)
    expect(expireLocks(sp, 1000 + 29999, LIM).released).toBe(0)
    expect(expireLocks(sp, 1000 + 30000, LIM).released).toBe(10)
    expect(countIn(sp, 'available')).toBe(10)
    // The member that held them can no longer acknowledge them.
    expect(acknowledge(sp, 1, 0, 10, 'accept', LIM).invalid).toBe(10)
  })

  it('archives a record whose 5th delivery fails (released or expired), and never delivers it a 6th time', () => {
    const sp = createSharePartition(0)
    let now = 0
    for (let delivery = 1; delivery <= 5; delivery++) {
      const got = acquire(sp, delivery, 1, 1, now, LIM)
      expect(got).toEqual([{ from: 0, to: 1, deliveryCount: delivery }])
      const m = delivery % 2 === 0 ? acknowledge(sp, delivery, 0, 1, 'release', LIM) : expireLocks(sp, (now += LIM.lockDurationMs), LIM)
      if (delivery < 5) expect(m).toMatchObject({ released: 1, archived: 0 })
      else expect(m).toMatchObject({ released: 0, archived: 1 })
    }
    expect(acquire(sp, 9, 1, 1, now, LIM)).toEqual([])
    expect(sp.start).toBe(1)
  })

  it('a member that leaves releases what it holds at once', () => {
    const sp = createSharePartition(0)
    acquire(sp, 1, 10, 100, 0, LIM)
    acquire(sp, 2, 10, 100, 0, LIM)
    expect(releaseMember(sp, 1, LIM)).toMatchObject({ released: 10 })
    expect(countIn(sp, 'acquired')).toBe(10)
    expect(acquire(sp, 3, 100, 20, 0, LIM)).toEqual([{ from: 0, to: 10, deliveryCount: 2 }])
  })
})
