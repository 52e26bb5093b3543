// The Kafka world on the engine: producers, partition logs, consumers' poll loops and a group
// protocol, driven by one event queue. This shell owns the kernel, the random streams and the
// world state; it dispatches events to the modules beside it and takes checkpoints.
// Pure: no DOM, no timers, no wall clock; all randomness from seeded streams.

import { deepClone } from '../engine/clone.ts'
import { Kernel, type KernelState } from '../engine/kernel.ts'
import { Rng, type RngState } from '../engine/rng.ts'
import type { SimTime } from '../engine/time.ts'
import { startingNames } from '../scenario/consumerNames.ts'
import type { Command, Scenario, ScenarioAction } from '../scenario/types.ts'
import { autoscale } from './autoscaler.ts'
import { seedBacklog } from './backlog.ts'
import { applyCommand, runDeferred } from './commands.ts'
import { cycleMs, EV, type SimCore, type SimRngs } from './core.ts'
import { defer } from './deferred.ts'
import type { Frame, MetricsSample } from './frameTypes.ts'
import { buildFrame } from './frame.ts'
import { planView, type ClusterPlanView } from './brokers/planRun.ts'
import { reassignProgress } from './brokers/reassign.ts'
import { startKeptPlacement } from './brokers/faults.ts'
import type { GroupRuntime, RebalanceRecord } from './group/groupRuntime.ts'
import { createGroup, restoreGroup } from './groupFactory.ts'
import { createGroupHost } from './groupHost.ts'
import { closeMetricsWindow, METRICS_INTERVAL_MS, recordMetricsRow } from './metrics.ts'
import type { Fact, TraceEntry } from './narration.ts'
import { newConsumer, onPoll, onResume, startConsumer, startWarm, wakeOwner } from './pollLoop.ts'
import { produceTick } from './produce.ts'
import { newProducer } from './producers.ts'
import type { RunSummary, SimCheckpoint, Simulation } from './simulationApi.ts'
import { accrueStopped } from './stoppedTime.ts'
import { onShareLockTimer } from './share/shareDataPlane.ts'
import { createShareWorld, isShareGroup } from './share/shareState.ts'
import { buildSummary } from './summary.ts'
import { migrateSegLogs } from './segLogMigrate.ts'
import { migrateHeld } from './producerHeld.ts'
import { migrateLaneExtras } from './laneExtras.ts'
import { migrateLedger } from './ledger.ts'
import { createWorldState, type WorldState } from './worldState.ts'

export { METRICS_INTERVAL_MS }

/**
 * Above this many partitions the page gets no live plan preview; above PREVIEW_EVERY_SEC_MAX it is
 * refreshed every 5 sim seconds, not every second. A plan takes ~2 ms at 64 partitions and ~20 ms at
 * 256 on the reference machine, and at 25× speed a frame crosses a sim second 25 times a wall second.
 */
const MAX_PREVIEW_PARTITIONS = 256
const PREVIEW_EVERY_SEC_MAX = 64

/** Narration kept for traceLog() and for adapters that drain it late. */
const MAX_TRACE = 5000

interface SavedState {
  w: WorldState
  kernel: KernelState
  rng: { produce: RngState; consume: RngState; group: RngState; brokers: RngState }
  group: unknown
}

export function createSimulation(scenario: Scenario): Simulation {
  return new KafkaSimulation(scenario, null)
}

/**
 * Continues a checkpointed run. `script`, when given, replaces the run's script: it must hold the
 * same actions up to the checkpoint's moment (what a timeline that recorded more since then has);
 * the actions after it are what the restored run will play.
 */
export function restoreSimulation(cp: SimCheckpoint, script?: readonly ScenarioAction[]): Simulation {
  return new KafkaSimulation(cp.scenario, cp.state as SavedState, script)
}

/** The simulated ms an action runs at: whole milliseconds, so a recorded time survives seconds in JSON. */
export function actionMs(a: ScenarioAction): number {
  return Math.round(a.atSec * 1000)
}

class KafkaSimulation implements Simulation, SimCore {
  readonly scenario: Scenario
  readonly w: WorldState
  readonly kernel: Kernel
  readonly rng: SimRngs
  readonly group: GroupRuntime

  constructor(scenario: Scenario, saved: SavedState | null, script?: readonly ScenarioAction[]) {
    this.scenario = deepClone(scenario)
    const host = createGroupHost(this)
    if (saved) {
      const s = deepClone(saved)
      this.w = migrateLaneExtras(migrateSegLogs(s.w)) // a checkpoint from before segment logs, or lane bits
      migrateLedger(this.w.ledger) // … or before the ledger's open ranges
      if (script) this.w.script = deepClone([...script])
      this.kernel = Kernel.restore(s.kernel)
      migrateHeld(this.w, this.kernel.now) // … or before the producers' held records kept their send times
      this.rng = { produce: Rng.restore(s.rng.produce), consume: Rng.restore(s.rng.consume), group: Rng.restore(s.rng.group), brokers: Rng.restore(s.rng.brokers) }
      this.group = restoreGroup(host, this.w.live, s.group)
      return
    }
    const live = deepClone(scenario)
    const brokers = Rng.create(scenario.seed, 4)
    const w = createWorldState(live, live.topic.partitions, brokers)
    this.w = w
    // The group existed before the run: committed offsets start at the log start.
    w.committed.fill(0)
    seedBacklog(w, live.topic.initialLag)
    // A share group (KIP-932): its share-partitions start where the group's offsets do.
    if (isShareGroup(live)) w.share = createShareWorld(w.committed)
    this.kernel = new Kernel()
    this.rng = { produce: Rng.create(scenario.seed, 1), consume: Rng.create(scenario.seed, 2), group: Rng.create(scenario.seed, 3), brokers }
    for (let i = 0; i < live.producers.length; i++) w.producers.push(newProducer(w, i))
    this.group = createGroup(host, live)
    startKeptPlacement(this)
    if (live.start === 'warm') startWarm(this)
    // The group's consumers were started at different moments, so their heartbeat threads are out
    // of phase: each starts at a seeded offset within one heartbeat.interval.ms.
    const spread = Math.max(0, live.group.config['heartbeat.interval.ms'])
    const names = startingNames(live.group)
    for (let i = 0; i < (live.start === 'warm' ? 0 : live.group.consumers); i++) {
      const c = newConsumer(this, names[i])
      const at = i === 0 ? 0 : this.rng.group.next() * spread
      if (at === 0) startConsumer(this, c)
      else {
        w.consumers[c]!.status = 'down'
        defer(this, at, { up: c, first: true })
      }
    }
    this.kernel.after(cycleMs(this), EV.produce)
    this.kernel.after(METRICS_INTERVAL_MS, EV.metrics)
  }

  // ------------------------------------------------------------------ adapters' surface

  now(): SimTime {
    return this.kernel.now
  }

  eventsProcessed(): number {
    return this.kernel.processed
  }

  advanceTo(t: SimTime): void {
    const w = this.w
    // Each scripted action runs once every event of its millisecond has: the moment a live command
    // lands after advanceTo(t). Not a kernel event, so recording a command needs no renumbering.
    for (let a = w.script[w.scriptCursor]; a !== undefined && actionMs(a) <= t; a = w.script[w.scriptCursor]) {
      this.kernel.runUntil(actionMs(a), this.dispatch)
      w.scriptCursor++
      this.runAction(a)
    }
    this.kernel.runUntil(t, this.dispatch)
  }

  apply(cmd: Command): ScenarioAction {
    // On a whole millisecond, so the recorded time replays exactly (see actionMs).
    const at = Math.ceil(this.kernel.now)
    this.advanceTo(at)
    const action = { ...cmd, atSec: at / 1000 } as ScenarioAction
    this.w.script.splice(this.w.scriptCursor, 0, action)
    this.w.scriptCursor++
    this.runAction(action)
    return action
  }

  rebalanceLog(): readonly RebalanceRecord[] {
    return this.group.rebalanceLog()
  }

  script(): readonly ScenarioAction[] {
    return this.w.script
  }

  clusterPlan(throttleBytesPerSec?: number): ClusterPlanView {
    return planView(this.w, this.kernel.now, throttleBytesPerSec)
  }

  private runAction(a: ScenarioAction): void {
    accrueStopped(this)
    applyCommand(this, a)
  }

  frame(maxParticles = 3000): Frame {
    return this.buildFrame(maxParticles, false)
  }

  liveFrame(maxParticles = 3000): Frame {
    return this.buildFrame(maxParticles, true)
  }

  private buildFrame(maxParticles: number, borrow: boolean): Frame {
    const f = buildFrame(this.w, this.group, this.kernel.now, maxParticles, borrow)
    // CLUSTERBAL: the plan preview and the progress of a running cluster rebalance.
    f.clusterPlan = this.planPreview()
    f.reassign = reassignProgress(this)
    return f
  }

  /** The plan is worked out once per sim second (it reads the last metrics window), not per frame. */
  private planCache: { key: string; view: ClusterPlanView | null } | null = null
  private planPreview(): ClusterPlanView | null {
    const every = this.w.P <= PREVIEW_EVERY_SEC_MAX ? 1000 : 5000
    const key = `${Math.floor(this.kernel.now / every)}|${this.w.scriptCursor}|${this.w.reassign?.next ?? -1}`
    if (this.planCache?.key !== key) this.planCache = { key, view: this.w.P <= MAX_PREVIEW_PARTITIONS ? this.clusterPlan() : null }
    return this.planCache.view
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
    return buildSummary(this.w, this.group, this.kernel.now)
  }

  checkpoint(): SimCheckpoint {
    const state: SavedState = {
      w: deepClone(this.w),
      kernel: this.kernel.save(),
      rng: { produce: this.rng.produce.save(), consume: this.rng.consume.save(), group: this.rng.group.save(), brokers: this.rng.brokers.save() },
      group: deepClone(this.group.save()),
    }
    return { version: 1, scenario: deepClone(this.scenario), state }
  }

  /** The narration kept so far (bounded), drained or not. */
  traceLog(): readonly TraceEntry[] {
    return this.w.trace
  }

  // ------------------------------------------------------------------ SimCore

  say(fact: Fact): void {
    const e: TraceEntry = { t: this.kernel.now, fact }
    const w = this.w
    w.trace.push(e)
    if (w.trace.length > MAX_TRACE) w.trace.splice(0, w.trace.length - MAX_TRACE)
    w.undrainedTrace.push(e)
    if (w.undrainedTrace.length > MAX_TRACE) w.undrainedTrace.shift()
  }

  // ------------------------------------------------------------------ events

  private readonly dispatch = (kind: number, arg: number): void => {
    accrueStopped(this)
    switch (kind) {
      case EV.produce:
        this.onProduce()
        break
      case EV.poll:
        onPoll(this, arg)
        break
      case EV.metrics: {
        const win = closeMetricsWindow(this)
        const cmd = autoscale(this, win.totalLag)
        if (cmd) applyCommand(this, cmd)
        recordMetricsRow(this, win)
        this.kernel.after(METRICS_INTERVAL_MS, EV.metrics)
        break
      }
      case EV.group:
        this.group.onTimer(arg)
        break
      case EV.resume:
        onResume(this, arg)
        break
      case EV.share:
        onShareLockTimer(this, arg)
        break
      case EV.deferred: {
        const item = this.w.deferred[arg]
        if (item) runDeferred(this, item)
        break
      }
    }
  }

  private readonly onAppended = (p: number): void => wakeOwner(this, p)
  private readonly onSay = (fact: Fact): void => this.say(fact)

  private onProduce(): void {
    const dt = cycleMs(this)
    produceTick(this.w, {
      now: this.kernel.now,
      dtMs: dt,
      rng: this.rng.produce,
      appended: this.onAppended,
      say: this.onSay,
    })
    this.kernel.after(dt, EV.produce)
  }
}
