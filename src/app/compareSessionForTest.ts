// Test support: a compare session on fake workers (one per side, handed out again when a side asks
// for a fresh one), driven by a hand-cranked frame clock. One place for what the compare session's
// tests each wrote out.
import { defaultScenario } from '../scenario/defaults.ts'
import type { Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import { validateScenario } from '../scenario/validate.ts'
import { createCompareSession } from './compareSession.ts'
import { fakeWorker, type FakeWorker } from './fakeWorker.ts'

export const eager: Variant = { label: 'eager', set: {} }
export const coop: Variant = { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } }

export type HoldableWorker = FakeWorker & { hold(): void; release(): void }

/** A fake worker whose answers can be held back (a real worker answers a seek frames later). */
export function holdable(w: FakeWorker): HoldableWorker {
  let held: MessageEvent[] | null = null
  let listener: ((ev: MessageEvent) => void) | null = null
  w.addEventListener('message', ((ev: MessageEvent) => (held !== null ? held.push(ev) : listener?.(ev))) as never)
  return Object.assign(w, {
    addEventListener(type: string, l: (ev: never) => void) {
      if (type === 'message') listener = l as (ev: MessageEvent) => void
    },
    hold: () => {
      held = []
    },
    release: () => {
      const evs = held ?? []
      held = null
      for (const ev of evs) listener?.(ev)
    },
  })
}

/** A started compare session of `variants` (eager and cooperative) on `base` (the default scenario). */
export function sessionOnFakes(o: { openAtMs?: number; markMs?: number; variants?: Variant[]; base?: Scenario } = {}) {
  const workers: HoldableWorker[] = []
  const queue: Array<(t: number) => void> = []
  let wall = 0
  const session = createCompareSession({
    base: o.base ?? defaultScenario(),
    variants: o.variants ?? [eager, coop],
    createWorker: (side) => {
      const had = workers[side]
      if (had !== undefined) return had
      const w = holdable(fakeWorker())
      workers[side] = w
      return w
    },
    host: { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => wall },
    ...(o.openAtMs !== undefined ? { openAtMs: o.openAtMs } : {}),
    ...(o.markMs !== undefined ? { markMs: o.markMs } : {}),
    validate: (s) => {
      const r = validateScenario(s)
      return r.ok ? [] : r.errors
    },
    share: async () => 'copied',
    exit: () => {},
  })
  /** k animation frames of 16 ms each. */
  const ticks = (k: number): void => {
    for (let i = 0; i < k; i++) {
      wall += 16
      queue.shift()?.(wall)
    }
  }
  session.driver.start()
  return { session, workers, ticks }
}
