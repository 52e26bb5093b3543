// A small GroupHost for runtime tests, built on the real Kernel: it records every commit / revoke /
// lose / assign with its time, keeps partition ownership, integrates stopped partition-time, and
// simulates each consumer's poll loop (busy while it owns partitions, idle polls otherwise).
// Pure and plain data: save() / restore() continue exactly.

import { Kernel, type EventId, type KernelState } from '../../engine/kernel.ts'
import { Rng, type RngState } from '../../engine/rng.ts'
import type { SimTime } from '../../engine/time.ts'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { GroupFact } from '../narrationGroup.ts'
import type { GroupHost, GroupRuntime, GroupRuntimeFactory } from './groupRuntime.ts'

const EV_GROUP = 1
const EV_POLL = 2

export interface CallRecord {
  t: SimTime
  kind: 'commit' | 'revoke' | 'lose' | 'assign'
  member: number
  partitions: number[]
}

/** A fact the runtime said, with its time. */
export interface Said<F extends GroupFact = GroupFact> {
  t: SimTime
  fact: F
}

interface ConsumerSim {
  running: boolean
  pausedUntil: SimTime
  pollEvent: EventId
  /** Processing time of one batch while it owns partitions, ms. */
  processMs: number
}

export interface TestHostOptions {
  partitions: number
  seed?: number
  topic?: string
  latencyMs?: number
  /** Idle poll interval when a consumer owns nothing (fetch.max.wait.ms). */
  idlePollMs?: number
  /** Default batch processing time, ms. */
  processMs?: number
  /** What onPartitionsRevoked takes, ms. */
  revokeCallbackMs?: number
  /** What a synchronous offset commit takes (a round trip), ms. */
  commitMs?: number
  /** Each partition's weight for the lag-aware assignor (missing: 0). */
  load?: number[]
}

interface TestHostState {
  opts: Required<TestHostOptions>
  kernel: KernelState
  rng: RngState
  partitionCount: number
  owner: number[]
  consumers: ConsumerSim[]
  calls: CallRecord[]
  trace: Said[]
  zombies: number
  stoppedMs: number
  stoppedSince: SimTime
}

export class TestHost implements GroupHost {
  readonly kernel: Kernel
  readonly rng: Rng
  runtime!: GroupRuntime
  private st: Omit<TestHostState, 'kernel' | 'rng'>

  private constructor(st: TestHostState) {
    this.kernel = Kernel.restore(st.kernel)
    this.rng = Rng.restore(st.rng)
    this.st = { ...st, owner: [...st.owner], consumers: st.consumers.map((c) => ({ ...c })), calls: st.calls.map((c) => ({ ...c, partitions: [...c.partitions] })), trace: st.trace.map((l) => ({ ...l })) }
  }

  static create(options: TestHostOptions, factory: GroupRuntimeFactory, spec: ConsumerGroupSpec, broker: BrokerConfig): TestHost {
    const opts: Required<TestHostOptions> = { seed: 7, topic: 'orders', latencyMs: 2, idlePollMs: 500, processMs: 200, revokeCallbackMs: 4, commitMs: 4, load: [], ...options }
    const h = new TestHost({
      opts,
      kernel: new Kernel().save(),
      rng: Rng.create(opts.seed, 3).save(),
      partitionCount: opts.partitions,
      owner: new Array<number>(opts.partitions).fill(-1),
      consumers: [],
      calls: [],
      trace: [],
      zombies: 0,
      stoppedMs: 0,
      stoppedSince: 0,
    })
    h.runtime = factory.create(h, spec, broker)
    return h
  }

  save(): { host: TestHostState; runtime: unknown } {
    this.accrue()
    return {
      host: { ...this.st, kernel: this.kernel.save(), rng: this.rng.save(), owner: [...this.st.owner], consumers: this.st.consumers.map((c) => ({ ...c })), calls: this.st.calls.map((c) => ({ ...c })), trace: [...this.st.trace] },
      runtime: JSON.parse(JSON.stringify(this.runtime.save())) as unknown,
    }
  }

  static restore(saved: { host: TestHostState; runtime: unknown }, factory: GroupRuntimeFactory, spec: ConsumerGroupSpec, broker: BrokerConfig): TestHost {
    const h = new TestHost(saved.host)
    h.runtime = factory.restore(h, spec, broker, saved.runtime)
    return h
  }

  // ---------------------------------------------------------------- GroupHost

  now(): SimTime {
    return this.kernel.now
  }
  schedule(delayMs: number, token: number): EventId {
    return this.kernel.after(delayMs, EV_GROUP, token)
  }
  cancel(id: EventId): void {
    this.kernel.cancel(id)
  }
  partitionCount(): number {
    return this.st.partitionCount
  }
  partitionLoad(): number[] {
    return Array.from({ length: this.st.partitionCount }, (_, p) => this.st.opts.load[p] ?? 0)
  }
  topicName(): string {
    return this.st.opts.topic
  }
  networkLatencyMs(): number {
    return this.st.opts.latencyMs
  }
  commitSync(member: number, partitions: readonly number[]): number {
    this.st.calls.push({ t: this.now(), kind: 'commit', member, partitions: partitions.filter((p) => this.st.owner[p] === member) })
    return this.st.opts.commitMs
  }
  revoke(member: number, partitions: readonly number[]): number {
    this.change(() => {
      for (const p of partitions) if (this.st.owner[p] === member) this.st.owner[p] = -1
    })
    this.st.calls.push({ t: this.now(), kind: 'revoke', member, partitions: [...partitions] })
    return this.st.opts.revokeCallbackMs
  }
  lose(member: number, partitions: readonly number[]): void {
    this.change(() => {
      for (const p of partitions) if (this.st.owner[p] === member) this.st.owner[p] = -1
    })
    this.st.calls.push({ t: this.now(), kind: 'lose', member, partitions: [...partitions] })
  }
  assign(member: number, partitions: readonly number[]): void {
    this.change(() => {
      for (const p of partitions) {
        const prev = this.st.owner[p] ?? -1
        if (prev >= 0 && prev !== member) this.st.zombies++
        this.st.owner[p] = member
      }
    })
    this.st.calls.push({ t: this.now(), kind: 'assign', member, partitions: [...partitions] })
  }
  say(fact: GroupFact): void {
    this.st.trace.push({ t: this.now(), fact })
  }
  memberName(member: number): string {
    return `consumer-${member + 1}`
  }

  // ---------------------------------------------------------------- the simulated consumers

  /** A consumer process starts; it polls at once and then keeps polling. */
  start(slot: number, processMs = this.st.opts.processMs): void {
    const c: ConsumerSim = this.st.consumers[slot] ?? { running: false, pausedUntil: 0, pollEvent: -1, processMs }
    c.running = true
    c.pausedUntil = 0
    c.processMs = processMs
    this.st.consumers[slot] = c
    this.runtime.memberStarted(slot)
    this.schedulePoll(slot, 0)
  }

  crash(slot: number): void {
    this.stop(slot)
    this.runtime.memberCrashed(slot)
  }

  close(slot: number): void {
    this.runtime.memberClosed(slot)
    this.stop(slot)
  }

  /** The consumer is busy (a long batch): no poll for `ms`. */
  busy(slot: number, ms: number): void {
    if (this.st.consumers[slot]?.running) this.schedulePoll(slot, ms)
  }

  /** A stop-the-world GC pause. */
  pause(slot: number, ms: number): void {
    const c = this.st.consumers[slot]
    if (!c?.running) return
    c.pausedUntil = this.now() + ms
    this.schedulePoll(slot, ms)
    this.runtime.memberPaused(slot, ms)
  }

  setPartitions(count: number): void {
    this.change(() => {
      while (this.st.owner.length < count) this.st.owner.push(-1)
      this.st.partitionCount = count
    })
    this.runtime.partitionsChanged(count)
  }

  /** Runs every event up to `t` (absolute sim time, ms). */
  runUntil(t: SimTime): void {
    this.kernel.runUntil(t, this.dispatch)
    this.accrue()
  }

  runFor(ms: number): void {
    this.runUntil(this.now() + ms)
  }

  private readonly dispatch = (kind: number, arg: number): void => {
    if (kind === EV_GROUP) this.runtime.onTimer(arg)
    else if (kind === EV_POLL) this.onPoll(arg)
  }

  private onPoll(slot: number): void {
    const c = this.st.consumers[slot]
    if (!c) return
    c.pollEvent = -1
    if (!c.running || this.now() < c.pausedUntil) return
    this.runtime.memberPolled(slot)
    if (!c.running || c.pollEvent >= 0) return
    this.schedulePoll(slot, this.owned(slot).length > 0 ? c.processMs : this.st.opts.idlePollMs)
  }

  private schedulePoll(slot: number, delayMs: number): void {
    const c = this.st.consumers[slot]
    if (!c) return
    if (c.pollEvent >= 0) this.kernel.cancel(c.pollEvent)
    c.pollEvent = this.kernel.after(delayMs, EV_POLL, slot)
  }

  private stop(slot: number): void {
    const c = this.st.consumers[slot]
    if (!c) return
    this.change(() => {
      c.running = false
    })
    if (c.pollEvent >= 0) this.kernel.cancel(c.pollEvent)
    c.pollEvent = -1
  }

  // ---------------------------------------------------------------- what tests read

  get calls(): readonly CallRecord[] {
    return this.st.calls
  }
  /** Every fact the runtime said, in order. */
  get trace(): readonly Said[] {
    return this.st.trace
  }
  /** The facts of one kind, in order. */
  said<K extends GroupFact['kind']>(kind: K): Said<Extract<GroupFact, { kind: K }>>[] {
    return this.st.trace.filter((e): e is Said<Extract<GroupFact, { kind: K }>> => e.fact.kind === kind)
  }
  /** Hand-overs of a partition its previous owner had not given up. */
  get zombies(): number {
    return this.st.zombies
  }
  owned(slot: number): number[] {
    const out: number[] = []
    this.st.owner.forEach((o, p) => {
      if (o === slot) out.push(p)
    })
    return out
  }
  ownerOf(p: number): number {
    return this.st.owner[p] ?? -1
  }
  /** Partition-milliseconds during which nobody consumed a partition (unowned, or owner down/paused). */
  stoppedPartitionMs(): number {
    this.accrue()
    return this.st.stoppedMs
  }

  private stoppedCount(): number {
    let n = 0
    for (let p = 0; p < this.st.partitionCount; p++) {
      const o = this.st.owner[p] ?? -1
      const c = o >= 0 ? this.st.consumers[o] : undefined
      if (!c || !c.running || this.now() < c.pausedUntil) n++
    }
    return n
  }

  private accrue(): void {
    const now = this.now()
    if (now > this.st.stoppedSince) {
      this.st.stoppedMs += this.stoppedCount() * (now - this.st.stoppedSince)
      this.st.stoppedSince = now
    }
  }

  private change(f: () => void): void {
    this.accrue()
    f()
  }
}
