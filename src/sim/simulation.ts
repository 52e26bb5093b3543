// The Kafka world on the engine: producers, partition logs, consumers' poll loops and a group
// protocol, driven by one event queue. The only place engine, kafka and protocols meet.
// Pure: no DOM, no timers, no wall clock; all randomness from seeded streams.

import { deepClone } from '../engine/clone.ts'
import { Kernel, type KernelState } from '../engine/kernel.ts'
import { Rng, type RngState } from '../engine/rng.ts'
import { formatSimTime, type SimTime } from '../engine/time.ts'
import { remappedKeys } from '../kafka/keyRemapping.ts'
import { DEFAULT_HOT_KEY } from '../scenario/defaults.ts'
import { LIMITS } from '../scenario/validation/limits.ts'
import type { Command, Scenario } from '../scenario/types.ts'
import { commitOwned, fetchForConsumer, pruneSegments } from './consume.ts'
import type { Frame, MetricsSample, TraceEntry } from './frameTypes.ts'
import { buildFrame } from './frame.ts'
import type { GroupHost, GroupRuntime } from './group/groupRuntime.ts'
import { createGroup, restoreGroup } from './groupFactory.ts'
import { allKeyNames, buildKeyModel, saltedPartitions } from './keyModel.ts'
import { mergeInto, quantile } from './latencyHistogram.ts'
import { produceTick } from './produce.ts'
import type { RunSummary, SimCheckpoint, Simulation } from './simulationApi.ts'
import { buildSummary } from './summary.ts'
import { createWorldState, growPartitions, setOwner, type ConsumerState, type Deferred, type ProducerState, type WorldState } from './worldState.ts'

const EV_PRODUCE = 1
const EV_POLL = 2
const EV_METRICS = 3
const EV_ACTION = 4
const EV_GROUP = 5
const EV_RESUME = 6
const EV_DEFERRED = 7

export const METRICS_INTERVAL_MS = 1000
const MAX_METRIC_ROWS = 3600
const MAX_TRACE = 5000
export const MAX_PARTITIONS = 4096

interface SavedState {
  w: WorldState
  kernel: KernelState
  rng: { produce: RngState; consume: RngState; group: RngState }
  group: unknown
}

export function createSimulation(scenario: Scenario): Simulation {
  return new KafkaSimulation(scenario, null)
}

export function restoreSimulation(cp: SimCheckpoint): Simulation {
  return new KafkaSimulation(cp.scenario, cp.state as SavedState)
}

class KafkaSimulation implements Simulation {
  readonly scenario: Scenario
  private w: WorldState
  private kernel: Kernel
  private rngProduce: Rng
  private rngConsume: Rng
  private rngGroup: Rng
  private group: GroupRuntime
  private readonly host: GroupHost

  constructor(scenario: Scenario, saved: SavedState | null) {
    this.scenario = deepClone(scenario)
    this.host = this.makeHost()
    if (saved) {
      const s = deepClone(saved)
      this.w = s.w
      this.kernel = Kernel.restore(s.kernel)
      this.rngProduce = Rng.restore(s.rng.produce)
      this.rngConsume = Rng.restore(s.rng.consume)
      this.rngGroup = Rng.restore(s.rng.group)
      this.group = restoreGroup(this.host, this.w.live, s.group)
      return
    }
    const live = deepClone(scenario)
    this.w = createWorldState(live, live.topic.partitions)
    // The group existed before the run: committed offsets start at the log start.
    this.w.committed.fill(0)
    this.kernel = new Kernel()
    this.rngProduce = Rng.create(scenario.seed, 1)
    this.rngConsume = Rng.create(scenario.seed, 2)
    this.rngGroup = Rng.create(scenario.seed, 3)
    for (let i = 0; i < live.producers.length; i++) this.w.producers.push(this.newProducer(i))
    this.group = createGroup(this.host, live)
    // The group's consumers were started at different moments, so their heartbeat threads are out
    // of phase: each starts at a seeded offset within one heartbeat.interval.ms.
    const spread = Math.max(0, live.group.config['heartbeat.interval.ms'])
    for (let i = 0; i < live.group.consumers; i++) {
      const c = this.newConsumer()
      const at = i === 0 ? 0 : this.rngGroup.next() * spread
      if (at === 0) this.startConsumer(c)
      else {
        this.w.consumers[c]!.status = 'down'
        this.defer(at, { up: c, first: true })
      }
    }
    this.kernel.after(this.cycleMs(), EV_PRODUCE)
    this.kernel.after(METRICS_INTERVAL_MS, EV_METRICS)
    live.actions.forEach((a, i) => this.kernel.at(a.atSec * 1000, EV_ACTION, i))
  }

  // ------------------------------------------------------------------ adapters' surface

  now(): SimTime {
    return this.kernel.now
  }

  eventsProcessed(): number {
    return this.kernel.processed
  }

  advanceTo(t: SimTime): void {
    this.kernel.runUntil(t, this.dispatch)
    this.accrueStopped()
  }

  apply(cmd: Command): void {
    this.applyCommand(cmd)
  }

  frame(maxParticles = 3000): Frame {
    this.accrueStopped()
    return buildFrame(this.w, this.group, this.kernel.now, maxParticles, this.drainTrace())
  }

  drainSamples(): MetricsSample[] {
    const out = this.w.undrainedMetrics
    this.w.undrainedMetrics = []
    return out
  }

  drainTrace(): TraceEntry[] {
    const out = this.w.undrainedTrace
    this.w.undrainedTrace = []
    return out
  }

  summary(): RunSummary {
    this.accrueStopped()
    return buildSummary(this.w, this.group, this.kernel.now)
  }

  checkpoint(): SimCheckpoint {
    this.accrueStopped()
    const state: SavedState = {
      w: deepClone(this.w),
      kernel: this.kernel.save(),
      rng: { produce: this.rngProduce.save(), consume: this.rngConsume.save(), group: this.rngGroup.save() },
      group: deepClone(this.group.save()),
    }
    return { version: 1, scenario: deepClone(this.scenario), state }
  }

  // ------------------------------------------------------------------ events

  private readonly dispatch = (kind: number, arg: number): void => {
    switch (kind) {
      case EV_PRODUCE:
        this.onProduce()
        break
      case EV_POLL:
        this.onPoll(arg)
        break
      case EV_METRICS:
        this.onMetrics()
        break
      case EV_ACTION: {
        const a = this.w.live.actions[arg]
        if (a) this.applyCommand(a)
        break
      }
      case EV_GROUP:
        this.group.onTimer(arg)
        break
      case EV_RESUME:
        this.onResume(arg)
        break
      case EV_DEFERRED: {
        const item = this.w.deferred[arg]
        if (item) this.runDeferred(item)
        break
      }
    }
  }

  /** The producer send cycle: linger.ms (at least 1 ms, so linger.ms=0 still batches per ms). */
  private cycleMs(): number {
    return Math.max(1, this.w.live.producerConfig['linger.ms'])
  }

  private onProduce(): void {
    const dt = this.cycleMs()
    produceTick(this.w, {
      now: this.kernel.now,
      dtMs: dt,
      rng: this.rngProduce,
      appended: this.wakeOwner,
      trace: (k, t) => this.trace(k, t),
    })
    this.kernel.after(dt, EV_PRODUCE)
  }

  private readonly wakeOwner = (p: number): void => {
    const c = this.w.owner[p]!
    if (c < 0) return
    const cs = this.w.consumers[c]!
    if (!cs.waiting || cs.status !== 'running' || this.kernel.now < cs.pausedUntil) return
    cs.waiting = false
    this.schedulePoll(c, this.kernel.now + this.w.live.broker.networkLatencyMs)
  }

  private schedulePoll(c: number, at: number): void {
    const cs = this.w.consumers[c]!
    if (cs.pollEvent >= 0) this.kernel.cancel(cs.pollEvent)
    cs.pollAt = Math.max(at, this.kernel.now)
    cs.pollEvent = this.kernel.at(cs.pollAt, EV_POLL, c)
  }

  /**
   * The application calls poll(): what the last poll returned is processed by now. Commits as
   * configured, lets the group protocol run (joins and callbacks happen inside poll in the Java
   * client), fetches up to max.poll.records, and schedules the next poll after processing them.
   */
  private onPoll(c: number): void {
    const cs = this.w.consumers[c]!
    cs.pollEvent = -1
    if (cs.status !== 'running') return
    const now = this.kernel.now
    if (now < cs.pausedUntil) return // the resume event polls
    const g = this.w.live.group
    if (g.processing.commitMode === 'after-processing') commitOwned(this.w, c)
    else if (g.config['enable.auto.commit'] && now - cs.lastAutoCommit >= g.config['auto.commit.interval.ms']) {
      commitOwned(this.w, c)
      cs.lastAutoCommit = now
    }
    cs.batch = []
    this.group.memberPolled(c)
    if (cs.status !== 'running' || cs.pollEvent >= 0) return
    const lat = this.w.live.broker.networkLatencyMs
    const fetched = fetchForConsumer(this.w, c, g.config['max.poll.records'], now, this.cycleMs() / 2 + lat)
    if (fetched.records === 0) {
      cs.waiting = true
      this.schedulePoll(c, now + g.config['fetch.max.wait.ms'])
      return
    }
    cs.waiting = false
    const msPerRecord = 1000 / Math.max(1e-9, g.processing.recordsPerSec)
    const procMs = ((fetched.costUnits * msPerRecord) / Math.max(1e-6, cs.speed)) * this.rngConsume.lognormalUnitMean(g.processing.cv)
    cs.busyMsWin += procMs
    this.schedulePoll(c, now + procMs + lat)
  }

  private onResume(c: number): void {
    const cs = this.w.consumers[c]!
    if (cs.status !== 'running') return
    this.accrueStopped()
    this.recountStopped()
    if (cs.pollEvent < 0) this.schedulePoll(c, this.kernel.now)
  }

  // ------------------------------------------------------------------ metrics

  private onMetrics(): void {
    const w = this.w
    const now = this.kernel.now
    const dt = METRICS_INTERVAL_MS / 1000
    let totalIn = 0
    let totalOut = 0
    let totalLag = 0
    let maxIn = 0
    const lag = new Float64Array(w.P)
    for (let p = 0; p < w.P; p++) {
      w.inRate[p] = w.inWin[p]! / dt
      w.outRate[p] = w.outWin[p]! / dt
      totalIn += w.inRate[p]!
      totalOut += w.outRate[p]!
      if (w.inRate[p]! > maxIn) maxIn = w.inRate[p]!
      w.inWin[p] = 0
      w.outWin[p] = 0
      lag[p] = w.leo[p]! - w.delivered[p]!
      totalLag += lag[p]!
    }
    const meanIn = totalIn / w.P
    const skew = meanIn > 0 ? maxIn / meanIn : 1
    for (const cs of w.consumers) {
      cs.utilization = cs.busyMsWin / METRICS_INTERVAL_MS
      cs.busyMsWin = 0
    }
    const p99 = quantile(w.latencyWin, 0.99)
    mergeInto(w.latency, w.latencyWin)
    w.latencyWin.fill(0)
    // Hotspot detection is producer-side: partitions the producers do not know of yet are not "cold" lanes.
    this.detectHotspots(totalIn / w.producerPartitions)
    const gv = this.group.group()
    if (gv.rebalancing && totalLag > w.maxLagDuringRebalance) w.maxLagDuringRebalance = totalLag
    const open = this.openRebalance()
    if (open >= 0) w.rebalanceMaxLag[open] = Math.max(w.rebalanceMaxLag[open] ?? 0, totalLag)
    if (gv.rebalancesLastMinute > w.maxRebalancesPerMinute) w.maxRebalancesPerMinute = gv.rebalancesLastMinute
    this.autoscale(totalLag)
    pruneSegments(w, now)
    const row: MetricsSample = { t: now, inRate: totalIn, outRate: totalOut, totalLag, p99Ms: p99, skewRatio: skew, lag, rebalancing: gv.rebalancing }
    w.metrics.push(row)
    if (w.metrics.length > MAX_METRIC_ROWS) w.metrics.splice(0, w.metrics.length - MAX_METRIC_ROWS)
    w.undrainedMetrics.push(row)
    if (w.undrainedMetrics.length > MAX_METRIC_ROWS) w.undrainedMetrics.shift()
    this.kernel.after(METRICS_INTERVAL_MS, EV_METRICS)
  }

  /**
   * Dynamic partitioning, step (a): a key whose share of all records exceeds the threshold, or a
   * lane whose rate exceeds skewThreshold × the mean, is flagged. Salting and load-aware routing
   * act on flagged keys from the next send cycle on.
   */
  private detectHotspots(meanIn: number): void {
    const w = this.w
    const dyn = w.live.dynamic
    const active = dyn.hotspotDetection.enabled || dyn.salting.enabled || dyn.loadAware.enabled
    const total = w.producedWin
    w.producedWin = 0
    for (const ps of w.producers) {
      const m = ps.model
      for (let k = 0; k < m.tracked.length; k++) {
        const share = total > 0 ? ps.keyWin[k]! / total : 0
        ps.keyShare[k] = share
        ps.keyTotal[k]! += ps.keyWin[k]!
        ps.keyWin[k] = 0
        const tk = m.tracked[k]!
        const th = dyn.hotspotDetection.keyShareThreshold
        if (!ps.flagged[k] && active && share >= th) {
          ps.flagged[k] = true
          this.trace('hotspot.keyFlagged', `hot key "${tk.name}" flagged: ${(share * 100).toFixed(0)} % of records, all on partition ${tk.partition}`)
          this.noteRemap(ps, k)
        } else if (ps.flagged[k] && (!active || share < th * 0.8)) {
          ps.flagged[k] = false
          this.trace('hotspot.keyCleared', `key "${tk.name}" no longer hot (${(share * 100).toFixed(0)} %)`)
        }
      }
    }
    for (let p = 0; p < w.P; p++) {
      const hot = active && meanIn > 0 && w.inRate[p]! > dyn.hotspotDetection.partitionSkewThreshold * meanIn ? 1 : 0
      if (hot && !w.hotLane[p]) this.trace('hotspot.laneFlagged', `partition ${p} is hot: ${Math.round(w.inRate[p]!)} rec/s, ${(w.inRate[p]! / meanIn).toFixed(1)}× the mean`)
      w.hotLane[p] = hot
    }
  }

  /** A flagged key that salting or load-aware routing moves off its hash partition counts once. */
  private noteRemap(ps: ProducerState, k: number): void {
    const dyn = this.w.live.dynamic
    const tk = ps.model.tracked[k]!
    if (!(dyn.salting.enabled || dyn.loadAware.enabled) || ps.remapCounted.includes(tk.name)) return
    ps.remapCounted.push(tk.name)
    this.w.remappedKeys += 1
    if (dyn.salting.enabled) {
      const parts = saltedPartitions(tk.name, dyn.salting.splits, this.w.producerPartitions)
      this.trace('dynamic.salted', `salting "${tk.name}" over ${dyn.salting.splits} salts → partitions ${parts.join(', ')} (its per-key order is no longer guaranteed)`)
    } else {
      this.trace('dynamic.routed', `load-aware routing sends "${tk.name}" to the least-loaded lane (its per-key order is no longer guaranteed)`)
    }
  }

  /** KEDA-style: add a consumer while lag is above the threshold, remove one when it is low. */
  private autoscale(totalLag: number): void {
    const a = this.w.live.group.autoscaler
    if (!a.enabled) return
    const now = this.kernel.now
    if (now - this.w.lastScaleAt < a.cooldownSec * 1000) return
    const running = this.w.consumers.filter((c) => c.status === 'running').length
    if (totalLag > a.lagThreshold && running < a.maxConsumers) {
      this.w.lastScaleAt = now
      this.trace('autoscaler.scaleOut', `autoscaler: lag ${Math.round(totalLag)} > ${a.lagThreshold} → adding a consumer`)
      this.applyCommand({ do: 'addConsumer' })
    } else if (totalLag < a.scaleInBelowLag && running > a.minConsumers) {
      this.w.lastScaleAt = now
      this.trace('autoscaler.scaleIn', `autoscaler: lag ${Math.round(totalLag)} < ${a.scaleInBelowLag} → removing a consumer`)
      this.applyCommand({ do: 'removeConsumer' })
    }
  }

  // ------------------------------------------------------------------ stopped partition-time

  private isStopped(p: number): boolean {
    const c = this.w.owner[p]!
    if (c < 0) return true
    const cs = this.w.consumers[c]!
    return cs.status !== 'running' || this.kernel.now < cs.pausedUntil
  }

  private accrueStopped(): void {
    const w = this.w
    const now = this.kernel.now
    if (now > w.stoppedSince) {
      const ms = w.stoppedCount * (now - w.stoppedSince)
      w.stoppedPartitionMs += ms
      w.stoppedSince = now
      const open = this.openRebalance()
      if (open >= 0) w.rebalanceStoppedMs[open] = (w.rebalanceStoppedMs[open] ?? 0) + ms
    }
  }

  /** Index of the rebalance in progress in the runtime's log, or -1. */
  private openRebalance(): number {
    const log = this.group.rebalanceLog()
    const i = log.length - 1
    return i >= 0 && log[i]!.endMs === null ? i : -1
  }

  private recountStopped(): void {
    let n = 0
    for (let p = 0; p < this.w.P; p++) if (this.isStopped(p)) n++
    this.w.stoppedCount = n
  }

  // ------------------------------------------------------------------ producers and consumers

  private newProducer(i: number): ProducerState {
    const spec = this.w.live.producers[i]!
    const model = buildKeyModel(spec.keys, spec.keyCost, this.w.producerPartitions)
    const T = model.tracked.length
    return {
      model,
      carry: 0,
      trackedCarry: new Array<number>(T).fill(0),
      saltCarry: Array.from({ length: T }, () => []),
      tailCarry: new Float64Array(this.w.producerPartitions),
      maxDeliveredT: new Array<number>(T).fill(-Infinity),
      violations: new Array<number>(T).fill(0),
      keyWin: new Array<number>(T).fill(0),
      keyTotal: new Array<number>(T).fill(0),
      keyShare: new Array<number>(T).fill(0),
      flagged: new Array<boolean>(T).fill(false),
      sampleProduced: 0,
      tailProduced: 0,
      retiredViolations: 0,
      retiredSampleViolations: 0,
      retiredSampleProduced: 0,
      rateMultiplier: 1,
      remapCounted: [],
      stickyPartition: toStart(this.rngProduce, this.w.producerPartitions),
      stickyBytes: 0,
      roundRobin: 0,
    }
  }

  /** Rebuilds a producer's key model after a change (keys, costs, partitions), keeping its totals. */
  private rebuildProducer(i: number): void {
    const old = this.w.producers[i]!
    const fresh = this.newProducer(i)
    let sampleViol = 0
    let all = 0
    old.model.tracked.forEach((tk, k) => {
      all += old.violations[k]!
      if (tk.role === 'sample') sampleViol += old.violations[k]!
    })
    fresh.retiredViolations = old.retiredViolations + all
    fresh.retiredSampleViolations = old.retiredSampleViolations + sampleViol
    fresh.retiredSampleProduced = old.retiredSampleProduced + old.sampleProduced
    fresh.tailProduced = old.tailProduced
    fresh.rateMultiplier = old.rateMultiplier
    fresh.remapCounted = old.remapCounted
    fresh.carry = old.carry
    fresh.stickyPartition = old.stickyPartition < this.w.producerPartitions ? old.stickyPartition : 0
    // Keys that stay tracked keep their order state and flags, so a slider move loses nothing, and
    // their records still in the logs stay tracked: after partitions are added, a key's old backlog
    // consumed after its newer records on its new partition is exactly the violation to count.
    const newIndex = new Map<number, number>()
    fresh.model.tracked.forEach((tk, k) => {
      const j = old.model.tracked.findIndex((o) => o.name === tk.name)
      if (j < 0) return
      newIndex.set(j, k)
      fresh.maxDeliveredT[k] = old.maxDeliveredT[j]!
      fresh.flagged[k] = old.flagged[j]!
      fresh.keyShare[k] = old.keyShare[j]!
      fresh.keyTotal[k] = old.keyTotal[j]!
      fresh.trackedCarry[k] = old.trackedCarry[j]!
    })
    this.w.producers[i] = fresh
    for (const s of this.w.keySegs) {
      if (s.producer !== i) continue
      const k = newIndex.get(s.key)
      if (k === undefined) {
        // no longer tracked: its records stay in the log, untracked; -1 so no key reuses this list
        s.head = s.end.length
        s.key = -1
      } else s.key = k
    }
  }

  private newConsumer(): number {
    const w = this.w
    w.consumerSeq++
    const cs: ConsumerState = {
      name: `consumer-${w.consumerSeq}`,
      status: 'running',
      pausedUntil: 0,
      speed: 1,
      batch: [],
      pollEvent: -1,
      pollAt: 0,
      waiting: false,
      lastAutoCommit: this.kernel.now,
      busyMsWin: 0,
      utilization: 0,
      owned: [],
      rr: 0,
      incarnation: 0,
    }
    w.consumers.push(cs)
    return w.consumers.length - 1
  }

  private startConsumer(c: number): void {
    const cs = this.w.consumers[c]!
    cs.status = 'running'
    cs.lastAutoCommit = this.kernel.now
    cs.waiting = false
    this.group.memberStarted(c)
    this.schedulePoll(c, this.kernel.now)
  }

  private consumerByName(name: string | undefined): number {
    if (name === undefined) return -1
    return this.w.consumers.findIndex((c) => c.name === name)
  }

  private lastRunning(): number {
    for (let c = this.w.consumers.length - 1; c >= 0; c--) if (this.w.consumers[c]!.status === 'running') return c
    return -1
  }

  private stopConsumer(c: number, status: 'crashed' | 'closed' | 'down'): void {
    const cs = this.w.consumers[c]!
    if (cs.pollEvent >= 0) this.kernel.cancel(cs.pollEvent)
    cs.pollEvent = -1
    cs.waiting = false
    cs.status = status
    cs.incarnation++
  }

  // ------------------------------------------------------------------ commands

  private applyCommand(cmd: Command): void {
    const w = this.w
    const now = this.kernel.now
    this.accrueStopped()
    switch (cmd.do) {
      case 'addConsumer': {
        const n = Math.max(1, Math.min(64, cmd.count ?? 1))
        for (let i = 0; i < n; i++) {
          const c = this.newConsumer()
          this.trace('member.start', `${w.consumers[c]!.name} starts and subscribes to "${w.live.topic.name}"`)
          this.startConsumer(c)
        }
        break
      }
      case 'removeConsumer': {
        const c = cmd.consumer !== undefined ? this.consumerByName(cmd.consumer) : this.lastRunning()
        if (c < 0 || w.consumers[c]!.status !== 'running') break
        this.trace('member.close', `${w.consumers[c]!.name} shuts down cleanly (close())`)
        this.closeGracefully(c)
        this.stopConsumer(c, 'closed')
        break
      }
      case 'crashConsumer': {
        const c = this.consumerByName(cmd.consumer)
        if (c < 0 || w.consumers[c]!.status !== 'running') break
        this.trace('member.crash', `${cmd.consumer} crashed: no LeaveGroup, its heartbeats stop`)
        this.stopConsumer(c, 'crashed')
        this.group.memberCrashed(c)
        break
      }
      case 'gcPause': {
        const c = this.consumerByName(cmd.consumer)
        if (c < 0 || w.consumers[c]!.status !== 'running') break
        const cs = w.consumers[c]!
        const d = Math.max(0, cmd.durationMs)
        const from = Math.max(now, cs.pausedUntil)
        cs.pausedUntil = from + d
        this.trace('member.gcPause', `${cmd.consumer} stops the world for ${(d / 1000).toFixed(1)} s (GC pause): no polls, no heartbeats`)
        if (cs.pollEvent >= 0) this.schedulePoll(c, Math.max(cs.pollAt, now) + d)
        this.kernel.at(cs.pausedUntil, EV_RESUME, c)
        this.group.memberPaused(c, d)
        break
      }
      case 'slowConsumer': {
        const c = this.consumerByName(cmd.consumer)
        if (c < 0) break
        w.consumers[c]!.speed = 1 / Math.max(0.01, cmd.factor)
        this.trace('member.slow', cmd.factor === 1 ? `${cmd.consumer} processes at normal speed again` : `${cmd.consumer} now processes ${cmd.factor}× slower (at ${+(1 / cmd.factor).toFixed(2)}× speed)`)
        break
      }
      case 'restartConsumer': {
        const c = this.consumerByName(cmd.consumer)
        if (c < 0 || w.consumers[c]!.status !== 'running') break
        this.trace('member.restart', `${cmd.consumer} restarts (down for ${(cmd.downMs / 1000).toFixed(1)} s)`)
        this.closeGracefully(c)
        this.stopConsumer(c, 'down')
        this.defer(now + Math.max(0, cmd.downMs), { up: c })
        break
      }
      case 'rollingRestart': {
        const running = w.consumers.map((cs, i) => (cs.status === 'running' ? i : -1)).filter((i) => i >= 0)
        this.trace('group.rollingRestart', `rolling restart of ${running.length} consumers, one every ${(cmd.intervalMs / 1000).toFixed(0)} s`)
        running.forEach((c, j) => this.defer(now + j * cmd.intervalMs, { cmd: { do: 'restartConsumer', consumer: w.consumers[c]!.name, downMs: cmd.downMs } }))
        break
      }
      case 'setRate': {
        const list = cmd.producer !== undefined ? [cmd.producer] : w.producers.map((_, i) => i)
        for (const i of list) {
          const ps = w.producers[i]
          const spec = w.live.producers[i]
          if (!ps || !spec) continue
          if (cmd.perSec !== undefined) {
            spec.rate = { kind: 'constant', perSec: Math.max(0, cmd.perSec) }
            ps.rateMultiplier = 1
          }
          // Chained multipliers stop at the one-step limit: 10⁴ⁿ would overflow to Infinity and NaN counts.
          if (cmd.multiplier !== undefined) ps.rateMultiplier = Math.min(LIMITS.rateMultiplier.max, ps.rateMultiplier * Math.max(0, cmd.multiplier))
        }
        this.trace('producer.rate', cmd.multiplier !== undefined ? `load ×${cmd.multiplier}` : `producer rate set to ${cmd.perSec} rec/s`)
        break
      }
      case 'setHotKeyShare':
      case 'setKeyCount':
      case 'setZipf':
      case 'setKeyCost': {
        const list = cmd.producer !== undefined ? [cmd.producer] : w.producers.map((_, i) => i)
        for (const i of list) {
          const spec = w.live.producers[i]
          if (!spec) continue
          const count = spec.keys.kind === 'keyless' ? 1000 : spec.keys.count
          if (cmd.do === 'setHotKeyShare') {
            const hotKey = spec.keys.kind === 'hot' ? spec.keys.hotKey : DEFAULT_HOT_KEY
            spec.keys = { kind: 'hot', count, hotKey, share: Math.min(1, Math.max(0, cmd.share)) }
          } else if (cmd.do === 'setKeyCount') {
            const n = Math.max(1, Math.min(1_000_000, Math.round(cmd.count)))
            spec.keys = spec.keys.kind === 'keyless' ? { kind: 'uniform', count: n } : { ...spec.keys, count: n }
          } else if (cmd.do === 'setZipf') {
            spec.keys = { kind: 'zipf', count, s: Math.max(0, cmd.s) }
          } else {
            spec.keyCost = { ...spec.keyCost, [cmd.key]: Math.max(0, cmd.cost) }
          }
          this.rebuildProducer(i)
        }
        this.trace('producer.keys', describeKeysChange(cmd))
        break
      }
      case 'addPartitions':
        this.addPartitions(cmd.count)
        break
      case 'setDynamic': {
        const d = w.live.dynamic
        if (cmd.dynamic.hotspotDetection) Object.assign(d.hotspotDetection, cmd.dynamic.hotspotDetection)
        if (cmd.dynamic.salting) Object.assign(d.salting, cmd.dynamic.salting)
        if (cmd.dynamic.loadAware) Object.assign(d.loadAware, cmd.dynamic.loadAware)
        this.trace('dynamic.set', `dynamic partitioning: detection ${onOff(d.hotspotDetection.enabled)}, salting ${onOff(d.salting.enabled)}${d.salting.enabled ? ` (${d.salting.splits} splits)` : ''}, load-aware ${onOff(d.loadAware.enabled)}`)
        if (d.loadAware.enabled && d.loadAware.scope === 'all' && !w.producers.some((p) => p.remapCounted.includes('*'))) {
          for (const ps of w.producers) {
            ps.remapCounted.push('*')
            w.remappedKeys += ps.model.keyCount
          }
        }
        for (const ps of w.producers) ps.flagged.forEach((f, k) => f && this.noteRemap(ps, k))
        break
      }
      case 'setAutoscaler': {
        const a = w.live.group.autoscaler
        a.enabled = cmd.enabled
        this.trace('autoscaler.set', cmd.enabled ? `autoscaler on: a consumer is added while lag > ${a.lagThreshold} (cooldown ${a.cooldownSec} s, at most ${a.maxConsumers})` : 'autoscaler off')
        break
      }
      case 'setPartitioner':
        w.live.producerConfig['partitioner.class'] = cmd.partitioner
        if (cmd.ignoreKeys !== undefined) w.live.producerConfig['partitioner.ignore.keys'] = cmd.ignoreKeys
        this.trace('producer.partitioner', `partitioner: ${cmd.partitioner ?? 'built-in'}${w.live.producerConfig['partitioner.ignore.keys'] ? ' (keys ignored)' : ''}`)
        break
    }
    this.recountStopped()
  }

  /** close(): commits if auto-commit is on (as KafkaConsumer.close does), then leaves the group. */
  private closeGracefully(c: number): void {
    if (this.w.live.group.config['enable.auto.commit']) commitOwned(this.w, c)
    this.group.memberClosed(c)
  }

  /** Schedules a command (or a restarted consumer coming back up) for later. */
  private defer(at: number, item: Deferred): void {
    this.w.deferred.push(item)
    this.kernel.at(at, EV_DEFERRED, this.w.deferred.length - 1)
  }

  private runDeferred(item: Deferred): void {
    if ('cmd' in item) {
      this.applyCommand(item.cmd)
      return
    }
    if ('refresh' in item) {
      if (item.refresh === 'producers') this.producersRefreshMetadata()
      else this.groupLeaderRefreshesMetadata()
      return
    }
    const cs = this.w.consumers[item.up]
    if (!cs || cs.status !== 'down') return
    this.accrueStopped()
    this.trace('member.start', 'first' in item && item.first ? `${cs.name} starts and subscribes to "${this.w.live.topic.name}"` : `${cs.name} is back up and rejoins`)
    this.startConsumer(item.up)
    this.recountStopped()
  }

  /**
   * The broker has the new partitions at once; producers and the group leader see them only at
   * their next metadata refresh (metadata.max.age.ms). Refreshes run on a fixed phase since t=0 —
   * producers at multiples of their period, the consumer half a period later — so the two differ.
   * Several additions before a refresh are handled by that one refresh.
   */
  private addPartitions(count: number): void {
    const w = this.w
    const from = w.P
    const to = Math.min(MAX_PARTITIONS, from + Math.max(0, Math.floor(count)))
    if (to <= from) return
    growPartitions(w, to)
    w.live.topic.partitions = to
    const now = this.kernel.now
    const producerAge = Math.max(1, w.live.producerConfig['metadata.max.age.ms'])
    const consumerAge = Math.max(1, w.live.group.config['metadata.max.age.ms'])
    const producersAt = nextPhase(now, producerAge, 0)
    const groupAt = nextPhase(now, consumerAge, consumerAge / 2)
    this.trace(
      'topic.partitionsAdded',
      `partitions ${from} → ${to} on the broker (existing data does not move); producers see them at their metadata refresh in ${formatDelay(producersAt - now)}, the group leader in ${formatDelay(groupAt - now)}`,
    )
    if (!w.producerRefreshPending) {
      w.producerRefreshPending = true
      this.defer(producersAt, { refresh: 'producers' })
    }
    if (!w.groupRefreshPending) {
      w.groupRefreshPending = true
      this.defer(groupAt, { refresh: 'group' })
    }
  }

  /** Producers' metadata refresh: they now route over all partitions, and keys move. */
  private producersRefreshMetadata(): void {
    const w = this.w
    w.producerRefreshPending = false
    const from = w.producerPartitions
    const to = w.P
    if (to === from) return
    let moved = 0
    for (const spec of w.live.producers) {
      moved += remappedKeys(allKeyNames(spec.keys), from, to).count
    }
    w.remappedKeys += moved
    w.producerPartitions = to
    for (let i = 0; i < w.producers.length; i++) this.rebuildProducer(i)
    this.trace('producer.metadataRefresh', `producers see ${to} partitions (metadata refresh): ${moved} keys now hash to a different partition`)
  }

  /** The group leader's metadata refresh: its snapshot no longer matches the assignment, so it rejoins. */
  private groupLeaderRefreshesMetadata(): void {
    const w = this.w
    w.groupRefreshPending = false
    this.trace('group.metadataRefresh', `the group leader sees ${w.P} partitions → rebalance`)
    this.group.partitionsChanged(w.P)
  }

  // ------------------------------------------------------------------ the group host

  private makeHost(): GroupHost {
    const self = this
    return {
      now: () => self.kernel.now,
      schedule: (delayMs, token) => self.kernel.after(delayMs, EV_GROUP, token),
      cancel: (id) => self.kernel.cancel(id),
      get rng() {
        return self.rngGroup
      },
      partitionCount: () => self.w.P,
      topicName: () => self.w.live.topic.name,
      networkLatencyMs: () => self.w.live.broker.networkLatencyMs,
      revoke: (m, parts) => self.revoke(m, parts),
      lose: (m, parts) => self.lose(m, parts),
      assign: (m, parts) => self.assign(m, parts),
      trace: (kind, text) => self.trace(kind, text),
      memberName: (m) => self.w.consumers[m]?.name ?? `consumer-?${m}`,
    }
  }

  /**
   * onPartitionsRevoked. Eager members commit in onJoinPrepare when auto-commit is on
   * (ConsumerCoordinator.onJoinPrepare). KIP-848 members auto-commit what they consumed before
   * releasing a partition (the new consumer's reconciliation commits before revoking). Classic
   * cooperative members keep consuming through the first rebalance and revoke after SyncGroup
   * without a commit, so what they fetched since the last auto-commit is processed again by the
   * new owner — unless the application commits in the callback (`commitOnRevoke`).
   */
  private revoke(m: number, parts: readonly number[]): number {
    const w = this.w
    this.accrueStopped()
    const g = w.live.group
    const commit = ((g.protocol === 'eager' || g.protocol === 'consumer') && g.config['enable.auto.commit']) || g.processing.commitOnRevoke
    let n = 0
    for (const p of parts) {
      if (w.owner[p] !== m) continue
      if (commit) w.committed[p] = w.pos[p]!
      setOwner(w, p, -1)
      n++
    }
    w.revokedPartitions += n
    this.recountStopped()
    return commit && n > 0 ? 2 * w.live.broker.networkLatencyMs : 0
  }

  /** onPartitionsLost: nothing is committed; the next owner starts from the last commit. */
  private lose(m: number, parts: readonly number[]): void {
    const w = this.w
    this.accrueStopped()
    let n = 0
    for (const p of parts) {
      if (w.owner[p] !== m) continue
      setOwner(w, p, -1)
      n++
    }
    w.revokedPartitions += n
    this.recountStopped()
  }

  /** onPartitionsAssigned: fetching starts from the committed offset (or auto.offset.reset). */
  private assign(m: number, parts: readonly number[]): void {
    const w = this.w
    this.accrueStopped()
    const reset = w.live.group.config['auto.offset.reset']
    for (const p of parts) {
      if (p < 0 || p >= w.P) continue
      const prev = w.owner[p]!
      // The group moved it while the old owner was still busy (e.g. removed by max.poll.interval.ms):
      // the old owner finishes its batch and learns at its next poll (onPartitionsLost), as in Kafka.
      if (prev >= 0 && prev !== m) this.trace('group.handover', `partition ${p} goes to ${this.host.memberName(m)} while ${this.host.memberName(prev)} is still processing records from it`)
      setOwner(w, p, m)
      if (w.lastOwner[p]! >= 0 && w.lastOwner[p] !== m) w.movedAt[p] = this.kernel.now
      w.lastOwner[p] = m
      let start = w.committed[p]!
      if (start < 0) {
        start = reset === 'earliest' ? 0 : w.leo[p]!
        w.committed[p] = start
        if (start > w.delivered[p]!) {
          const skipped = start - w.delivered[p]!
          w.skipped[p]! += skipped
          skipTo(w, p, start, this.kernel.now)
          this.trace('partition.offsetReset', `partition ${p} has no committed offset: auto.offset.reset=latest skips ${skipped} records`)
        }
      }
      w.pos[p] = start
    }
    this.recountStopped()
    const cs = w.consumers[m]
    if (cs && cs.status === 'running' && cs.waiting) {
      cs.waiting = false
      this.schedulePoll(m, this.kernel.now)
    }
  }

  private trace(kind: string, text: string): void {
    const e: TraceEntry = { t: this.kernel.now, kind, text: `${formatSimTime(this.kernel.now)} ${text}` }
    const w = this.w
    w.trace.push(e)
    w.traceCount++
    if (w.trace.length > MAX_TRACE) w.trace.splice(0, w.trace.length - MAX_TRACE)
    w.undrainedTrace.push(e)
    if (w.undrainedTrace.length > MAX_TRACE) w.undrainedTrace.shift()
  }

  /** Test hook: the full trace kept so far (bounded). */
  traceLog(): readonly TraceEntry[] {
    return this.w.trace
  }
}

/** Advances a partition's first-delivery frontier without delivering (offset reset skipped them). */
function skipTo(w: WorldState, p: number, offset: number, now: number): void {
  const segEnd = w.segEnd[p]!
  let h = w.segHead[p]!
  while (h < segEnd.length && segEnd[h]! <= offset) h++
  w.segHead[p] = h
  for (const idx of w.partKeySegs[p]!) {
    const s = w.keySegs[idx]!
    while (s.head < s.end.length && s.end[s.head]! <= offset) s.head++
  }
  const list = w.samplesByP[p]!
  let sh = w.sampleHead[p]!
  while (sh < list.length && list[sh]!.offset < offset) list[sh++]!.consumedAt = now
  w.sampleHead[p] = sh
  w.delivered[p] = offset
}

function toStart(rng: Rng, P: number): number {
  return rng.int(Math.max(1, P))
}

function onOff(b: boolean): string {
  return b ? 'on' : 'off'
}

function describeKeysChange(cmd: Command): string {
  switch (cmd.do) {
    case 'setHotKeyShare':
      return `hot-key share set to ${(cmd.share * 100).toFixed(0)} %`
    case 'setKeyCount':
      return `key count set to ${cmd.count}`
    case 'setZipf':
      return `keys now Zipf(s = ${cmd.s})`
    case 'setKeyCost':
      return `key "${cmd.key}" now costs ${cmd.cost}× to process`
    default:
      return 'keys changed'
  }
}

/** The first time after `now` that is `phase` plus a multiple of `period` (a client's next metadata refresh). */
function nextPhase(now: number, period: number, phase: number): number {
  const into = (((now - phase) % period) + period) % period
  return now + (period - into)
}

function formatDelay(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${+(ms / 1000).toFixed(1)} s`
}
