// The kernel's contract: the clock moves only by popping events, in (time, seq) order, and a saved
// kernel continues exactly as the original would.
import { describe, expect, it } from 'vitest'
import { Kernel, LivelockError, NonFiniteTimeError } from './kernel.ts'
import { Rng } from './rng.ts'

type Log = Array<[time: number, kind: number, arg: number]>

function recorder(k: Kernel, log: Log) {
  return (kind: number, arg: number) => {
    log.push([k.now, kind, arg])
  }
}

describe('Kernel', () => {
  it('dispatches due events in time order, sets now to each, then to the horizon', () => {
    const k = new Kernel()
    k.at(5, 1, 50)
    k.at(1, 1, 10)
    k.at(3, 2, 30)
    k.at(12, 1, 120)
    const log: Log = []
    expect(k.runUntil(10, recorder(k, log))).toBe(3)
    expect(log).toEqual([[1, 1, 10], [3, 2, 30], [5, 1, 50]])
    expect(k.now).toBe(10)
    expect(k.nextTime()).toBe(12)
  })

  it('dispatches an event due exactly at the horizon', () => {
    const k = new Kernel()
    k.at(10, 1, 1)
    const log: Log = []
    k.runUntil(10, recorder(k, log))
    expect(log).toEqual([[10, 1, 1]])
  })

  it('runs events scheduled during dispatch at the same time after the earlier-scheduled ones', () => {
    const k = new Kernel()
    const order: string[] = []
    k.at(1, 0, 0) // A
    k.at(1, 0, 1) // B
    k.runUntil(5, (_kind, arg) => {
      order.push('ABCD'[arg]!)
      if (arg === 0) {
        k.after(0, 0, 2) // C, same time as B but scheduled later
        k.at(0.5, 0, 3) // D, in the past: clamped to now, so it also runs after B
      }
    })
    expect(order).toEqual(['A', 'B', 'C', 'D'])
  })

  it('clamps a negative delay to zero', () => {
    const k = new Kernel()
    k.at(4, 0, 0)
    const times: number[] = []
    k.runUntil(4, () => {
      times.push(k.now)
      if (times.length === 1) k.after(-3, 0, 1)
    })
    expect(times).toEqual([4, 4])
  })

  it('stops early after maxEvents, with the clock at the last dispatched event', () => {
    const k = new Kernel()
    for (let i = 1; i <= 10; i++) k.at(i, 0, i)
    const log: Log = []
    expect(k.runUntil(100, recorder(k, log), 3)).toBe(3)
    expect(k.now).toBe(3)
    expect(k.processed).toBe(3)
    expect(k.runUntil(100, recorder(k, log))).toBe(7)
    expect(log.map((e) => e[2])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(k.now).toBe(100)
    expect(k.processed).toBe(10)
  })

  it('never moves the clock backwards when asked to run to an earlier time', () => {
    const k = new Kernel()
    k.runUntil(50, () => {})
    k.runUntil(20, () => {})
    expect(k.now).toBe(50)
  })

  // Engine bug (kernel.ts runUntil): with until = Infinity, peekTime() of an empty queue is
  // Infinity ≤ Infinity, so the loop goes on after the queue drains, re-dispatching the stale last
  // event up to maxEvents times (forever without a cap). Fix: also stop when heap.pop(ev) is false.
  it('dispatches each event once and stops when the queue drains, even when running to Infinity', () => {
    const k = new Kernel()
    k.at(7, 0, 0)
    let calls = 0
    expect(k.runUntil(Infinity, () => calls++, 10)).toBe(1)
    expect(calls).toBe(1)
    expect(k.now).toBe(7)
  })

  it('skips cancelled events, and passes each event its id', () => {
    const k = new Kernel()
    const a = k.at(1, 0, 1)
    const b = k.at(2, 0, 2)
    k.cancel(a)
    const seen: number[] = []
    k.runUntil(10, (_kind, _arg, id) => seen.push(id))
    expect(seen).toEqual([b])
  })

  it('continues identically after save and restore in the middle of a run', () => {
    // A self-sustaining workload: 8 M/M/1 queues driven by one seeded stream.
    const world = (k: Kernel, rng: Rng, q: Int32Array, log: number[]) => (kind: number, p: number) => {
      log.push(k.now, kind, p)
      if (kind === 0) {
        if (++q[p]! === 1) k.after(rng.exp(1), 1, p)
        k.after(rng.exp(1.25), 0, p)
      } else if (--q[p]! > 0) {
        k.after(rng.exp(1), 1, p)
      }
    }
    const k = new Kernel()
    const rng = Rng.create(99)
    const q = new Int32Array(8)
    for (let p = 0; p < 8; p++) k.after(rng.exp(1.25), 0, p)
    const prefix: number[] = []
    k.runUntil(500, world(k, rng, q, prefix))
    k.cancel(k.after(3, 9, 9)) // a pending cancellation must survive the checkpoint too
    const saved = JSON.parse(JSON.stringify({ k: k.save(), rng: rng.save(), q: [...q] }, (_key, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v)))
    const k2 = Kernel.restore({ ...saved.k, heap: { ...saved.k.heap, time: new Float64Array(saved.k.heap.time), seq: new Float64Array(saved.k.heap.seq), kind: new Int32Array(saved.k.heap.kind), arg: new Int32Array(saved.k.heap.arg) } })
    const rng2 = Rng.restore(saved.rng)
    const q2 = new Int32Array(saved.q)

    const a: number[] = []
    const b: number[] = []
    k.runUntil(1000, world(k, rng, q, a))
    k2.runUntil(1000, world(k2, rng2, q2, b))
    expect(a.length).toBeGreaterThan(1000)
    expect(b).toEqual(a)
    expect(a.includes(9)).toBe(false)
    expect(k2.now).toBe(k.now)
    expect(k2.processed).toBe(k.processed)
  })

  it('refuses to schedule at a non-finite time, naming the value', () => {
    const k = new Kernel()
    for (const bad of [Number.NaN, Infinity, -Infinity]) {
      expect(() => k.at(bad, 0)).toThrow(NonFiniteTimeError)
      expect(() => k.after(bad, 0)).toThrow(new RegExp(`Kernel\\.after: .*got ${bad}`))
    }
    expect(k.nextTime()).toBe(Infinity) // nothing was queued
  })

  it('still runs to Infinity, draining the queue', () => {
    const k = new Kernel()
    k.at(3, 0)
    k.at(1e9, 0)
    expect(k.runUntil(Infinity, () => {})).toBe(2)
    expect(k.now).toBe(1e9)
  })

  it('stops a livelock at one instant with an error naming the time and the event kind', () => {
    const k = new Kernel(undefined, 1000)
    k.at(5, 7)
    let dispatched = 0
    let error: unknown = null
    try {
      k.runUntil(100, (kind) => {
        dispatched++
        k.after(0, kind) // reschedules itself with no delay: time never moves
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(LivelockError)
    expect((error as LivelockError).time).toBe(5)
    expect((error as Error).message).toMatch(/livelock: 1000 events at simulated time 5 ms .*kind 7/)
    expect(dispatched).toBe(1000)
    expect(k.now).toBe(5)
  })

  it('lets many events share an instant below the cap, and resets the count when time moves', () => {
    const k = new Kernel(undefined, 1000)
    for (let t = 0; t < 5; t++) for (let i = 0; i < 999; i++) k.at(t, 0, i)
    expect(k.runUntil(10, () => {})).toBe(5 * 999)
  })
})
