// Worker supervision as pure decisions (no timers, no workers: the client feeds it wall ms and
// sim ms). Liveness: is the worker gone or stuck? Fault policy: continue after a fault, or stop
// because the same fault came back at the same moment?

/** Ping the worker when nothing has been heard from it for this long (wall ms). */
export const PING_AFTER_MS = 100
/**
 * A ping unanswered this long (wall ms) means the worker is gone or stuck. With a tick every
 * TICK_MS, a worker that dies right after its last message is caught within 100 + 750 + 2 × 50 =
 * 950 ms. (A busy worker answers between two pieces of work; an advance chunk of the heavy preset at
 * top speed, 400 sim ms, measured 10–35 ms here.)
 */
export const ANSWER_WITHIN_MS = 750
/** How often the client asks the liveness watch (wall ms). */
export const TICK_MS = 50
/**
 * Patience with a new worker (its script still loading) and with a seek (a replay from the
 * checkpoint before the moment, which cannot say it is alive on the way).
 */
export const LONG_ANSWER_WITHIN_MS = 5000
/**
 * The most a worker's word that it will be busy (writing a checkpoint) buys it (wall ms): a worker
 * that says so and then hangs is still caught within this + 100 + 750 ms.
 */
export const MOST_BUSY_MS = 15_000
/** A supervision tick this late (wall ms) means the page itself was frozen: judge nothing from it. */
export const LATE_TICK_MS = 500

export interface Liveness {
  /**
   * Any message from the worker: it is alive and free, or (`busyForMs`) about to be busy that long
   * without a word: no ping or verdict until then (at most MOST_BUSY_MS).
   */
  heard(nowMs: number, busyForMs?: number): void
  /**
   * Called on every supervision tick. Returns 'ping' when a ping should go out now, 'stuck' when
   * the worker failed to answer within `patienceMs`, else null.
   */
  tick(nowMs: number, patienceMs: number): 'ping' | 'stuck' | null
}

/** A worker's `busyMs` as the liveness watch takes it: a positive finite number, else 0 (not busy). */
export function busyMsOf(x: unknown): number {
  return typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : 0
}

export function createLiveness(startMs: number): Liveness {
  let lastHeard = startMs
  let pingSentAt: number | null = null
  let lastTick = startMs
  let busyUntil = -Infinity
  return {
    heard(nowMs, busyForMs = 0) {
      lastHeard = nowMs
      pingSentAt = null
      busyUntil = busyForMs > 0 ? nowMs + Math.min(busyForMs, MOST_BUSY_MS) : -Infinity
    },
    tick(nowMs, patienceMs) {
      const late = nowMs - lastTick > LATE_TICK_MS
      lastTick = nowMs
      if (late) {
        // The page was frozen (a long task, a sleeping laptop): the answer may be waiting in the
        // queue behind this tick. Ask again instead of blaming the worker.
        pingSentAt = null
        lastHeard = nowMs
        return null
      }
      if (pingSentAt !== null) return nowMs - pingSentAt > patienceMs ? 'stuck' : null
      if (nowMs - Math.max(lastHeard, busyUntil) < PING_AFTER_MS) return null
      pingSentAt = nowMs
      return 'ping'
    },
  }
}

/** A fault as the policy sees it: the run was last seen at `fromMs` and was asked up to `toMs` (sim ms). */
export interface FaultAt {
  fromMs: number
  toMs: number
  message: string
}

export type FaultDecision =
  | { retry: true }
  /** Stop: the fault came back before the run got past the first one. */
  | { retry: false; momentMs: number; message: string; firstMessage: string }

export interface FaultPolicy {
  /** The run showed sim ms `t`: past a recorded fault's window, the next fault counts as new. */
  reached(t: number): void
  /** A new run (start, restart, preset): nothing recorded. */
  reset(): void
  decide(f: FaultAt): FaultDecision
}

/**
 * One retry per moment. A fault happens somewhere in (fromMs, toMs]: after the last frame the
 * page got and before the moment it asked for. If the retry faults again before getting past
 * that window, it is the same fault at the same moment and retrying again would loop forever.
 */
export function createFaultPolicy(): FaultPolicy {
  let last: { fromMs: number; toMs: number; message: string } | null = null
  return {
    reached(t) {
      if (last !== null && t > last.toMs) last = null
    },
    reset() {
      last = null
    },
    decide(f) {
      if (last !== null && f.fromMs <= last.toMs) return { retry: false, momentMs: f.fromMs, message: f.message, firstMessage: last.message }
      last = { fromMs: f.fromMs, toMs: Math.max(f.fromMs, f.toMs), message: f.message }
      return { retry: true }
    },
  }
}

/** What went wrong, in words for the banner (`what`) and as the raw text for details. */
export interface FaultReport {
  what: string
  detail: string
}

export function describeWorkerError(message: string | undefined, where: 'uncaught' | 'answer' | 'message'): FaultReport {
  const detail = message !== undefined && message !== '' ? message : '(no message)'
  switch (where) {
    case 'uncaught':
      return { what: 'the simulation hit an unexpected error', detail }
    case 'answer':
      return { what: 'the simulation could not compute the next moment', detail }
    case 'message':
      return { what: 'a message from the simulation could not be read', detail }
  }
}

export const STUCK_REPORT: FaultReport = {
  what: 'the simulation stopped answering (it closed, was shut down by the browser, or is stuck)',
  detail: 'no answer to a liveness ping',
}

/** Sim ms as the page shows it: seconds with one decimal. */
export function momentText(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`
}

/**
 * A repeating timer that runs only while it is needed: `ensure` starts it (no-op while running),
 * `stop` ends it. The watchdog keeps one while the page is owed an answer, none otherwise (battery).
 */
export interface OnDemandTimer {
  ensure(): void
  stop(): void
}

export function onDemandTimer(every: ((ms: number, fn: () => void) => () => void) | undefined, ms: number, fn: () => void, onStart: () => void): OnDemandTimer {
  let cancel: (() => void) | null = null
  return {
    ensure() {
      if (cancel !== null || every === undefined) return
      onStart()
      cancel = every(ms, fn)
    },
    stop() {
      cancel?.()
      cancel = null
    },
  }
}

