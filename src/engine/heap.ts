// A binary min-heap of events ordered by (time, seq), with cancel by id.
// Pure data in typed arrays; no closures, so it can be checkpointed and restored bit for bit.
// Ties in time fall back to insertion order (seq), so the engine, not the host, owns the
// order of simultaneous events (XState's SimulatedClock leaves that unordered).

export type EventId = number

const FILTER_SIZE = 1 << 14
const FILTER_MASK = FILTER_SIZE - 1

export interface HeapState {
  readonly size: number
  readonly nextSeq: number
  readonly time: Float64Array
  readonly seq: Float64Array
  readonly kind: Int32Array
  readonly arg: Int32Array
  readonly cancelled: number[]
}

/**
 * Events are (time, kind, arg): `kind` is the host's event type, `arg` its target (a partition,
 * a member index, a message slot). The id of an event is its seq, unique for the run.
 */
export class EventHeap {
  private n = 0
  private nextSeq = 0
  private t: Float64Array
  private s: Float64Array
  private k: Int32Array
  private a: Int32Array
  /** Lazily deleted ids: skipped when they reach the top, purged in bulk when they pile up. */
  private cancelled = new Set<number>()
  /**
   * How many cancelled ids fall in each of FILTER_SIZE bins (by seq's low bits): every pop asks
   * whether the root was cancelled, and a zero here answers without a Set lookup (a run with
   * timers re-armed on every poll nearly always has some cancelled ids pending, and the lookup
   * took ~2 % of a full-size run). Derived from `cancelled`; not saved.
   */
  private cancelledIn = new Int32Array(FILTER_SIZE)
  /**
   * The root was popped but not yet replaced. A dispatch usually schedules a follow-up event, so
   * the next push fills the hole with one sift-down instead of a sift-down plus a sift-up.
   */
  private hole = false

  constructor(capacity = 1024) {
    this.t = new Float64Array(capacity)
    this.s = new Float64Array(capacity)
    this.k = new Int32Array(capacity)
    this.a = new Int32Array(capacity)
  }

  /** Entries held, including cancelled ones not yet dropped. */
  get pending(): number {
    return this.n - (this.hole ? 1 : 0)
  }

  push(time: number, kind: number, arg: number): EventId {
    const seq = this.nextSeq++
    if (this.hole) {
      this.hole = false
      this.siftDown(0, time, seq, kind, arg, this.n)
      return seq
    }
    if (this.n === this.t.length) this.grow()
    let i = this.n++
    const t = this.t, s = this.s, k = this.k, a = this.a
    // sift up: the new seq is the largest, so an equal time never moves it above its parent
    while (i > 0) {
      const p = (i - 1) >> 1
      const pt = t[p]!
      if (pt <= time) break
      t[i] = pt; s[i] = s[p]!; k[i] = k[p]!; a[i] = a[p]!
      i = p
    }
    t[i] = time; s[i] = seq; k[i] = kind; a[i] = arg
    return seq
  }

  /**
   * Cancels a pending event (an id that already fired is forgotten at the next purge). When
   * cancelled entries reach half the heap they are purged at once, so a timer re-armed on every
   * poll cannot grow the heap without bound.
   */
  cancel(id: EventId): void {
    if (id >= this.nextSeq || this.cancelled.has(id)) return
    this.cancelled.add(id)
    this.cancelledIn[id & FILTER_MASK]!++
    if (this.cancelled.size > 32 && this.cancelled.size * 2 > this.n) this.compact()
  }

  /** Time of the next live event, or Infinity. */
  peekTime(): number {
    this.settle()
    return this.n > 0 ? this.t[0]! : Infinity
  }

  /**
   * Removes the next live event and writes it to `out`. Returns false when empty.
   * `out` is reused by the caller so the hot loop allocates nothing.
   */
  pop(out: { time: number; kind: number; arg: number; id: number }): boolean {
    return this.popDue(Infinity, out)
  }

  /** Like pop, but only if the next live event is due at or before `until`. */
  popDue(until: number, out: { time: number; kind: number; arg: number; id: number }): boolean {
    this.settle()
    if (this.n === 0 || this.t[0]! > until) return false
    out.time = this.t[0]!; out.kind = this.k[0]!; out.arg = this.a[0]!; out.id = this.s[0]!
    this.hole = true
    return true
  }

  /** Fills a pending hole and drops cancelled entries from the top. */
  private settle(): void {
    if (this.hole) this.fillHole()
    while (this.n > 0 && this.cancelledIn[this.s[0]! & FILTER_MASK] !== 0 && this.cancelled.has(this.s[0]!)) {
      this.cancelled.delete(this.s[0]!)
      this.cancelledIn[this.s[0]! & FILTER_MASK]!--
      this.fillHole()
    }
  }

  /** Replaces the root with the last entry (the root is dead: popped or cancelled). */
  private fillHole(): void {
    this.hole = false
    const last = --this.n
    if (last <= 0) {
      this.n = Math.max(0, last)
      return
    }
    this.siftDown(0, this.t[last]!, this.s[last]!, this.k[last]!, this.a[last]!, last)
  }

  private siftDown(i: number, time: number, seq: number, kind: number, arg: number, size: number): void {
    const t = this.t, s = this.s, k = this.k, a = this.a
    const half = size >> 1
    while (i < half) {
      let c = 2 * i + 1
      const r = c + 1
      if (r < size && (t[r]! < t[c]! || (t[r] === t[c] && s[r]! < s[c]!))) c = r
      if (time < t[c]! || (time === t[c] && seq < s[c]!)) break
      t[i] = t[c]!; s[i] = s[c]!; k[i] = k[c]!; a[i] = a[c]!
      i = c
    }
    t[i] = time; s[i] = seq; k[i] = kind; a[i] = arg
  }

  /** Drops every cancelled entry and rebuilds the heap bottom-up. Order is unchanged: (time, seq) is total. */
  private compact(): void {
    if (this.hole) this.fillHole()
    const t = this.t, s = this.s, k = this.k, a = this.a
    let m = 0
    for (let i = 0; i < this.n; i++) {
      if (this.cancelled.has(s[i]!)) continue
      t[m] = t[i]!; s[m] = s[i]!; k[m] = k[i]!; a[m] = a[i]!
      m++
    }
    this.n = m
    this.cancelled.clear()
    this.cancelledIn.fill(0)
    for (let i = (m >> 1) - 1; i >= 0; i--) this.siftDown(i, t[i]!, s[i]!, k[i]!, a[i]!, m)
  }

  private grow(): void {
    const cap = this.t.length * 2
    const grow = <T extends Float64Array | Int32Array>(src: T, make: (n: number) => T): T => {
      const d = make(cap)
      d.set(src)
      return d
    }
    this.t = grow(this.t, (n) => new Float64Array(n))
    this.s = grow(this.s, (n) => new Float64Array(n))
    this.k = grow(this.k, (n) => new Int32Array(n))
    this.a = grow(this.a, (n) => new Int32Array(n))
  }

  /** A deep copy of the queue: restoring it continues exactly where this one was. */
  save(): HeapState {
    if (this.hole) this.fillHole()
    return {
      size: this.n,
      nextSeq: this.nextSeq,
      time: this.t.slice(0, this.n),
      seq: this.s.slice(0, this.n),
      kind: this.k.slice(0, this.n),
      arg: this.a.slice(0, this.n),
      cancelled: [...this.cancelled].sort((x, y) => x - y),
    }
  }

  static restore(st: HeapState): EventHeap {
    const h = new EventHeap(Math.max(1024, st.size * 2))
    h.t.set(st.time); h.s.set(st.seq); h.k.set(st.kind); h.a.set(st.arg)
    h.n = st.size
    h.nextSeq = st.nextSeq
    h.cancelled = new Set(st.cancelled)
    for (const id of h.cancelled) h.cancelledIn[id & FILTER_MASK]!++
    return h
  }
}
