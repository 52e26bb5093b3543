// How fast this machine's CPU runs now, against the speed the browser budgets were set at. The
// budgets of the wall-clock browser files (battery, scale) hold on this project's 2-core VM when
// its CPU runs at its usual speed; the VM's CPU is sometimes throttled by its host (session 9 saw
// the same code and the same tree run at half speed for an hour: every engine bench ~2× slower, the
// page's playing cost 30 → 42 % of a core). Such a host says nothing about our code, so those
// budgets are scaled by the slowdown measured here, and the tests print it.
//
// The probe is third-party code (npm js-simulator's M/M/1 workload, bench/mm1JsSimulator.ts), so a
// regression of ours cannot make the machine look slow and loosen the budgets that would catch it.

import { runJsSimulator } from '../../bench/mm1JsSimulator.ts'

/**
 * js-simulator's events per CPU second on the standard uniform workload, on this project's 2-core
 * Intel Xeon VM at its usual speed (2026-12-01, the same medians as bench/run.ts section a: ours
 * 8.1 M events/s at 2.9× js-simulator's).
 */
export const REFERENCE_EVENTS_PER_CPU_SEC = 2.8e6
/** Below this slowdown the machine counts as at speed (run-to-run noise of the probe is ~10 %). */
const AT_SPEED = 1.15

/** ≥ 1: how many times slower than the reference this machine runs the probe now (best of three). */
export function machineSlowdown(): number {
  runJsSimulator('uniform', 50_000, 7) // JIT warm-up
  let best = 0
  for (let i = 0; i < 3; i++) {
    const r = runJsSimulator('uniform', 300_000, 1)
    best = Math.max(best, r.events / (r.cpuMs / 1000))
  }
  const slowdown = REFERENCE_EVENTS_PER_CPU_SEC / best
  return slowdown < AT_SPEED ? 1 : slowdown
}
