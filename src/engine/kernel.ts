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

export class Kernel {
  now: SimTime = 0
  /** Events dispatched since the start of the run (for benchmarks and progress). */
  processed = 0
  private heap: EventHeap
  private readonly scratch = { time: 0, kind: 0, arg: 0, id: 0 }

  constructor(heap = new EventHeap()) {
    this.heap = heap
  }

  /** Schedules at an absolute time; a time in the past is clamped to now (never reorders history). */
  at(time: SimTime, kind: number, arg = 0): EventId {
    return this.heap.push(time < this.now ? this.now : time, kind, arg)
  }

  /** Schedules `delay` ms from now. */
  after(delay: number, kind: number, arg = 0): EventId {
    return this.heap.push(this.now + (delay > 0 ? delay : 0), kind, arg)
  }

  cancel(id: EventId): void {
    this.heap.cancel(id)
  }

  nextTime(): SimTime {
    return this.heap.peekTime()
  }

  /**
   * Dispatches every event with time ≤ `until`, in (time, seq) order, then sets the clock to
   * `until`. Stops early (clock at the last event) once `maxEvents` have been dispatched.
   * Returns the number dispatched.
   */
  runUntil(until: SimTime, dispatch: Dispatch, maxEvents = Infinity): number {
    const ev = this.scratch
    let n = 0
    while (n < maxEvents && this.heap.popDue(until, ev)) {
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
