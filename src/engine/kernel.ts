// The discrete-event kernel: a clock that only moves by popping the next event.
// Generic: knows nothing of Kafka. Events are (time, kind, arg) and the host dispatches them.

import { EventHeap, type EventId, type HeapState } from './heap.ts'
import type { SimTime } from './time.ts'

export type { EventId }

export interface KernelState {
  readonly now: SimTime
  readonly processed: number
  readonly heap: HeapState
}

/** Receives each event as it fires. `kind` and `arg` are the host's own encoding. */
export type Dispatch = (kind: number, arg: number, id: EventId) => void

/**
 * Events one simulated instant may hold before the kernel calls it a livelock. Far above any real
 * burst (a 256-member rebalance at zero latency is a few thousand), far below a stall a user notices.
 */
export const MAX_EVENTS_PER_INSTANT = 50_000

/** An event that would fire at NaN or ±Infinity: the host computed a time from bad numbers. */
export class NonFiniteTimeError extends RangeError {
  constructor(what: string, value: number) {
    super(`Kernel.${what}: the time must be a finite number of ms (got ${value})`)
    this.name = 'NonFiniteTimeError'
  }
}

/** Events kept firing at one simulated instant: something reschedules itself with no delay. */
export class LivelockError extends Error {
  constructor(
    readonly time: SimTime,
    readonly count: number,
    readonly kind: number,
  ) {
    super(`livelock: ${count} events at simulated time ${time} ms without the clock moving (the last of kind ${kind}); something reschedules itself with no delay`)
    this.name = 'LivelockError'
  }
}

export class Kernel {
  now: SimTime = 0
  /** Events dispatched since the start of the run (for benchmarks and progress). */
  processed = 0
  private heap: EventHeap
  private readonly scratch = { time: 0, kind: 0, arg: 0, id: 0 }
  /** Events dispatched at `instant` so far (not saved: only a livelock ever gets near the cap). */
  private instant = Number.NaN
  private atInstant = 0

  constructor(
    heap = new EventHeap(),
    private readonly maxPerInstant = MAX_EVENTS_PER_INSTANT,
  ) {
    this.heap = heap
  }

  /** Schedules at an absolute time; a time in the past is clamped to now (never reorders history). */
  at(time: SimTime, kind: number, arg = 0): EventId {
    if (!Number.isFinite(time)) throw new NonFiniteTimeError('at', time)
    return this.heap.push(time < this.now ? this.now : time, kind, arg)
  }

  /** Schedules `delay` ms from now (a negative delay means now). */
  after(delay: number, kind: number, arg = 0): EventId {
    if (!Number.isFinite(delay)) throw new NonFiniteTimeError('after', delay)
    return this.heap.push(this.now + (delay > 0 ? delay : 0), kind, arg)
  }

  cancel(id: EventId): void {
    this.heap.cancel(id)
  }

  nextTime(): SimTime {
    return this.heap.peekTime()
  }

  /**
   * Dispatches every event with time ≤ `until` (which may be Infinity: run until the queue
   * drains), in (time, seq) order, then sets the clock to `until`. Stops early (clock at the last
   * event) once `maxEvents` have been dispatched. Returns the number dispatched. Throws a
   * LivelockError when one instant holds more than its cap of events.
   */
  runUntil(until: SimTime, dispatch: Dispatch, maxEvents = Infinity): number {
    const ev = this.scratch
    let n = 0
    while (n < maxEvents && this.heap.popDue(until, ev)) {
      if (ev.time !== this.instant) {
        this.instant = ev.time
        this.atInstant = 0
      } else if (++this.atInstant >= this.maxPerInstant) {
        this.processed += n
        throw new LivelockError(ev.time, this.atInstant, ev.kind)
      }
      this.now = ev.time
      n++
      dispatch(ev.kind, ev.arg, ev.id)
    }
    if (n < maxEvents && until > this.now && until !== Infinity) this.now = until
    this.processed += n
    return n
  }

  save(): KernelState {
    return { now: this.now, processed: this.processed, heap: this.heap.save() }
  }

  static restore(st: KernelState): Kernel {
    const k = new Kernel(EventHeap.restore(st.heap))
    k.now = st.now
    k.processed = st.processed
    return k
  }
}
