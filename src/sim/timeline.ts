// Time travel over one deterministic run: the simulation plus periodic checkpoints, so any moment
// already reached can be shown again exactly (restore the checkpoint before it, replay), and a
// command given after seeking back forks the run there (the recorded future after it is dropped).
// Markers (rebalances, faults, actions, storms, hotspots) are collected as the run first passes
// them. Pure: checkpoints are JSON text, so their memory is known and bounded.

import { checkpointFromJson, checkpointToJson } from '../engine/checkpointJson.ts'
import type { SimTime } from '../engine/time.ts'
import { describeCommand, isFault } from '../scenario/describeCommand.ts'
import type { Command, Scenario, ScenarioAction } from '../scenario/types.ts'
import type { MetricsSample, TraceEntry } from './frameTypes.ts'
import { STORM_REBALANCES_PER_MINUTE, STORM_WINDOW_MS } from './group/rebalanceTracker.ts'
import { narrationLine } from './narration.ts'
import { actionMs, createSimulation, restoreSimulation } from './simulation.ts'
import type { SimCheckpoint, Simulation } from './simulationApi.ts'

export type TimelineMarkerKind = 'rebalance-start' | 'rebalance-end' | 'fault' | 'action' | 'storm' | 'hotspot'

export interface TimelineMarker {
  /** Sim ms. */
  t: number
  kind: TimelineMarkerKind
  /** What happened, in words (the marker's tooltip). */
  text: string
}

export interface TimelineOptions {
  /** Sim ms between checkpoints at first (doubled whenever the byte budget is reached). */
  checkpointEveryMs?: number
  /** Most bytes the checkpoints may hold, counted at 2 bytes a character (V8's two-byte strings). */
  maxCheckpointBytes?: number
  /**
   * SUPERVISE: continue from this checkpoint (JSON text of this run, taken on its straight run) as
   * a fresh worker does after a fault. Seeking before it replays from 0 s; markers before it come
   * back from the rebalance log, the script and the trace the checkpoint holds.
   */
  resumeFrom?: string
  /**
   * SUPERVISE: runs each checkpoint's writing (`write`), so the worker's host can tell the page it
   * will be busy first and time it: at 10 000 lanes one takes 0.1–2.5 s, longer than the page
   * waits for a silent worker. The timeline itself reads no clock.
   */
  aroundKeep?: (write: () => void) => void
}

export const DEFAULT_CHECKPOINT_EVERY_MS = 10_000
export const DEFAULT_MAX_CHECKPOINT_BYTES = 48 * 1024 * 1024
/** Markers kept per run; later ones are not collected (a storm an hour long stays readable). */
export const MAX_MARKERS = 5000

/** How finely a run that should pause at the next rebalance is advanced, sim ms. */
const REBALANCE_WATCH_MS = 10

/** What adapters (the worker's host) use of a timeline; a fake implements it in tests. */
export interface TimelineApi {
  sim(): Simulation
  now(): SimTime
  latest(): SimTime
  markers(): readonly TimelineMarker[]
  markersVersion(): number
  actions(): readonly ScenarioAction[]
  actionsVersion(): number
  checkpointBytes(): number
  /** The newest checkpoint kept at or before now(), if the timeline keeps any (Timeline does). */
  newestCheckpoint?(): { t: SimTime; text: string } | null
  advanceTo(t: SimTime, pauseAtRebalance?: boolean): boolean
  seek(t: SimTime): void
  apply(cmd: Command, atT?: SimTime): ScenarioAction
  drainSamples(): MetricsSample[]
  drainTrace(): TraceEntry[]
}

export class Timeline implements TimelineApi {
  private current: Simulation
  /** Every action, scripted and recorded; `recorded[i]` marks those that came from live commands. */
  private script: ScenarioAction[]
  private recorded: boolean[]
  private reached = 0
  private readonly checkpoints = new Map<number, string>()
  private bytes = 0
  private everyMs: number
  private readonly maxBytes: number
  private readonly aroundKeep: (write: () => void) => void
  private marks: TimelineMarker[] = []
  private markVersion = 0
  private scriptVersion = 0
  private samples: MetricsSample[] = []
  private trace: TraceEntry[] = []

  constructor(
    readonly scenario: Scenario,
    opts: TimelineOptions = {},
  ) {
    this.everyMs = Math.max(1, opts.checkpointEveryMs ?? DEFAULT_CHECKPOINT_EVERY_MS)
    this.maxBytes = opts.maxCheckpointBytes ?? DEFAULT_MAX_CHECKPOINT_BYTES
    this.aroundKeep = opts.aroundKeep ?? ((write) => write())
    this.current = createSimulation(scenario)
    this.script = [...this.current.script()]
    this.recorded = this.script.map(() => false)
    this.drain()
    this.collectMarkers(-1)
    this.keep(0)
    if (opts.resumeFrom !== undefined) this.resume(opts.resumeFrom)
  }

  sim(): Simulation {
    return this.current
  }

  now(): SimTime {
    return this.current.now()
  }

  /** The furthest moment this branch of the run has reached (the scrubber's end), sim ms. */
  latest(): SimTime {
    return this.reached
  }

  markers(): readonly TimelineMarker[] {
    return this.marks
  }

  /** Bumped whenever markers() changes (so an adapter sends them only then). */
  markersVersion(): number {
    return this.markVersion
  }

  /** Every action of the run, scripted and recorded: what a link must carry to replay it. */
  actions(): readonly ScenarioAction[] {
    return this.script
  }

  actionsVersion(): number {
    return this.scriptVersion
  }

  checkpointBytes(): number {
    return this.bytes
  }

  /**
   * The newest checkpoint kept at or before now() (JSON text of this branch of the run), or null.
   * The worker sends it to the page for supervision when it is recent: one checkpoint of 10 000
   * lanes takes ~0.1 s to write, and writing the same one twice stalls the page's frames twice.
   */
  newestCheckpoint(): { t: SimTime; text: string } | null {
    let newest = -1
    for (const c of this.checkpoints.keys()) if (c <= this.now() && c > newest) newest = c
    const text = newest < 0 ? undefined : this.checkpoints.get(newest)
    return text === undefined ? null : { t: newest, text }
  }

  checkpointTimes(): number[] {
    return [...this.checkpoints.keys()].sort((a, b) => a - b)
  }

  /**
   * Runs forward to `t`. With `pauseAtRebalance`, stops just after the next rebalance starts
   * (within 10 ms of it) and returns true.
   */
  advanceTo(t: SimTime, pauseAtRebalance = false): boolean {
    const before = this.current.rebalanceLog().length
    while (this.now() < t) {
      // Stop at checkpoint boundaries of new ground, and finely when watching for a rebalance.
      let next = t
      if (this.now() >= this.reached || next > this.reached) {
        const boundary = (Math.floor(this.now() / this.everyMs) + 1) * this.everyMs
        next = Math.min(next, boundary)
      }
      if (pauseAtRebalance) next = Math.min(next, this.now() + REBALANCE_WATCH_MS)
      this.step(next)
      if (pauseAtRebalance && this.current.rebalanceLog().length > before) return true
    }
    return false
  }

  /** Shows moment `t` (clamped to [0, latest]) exactly as the straight run has it there. */
  seek(t: SimTime): void {
    const to = Math.max(0, Math.min(this.reached, t))
    this.samples = []
    this.trace = []
    let at = 0
    for (const c of this.checkpoints.keys()) if (c <= to && c > at) at = c
    // Replay from the checkpoint before `to`, unless the run is already between it and `to`.
    if (to < this.now() || this.now() < at) {
      const text = this.checkpoints.get(at)
      if (text === undefined) throw new Error(`no checkpoint at or before ${to} ms`)
      this.current = restoreSimulation(checkpointFromJson(text) as SimCheckpoint, this.script)
    }
    this.step(to)
  }

  /**
   * Applies a live command at `atT` (default now) and records it. Given after seeking back, it
   * forks: the recorded actions after this moment, the markers and checkpoints after it are the
   * old future, and go. An `atT` already passed goes back there first: compare mode names one
   * moment for every side, and a side whose worker ran on while the click was on its way must
   * still apply it exactly then, or its run is not the one the link replays.
   */
  apply(cmd: Command, atT?: SimTime): ScenarioAction {
    if (atT !== undefined && atT > this.now()) this.advanceTo(atT)
    else if (atT !== undefined && atT < this.now()) this.seek(atT)
    // Commands land on whole milliseconds (Simulation.apply); get there first, on this branch.
    this.advanceTo(Math.ceil(this.now()))
    const at = this.now()
    if (at < this.reached) this.fork(at)
    const action = this.current.apply(cmd)
    const i = this.current.script().indexOf(action)
    this.script.splice(i, 0, action)
    this.recorded.splice(i, 0, true)
    this.scriptVersion++
    this.drain()
    if (this.marks.length < MAX_MARKERS) {
      this.marks = [...this.marks, { t: at, kind: isFault(action) ? 'fault' : 'action', text: describeCommand(action) }]
      this.markVersion++
    }
    return action
  }

  /** Metric rows since the previous call (after a seek: those of the replay up to the moment). */
  drainSamples(): MetricsSample[] {
    this.drain()
    const out = this.samples
    this.samples = []
    return out
  }

  drainTrace(): TraceEntry[] {
    this.drain()
    const out = this.trace
    this.trace = []
    return out
  }

  // ------------------------------------------------------------------ internals

  /** Advances the simulation to `t` and takes in what is new: markers, a checkpoint on a boundary. */
  private step(t: SimTime): void {
    this.current.advanceTo(t)
    this.drain()
    const now = this.now()
    if (now > this.reached) {
      this.collectMarkers(this.reached)
      this.reached = now
    }
    if (now % this.everyMs === 0 && !this.checkpoints.has(now)) this.keep(now)
  }

  private drain(): void {
    for (const s of this.current.drainSamples()) this.samples.push(s)
    for (const e of this.current.drainTrace()) this.trace.push(e)
    // An adapter that never drains must not grow these without bound.
    if (this.samples.length > 10_000) this.samples.splice(0, this.samples.length - 10_000)
    if (this.trace.length > 10_000) this.trace.splice(0, this.trace.length - 10_000)
  }

  private keep(t: number): void {
    let text = ''
    this.aroundKeep(() => {
      text = checkpointToJson(this.current.checkpoint())
    })
    this.checkpoints.set(t, text)
    this.bytes += text.length * 2
    // Over budget: keep every other checkpoint (t = 0 always), doubling the interval. Seeking then
    // replays at most twice as far; memory stays under the budget for a run of any length.
    while (this.bytes > this.maxBytes && this.checkpoints.size > 1) {
      this.everyMs *= 2
      for (const [c, s] of this.checkpoints) {
        if (c !== 0 && c % this.everyMs !== 0) {
          this.checkpoints.delete(c)
          this.bytes -= s.length * 2
        }
      }
      if (this.everyMs > 1e12) break
    }
  }

  private resume(text: string): void {
    this.current = restoreSimulation(checkpointFromJson(text) as SimCheckpoint, this.script)
    this.drain()
    this.samples = []
    // Hotspot flags before the checkpoint come back from the trace the checkpoint holds (its newest
    // MAX_TRACE entries: a flag older than those stays lost); the page already has the narration.
    this.trace = this.current.traceLog().slice()
    this.collectMarkers(this.reached)
    this.trace = []
    this.reached = this.now()
    if (!this.checkpoints.has(this.reached)) this.keep(this.reached)
  }

  private fork(at: SimTime): void {
    const keep = this.script.map((a, i) => !this.recorded[i] || actionMs(a) <= at)
    this.script = this.script.filter((_, i) => keep[i])
    this.recorded = this.recorded.filter((_, i) => keep[i])
    this.scriptVersion++
    for (const [c, s] of this.checkpoints) {
      if (c > at) {
        this.checkpoints.delete(c)
        this.bytes -= s.length * 2
      }
    }
    this.current = restoreSimulation(this.current.checkpoint(), this.script)
    this.marks = this.marks.filter((m) => m.t <= at)
    this.markVersion++
    this.reached = this.now()
  }

  /** Markers for what happened in (from, now]. */
  private collectMarkers(from: number): void {
    const now = this.now()
    const added: TimelineMarker[] = []
    const log = this.current.rebalanceLog()
    for (let i = log.length - 1; i >= 0; i--) {
      const r = log[i]!
      if (r.endMs !== null && r.endMs > from && r.endMs <= now) {
        added.push({ t: r.endMs, kind: 'rebalance-end', text: `Rebalance (generation ${r.generation}) finished after ${((r.durationMs ?? 0) / 1000).toFixed(2)} s` })
      }
      if (r.startMs > from && r.startMs <= now) {
        added.push({ t: r.startMs, kind: 'rebalance-start', text: `Rebalance started: ${r.trigger}` })
        const inWindow = log.filter((x) => x.startMs > r.startMs - STORM_WINDOW_MS && x.startMs <= r.startMs).length
        if (inWindow === STORM_REBALANCES_PER_MINUTE) {
          added.push({ t: r.startMs, kind: 'storm', text: `Rebalance storm: ${inWindow} rebalances within a minute` })
        }
      } else if (r.startMs <= from && (r.endMs === null || r.endMs <= from)) break
    }
    for (const a of this.script) {
      const at = actionMs(a)
      if (at > from && at <= now) added.push({ t: at, kind: isFault(a) ? 'fault' : 'action', text: describeCommand(a) })
    }
    for (const e of this.trace) {
      if (e.t <= from || e.t > now) continue
      if (e.fact.kind === 'hotspot.keyFlagged' || e.fact.kind === 'hotspot.laneFlagged') added.push({ t: e.t, kind: 'hotspot', text: narrationLine(e) })
    }
    if (added.length === 0 || this.marks.length >= MAX_MARKERS) return
    added.sort((a, b) => a.t - b.t)
    this.marks = [...this.marks, ...added].slice(0, MAX_MARKERS)
    this.markVersion++
  }
}
