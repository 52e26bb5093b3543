// The page's handle on one simulation worker: sends requests, hands frames of the current run to a
// callback, and keeps at most one frame request in flight so the worker never builds a backlog.
// It also supervises the worker (SUPERVISE, issue 10): a worker that errors, closes or stops
// answering pings is replaced by a fresh one that continues the run from the newest checkpoint the
// worker posted, exactly where the page last saw it; a fault that comes back at the same moment
// stops the run instead (see supervisor.ts). Every start() of a new run gets a fresh worker, so a
// livelocked one never holds Restart or a preset hostage.

import type { Scenario, ScenarioAction } from '../scenario/types.ts'
import type { LaneView } from '../sim/frameTypes.ts'
import { isSideMessage, isWorkerResponse, type FrameMessage, type ResumePoint, type WorkerRequest, type WorkerResponse } from '../worker/protocol.ts'
import type { SimClient, SimClientCallbacks, SimClientOptions, WorkerLike } from './simClientApi.ts'
import { initRequestOf, restoredFrame, type Restoring } from './restore.ts'
import { ANSWER_WITHIN_MS, busyMsOf, createFaultPolicy, createLiveness, describeWorkerError, LONG_ANSWER_WITHIN_MS, onDemandTimer, STUCK_REPORT, TICK_MS, type FaultReport } from './supervisor.ts'

export type { SimClient, SimClientCallbacks, SimClientOptions, SupervisionClock, SupervisionEvent, WorkerLike } from './simClientApi.ts'

type Export = { resolve: (text: string) => void; reject: (e: Error) => void; progress?: ((f: number) => void) | undefined }

export function createSimClient(source: WorkerLike | (() => WorkerLike), cb: SimClientCallbacks, options: number | SimClientOptions = {}): SimClient {
  const o: SimClientOptions = typeof options === 'number' ? { maxParticles: options } : options
  const maxParticles = o.maxParticles ?? 4000
  // A single worker given (tests) cannot be replaced: a fault then stops the run.
  const canReplace = typeof source === 'function'
  const createWorker = typeof source === 'function' ? source : () => source
  const now = (): number => o.clock?.now() ?? 0
  let worker: WorkerLike | null = null
  let gen = 0
  let nextId = 1
  let runId = -1
  let inFlight = 0
  let disposed = false
  let stopped = false
  let given = false // the current worker has been given a run
  let fresh = true // the current worker has not said anything yet (its script may still be loading)
  let pendingSeek: number | null = null
  let speed: number | null = null
  let lanes: LaneView | null = null
  let pings = 0
  // The current run: what a fresh worker needs to continue it.
  let scenario: Scenario | null = null
  let actions: readonly ScenarioAction[] | null = null
  let lastT: number | null = null
  let askedTo = 0
  let checkpoint: ResumePoint | null = null
  let restoring: Restoring | null = null
  /** Requests a fresh worker must get again: commands not yet answered, faults armed for a moment. */
  const unanswered = new Map<number, WorkerRequest>()
  let armed: WorkerRequest[] = []
  const slow = new Set<number>() // requests that may take long without saying so (seek, command, init)
  const exports = new Map<number, Export>()
  const live = createLiveness(now())
  const policy = createFaultPolicy()

  const failExports = (message: string): void => {
    for (const e of exports.values()) e.reject(new Error(message))
    exports.clear()
  }

  function send(req: WorkerRequest): void {
    if (disposed || worker === null) return
    if ('id' in req) {
      watchdog.ensure()
      inFlight++
      if (req.type === 'seek' || req.type === 'command' || req.type === 'init') slow.add(req.id)
      if (req.type === 'command') unanswered.set(req.id, req)
    }
    worker.postMessage(req)
  }

  function attach(): void {
    const g = ++gen
    const w = createWorker()
    worker = w
    fresh = true
    inFlight = 0
    slow.clear()
    live.heard(now())
    w.addEventListener('message', (ev: MessageEvent) => {
      if (g === gen) receive(ev.data)
    })
    w.addEventListener('error', (ev: ErrorEvent) => {
      if (g !== gen) return
      ev.preventDefault?.()
      fault(describeWorkerError(ev.message, 'uncaught'))
    })
    w.addEventListener('messageerror', () => {
      if (g === gen) fault(describeWorkerError(undefined, 'message'))
    })
  }

  function kill(): void {
    gen++
    try {
      worker?.terminate()
    } catch {
      // Already gone.
    }
    worker = null
    inFlight = 0
    slow.clear()
  }

  const initRequest = (resume: ResumePoint | null): WorkerRequest =>
    initRequestOf({ id: nextId++, runId, scenario: scenario as Scenario, actions, maxParticles, resume, debugFaults: o.debugFaults === true, lanes })

  function fault(report: FaultReport): void {
    if (disposed || stopped || worker === null) return
    const fromMs = restoring?.toT ?? lastT ?? 0
    const toMs = Math.max(fromMs, askedTo)
    const decision = canReplace && scenario !== null ? policy.decide({ fromMs, toMs, message: report.detail }) : { retry: false as const, momentMs: fromMs, message: report.detail, firstMessage: report.detail }
    kill()
    failExports('the simulation restarted after a fault: export again')
    if (!decision.retry) {
      stopped = true
      restoring = null
      if (cb.onSupervision !== undefined) cb.onSupervision({ kind: 'stopped', momentMs: decision.momentMs, what: report.what, detail: decision.message, firstDetail: decision.firstMessage })
      else cb.onError(`${report.what}: ${report.detail}`)
      return
    }
    cb.onSupervision?.({ kind: 'recovering', momentMs: fromMs, what: report.what, detail: report.detail })
    attach()
    // The newest checkpoint at or before the moment the page shows; none yet: from 0 s.
    const resume = checkpoint !== null && checkpoint.t <= fromMs ? checkpoint : null
    restoring = { toT: fromMs }
    given = true
    const resend = [...unanswered.values()]
    unanswered.clear()
    send(initRequest(resume))
    for (const a of armed) send(a)
    if (speed !== null) send({ type: 'speed', speed })
    restoring.resend = resend
  }

  function receive(data: unknown): void {
    if (!isWorkerResponse(data)) return
    live.heard(now(), data.type === 'alive' ? busyMsOf(data.busyMs) : 0)
    fresh = false
    const msg: WorkerResponse = data
    if (isSideMessage(msg)) {
      if (msg.type === 'exportProgress') exports.get(msg.id)?.progress?.(msg.fraction)
      else if (msg.type === 'checkpoint' && msg.runId === runId) checkpoint = { t: msg.t, checkpoint: msg.checkpoint }
      return
    }
    if (msg.type === 'pong' || msg.type === 'alive' || msg.type === 'checkpoint' || msg.type === 'exportProgress') return
    if (inFlight > 0) inFlight--
    slow.delete(msg.id)
    unanswered.delete(msg.id)
    const ex = exports.get(msg.id)
    if (ex !== undefined) {
      // An export's answer (or its error) goes to whoever asked, whichever run it was for.
      exports.delete(msg.id)
      if (msg.type === 'export') ex.resolve(msg.text)
      else ex.reject(new Error(msg.type === 'error' ? msg.message : 'unexpected answer to an export'))
    } else if (!disposed && msg.runId === runId) {
      if (msg.type === 'error') {
        fault(describeWorkerError(msg.message, 'answer'))
        return
      }
      if (msg.type === 'frame') frameOfRun(msg)
    }
    if (inFlight === 0 && pendingSeek !== null && restoring === null) {
      const toT = pendingSeek
      pendingSeek = null
      send({ type: 'seek', id: nextId++, toT })
    }
  }

  function frameOfRun(msg: FrameMessage): void {
    const t = msg.frame.t
    if (msg.timeline.actions !== undefined) {
      actions = msg.timeline.actions
      // A fork (a change after going back) ends the old future: a checkpoint from it is not this run's.
      if (checkpoint !== null && checkpoint.t > t) checkpoint = null
    }
    if (restoring !== null) {
      const r = restoring
      const out = restoredFrame(r, msg)
      if (out === null) {
        send({ type: 'step', id: nextId++, stepMs: r.toT - t })
        return
      }
      restoring = null
      lastT = t
      askedTo = t
      policy.reached(t)
      cb.onFrame(out)
      cb.onSupervision?.({ kind: 'recovered', momentMs: t })
      for (const req of r.resend ?? []) send({ ...req, id: nextId++ } as WorkerRequest)
      return
    }
    lastT = t
    if (inFlight === 0) askedTo = t
    policy.reached(t)
    cb.onFrame(msg)
  }

  function tick(): void {
    if (disposed || stopped || worker === null) return
    if (inFlight === 0 && exports.size === 0 && restoring === null) {
      // Nothing owed: no pings and no timer (battery, issue 9 §5). A worker that died meanwhile is
      // caught within a second of the next request, which starts the timer again.
      live.heard(now())
      watchdog.stop()
      return
    }
    const patience = fresh || slow.size > 0 || exports.size > 0 ? LONG_ANSWER_WITHIN_MS : ANSWER_WITHIN_MS
    const r = live.tick(now(), patience)
    if (r === 'ping') worker.postMessage({ type: 'ping', n: ++pings })
    else if (r === 'stuck') fault(STUCK_REPORT)
  }
  // Set while something is owed, cleared when idle (tick); patience counts from when it starts.
  const watchdog = onDemandTimer(o.clock?.every.bind(o.clock), TICK_MS, tick, () => live.heard(now()))

  attach()

  return {
    start(id, s) {
      // Restart always gets a fresh worker: the old one may be stuck in a livelock.
      if (given || stopped || worker === null) {
        kill()
        failExports('the simulation restarted: export again')
        attach()
      }
      given = true
      stopped = false
      runId = id
      scenario = s
      actions = null
      lastT = null
      askedTo = 0
      checkpoint = null
      restoring = null
      pendingSeek = null
      unanswered.clear()
      armed = []
      policy.reset()
      send({ type: 'init', id: nextId++, runId: id, scenario: s, maxParticles, ...(o.debugFaults === true ? { debugFaults: true } : {}), ...(lanes !== null ? { lanes } : {}) })
      if (speed !== null) send({ type: 'speed', speed })
    },
    advance(toT, pauseAtRebalance) {
      if (inFlight > 0 || worker === null) return false
      askedTo = Math.max(askedTo, toT)
      send(pauseAtRebalance === true ? { type: 'advance', id: nextId++, toT, pauseAtRebalance } : { type: 'advance', id: nextId++, toT })
      return true
    },
    step(stepMs) {
      askedTo = Math.max(askedTo, (lastT ?? 0) + stepMs)
      send({ type: 'step', id: nextId++, stepMs })
    },
    command(command, atT) {
      if (atT !== undefined) askedTo = Math.max(askedTo, atT)
      send(atT === undefined ? { type: 'command', id: nextId++, command } : { type: 'command', id: nextId++, command, atT })
    },
    seek(toT) {
      if (inFlight > 0 || restoring !== null) pendingSeek = toT
      else send({ type: 'seek', id: nextId++, toT })
    },
    setPlaying(playing) {
      send({ type: playing ? 'play' : 'pause' })
    },
    setSpeed(sp) {
      speed = sp
      send({ type: 'speed', speed: sp })
    },
    exportRun(kind, toT, onProgress) {
      if (disposed || stopped) return Promise.reject(new Error('the simulation has stopped'))
      const id = nextId++
      return new Promise<string>((resolve, reject) => {
        exports.set(id, { resolve, reject, progress: onProgress })
        send({ type: 'export', id, kind, toT })
      })
    },
    debugFault(kind, atSec) {
      if (o.debugFaults !== true) return
      const req: WorkerRequest = atSec === undefined ? { type: 'debugFault', kind } : { type: 'debugFault', kind, atSec }
      if (atSec !== undefined) armed.push(req)
      send(req)
    },
    setLaneView(view, refresh = true) {
      lanes = view
      // A worker restoring a run gets the view with its init; one without a run yet, with its start.
      if (given && !stopped && restoring === null) send(refresh ? { type: 'lanes', id: nextId++, view } : { type: 'lanes', view })
    },
    busy: () => inFlight > 0,
    dispose() {
      if (disposed) return
      failExports('the simulation has stopped')
      watchdog.stop()
      send({ type: 'dispose' })
      disposed = true
      worker?.terminate()
    },
  }
}
