// The laptop on battery (issue 9 §5), in a real browser (Debian's chromium via playwright-core,
// 1280×720): paused with nothing changing, the page does no per-frame work (≤ 2 % of a core on the
// main thread, no animation frames scheduled, no requests to the simulation worker); playing the
// default scenario, the main thread is busy ≤ 40 % of a core (see PLAYING_MAX). Figures are Chrome's own accounting
// (CDP Performance.getMetrics) over the renderer's own clock (Timestamp): TaskDuration (wall time
// inside main-thread tasks) and ThreadTime (the main thread's CPU time). On a quiet machine the two
// are close; on a shared one (this project's 2 cores run several test suites at once) a task that
// is preempted keeps counting TaskDuration while other processes run, so the playing budget is
// checked on ThreadTime, the work the page itself does, and both are printed.

import { join } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ARTIFACTS, collectErrors, simTime, waitForSimTime } from './harness.ts'
import { machineSlowdown } from './machineSpeed.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-battery-test')
const VIEWPORT = { width: 1280, height: 720 }
/** The budgets, as shares of one core. */
const PAUSED_MAX = 0.02
/**
 * The issue's ≤ 40 % while playing. Measured here (2-core AMD EPYC, headless chromium with software
 * rendering) before the battery pass: 41–53 % at ~57 frames/s, most of it the records' 3 000
 * fillRects a frame, the highway drawn twice 4 times a second and ~34 React renders a second.
 * After it (records as one putImageData, each frame drawn once, throttled panels rendered together):
 * 21–23 % at 43–47 frames/s on a machine loaded by other suites, i.e. ~29–30 % of a core scaled
 * to 60 frames/s; same-machine interleaved runs against the old build: 19–40 % less CPU a frame.
 */
const PLAYING_MAX = 0.4

const suite = browserSuite(OUT)

/**
 * Counts, from before the app's first line runs, every requestAnimationFrame the page schedules
 * and every message between the page and its simulation worker (the worker has no timers: it
 * works only when asked, so no requests while paused means an idle worker).
 */
const COUNTERS = `(() => {
  const c = { raf: 0, toWorker: 0, fromWorker: 0 }
  window.__battery = c
  const raf = window.requestAnimationFrame.bind(window)
  window.requestAnimationFrame = (cb) => { c.raf++; return raf(cb) }
  const post = Worker.prototype.postMessage
  Worker.prototype.postMessage = function (...args) { c.toWorker++; return post.apply(this, args) }
  const add = Worker.prototype.addEventListener
  Worker.prototype.addEventListener = function (type, listener, ...rest) {
    if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, ...rest)
    return add.call(this, type, function (ev) { c.fromWorker++; return listener.call(this, ev) }, ...rest)
  }
})()`

interface Counters {
  raf: number
  toWorker: number
  fromWorker: number
}

const counters = (page: Page): Promise<Counters> => page.evaluate('({ ...window.__battery })') as Promise<Counters>

async function metrics(cdp: CDPSession): Promise<Map<string, number>> {
  const r = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
  return new Map(r.metrics.map((m) => [m.name, m.value]))
}

interface Busy {
  /** Main-thread task time over wall time (1 = one core fully busy). */
  task: number
  /** The main thread's CPU time over wall time (what the task share is when no other process competes for the cores). */
  cpu: number
  /** Of which script, layout and style recalculation (to see where a regression comes from). */
  script: number
  layout: number
  style: number
  wallSec: number
}

/** The main thread's busy share over `ms` of wall time, by Chrome's own clocks. */
async function busyOver(page: Page, cdp: CDPSession, ms: number): Promise<Busy> {
  const a = await metrics(cdp)
  await page.waitForTimeout(ms)
  const b = await metrics(cdp)
  const d = (k: string): number => (b.get(k) ?? 0) - (a.get(k) ?? 0)
  const wallSec = d('Timestamp')
  return {
    task: d('TaskDuration') / wallSec,
    cpu: d('ThreadTime') / wallSec,
    script: d('ScriptDuration') / wallSec,
    layout: d('LayoutDuration') / wallSec,
    style: d('RecalcStyleDuration') / wallSec,
    wallSec,
  }
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`
const show = (b: Busy): string => `task ${pct(b.task)}, cpu ${pct(b.cpu)} (script ${pct(b.script)}, layout ${pct(b.layout)}, style ${pct(b.style)}) over ${b.wallSec.toFixed(1)} s`

describe('the laptop on battery', () => {
  it('playing the default scenario costs the main thread ≤ 40 % of a core; paused, the page does no per-frame work', async () => {
    const { browser, preview } = suite()
    // A host that throttles this VM's CPU makes the same page cost more of a core (machineSpeed.ts).
    const slow = machineSlowdown()
    const page = await browser.newPage({ viewport: VIEWPORT })
    const errors = collectErrors(page)
    await page.addInitScript(COUNTERS)
    await page.goto(preview.url)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')

    // Playing: past start-up (JIT, the first rebalance), then ~4 s of the default scenario at 1×.
    await waitForSimTime(page, 3)
    const t0 = await simTime(page)
    const c0 = await counters(page)
    // Two windows, judged by the cheaper: what the page costs, with less of what the other
    // processes on a shared 2-core machine add to it (cache and scheduler contention only inflate).
    const first = await busyOver(page, cdp, 4000)
    const c1 = await counters(page)
    const t1 = await simTime(page)
    const second = await busyOver(page, cdp, 4000)
    const c2 = await counters(page)
    // Animation frames per second while measured: a page starved of CPU draws fewer frames and so
    // looks cheaper; the figure says how much it really drew.
    const fps1 = (c1.raf - c0.raf) / first.wallSec
    const fps2 = (c2.raf - c1.raf) / second.wallSec
    console.log(`battery: playing ${show(first)}, ${fps1.toFixed(0)} frames/s; then ${show(second)}, ${fps2.toFixed(0)} frames/s`)
    const playing = first.cpu <= second.cpu ? first : second
    // It really played all along (a stalled page would be cheap for the wrong reason).
    expect(t1 - t0).toBeGreaterThan(3)
    if (slow > 1) console.log(`battery: this machine's CPU runs ${slow.toFixed(2)}× slower than the reference: the playing budget is ${pct(PLAYING_MAX * slow)}`)
    expect.soft(playing.cpu).toBeLessThanOrEqual(PLAYING_MAX * slow)

    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    // Let the pause land (the last frame in flight, the status line's last refresh).
    await page.waitForTimeout(500)
    const atPause = await simTime(page)
    const before = await counters(page)
    const paused = await busyOver(page, cdp, 3000)
    const after = await counters(page)
    console.log(`battery: paused ${show(paused)}; rAF ${after.raf - before.raf}, to worker ${after.toWorker - before.toWorker}, from worker ${after.fromWorker - before.fromWorker}`)
    expect.soft(after.raf - before.raf).toBe(0)
    expect.soft(after.toWorker - before.toWorker).toBe(0)
    expect.soft(after.fromWorker - before.fromWorker).toBe(0)
    expect.soft(paused.task).toBeLessThanOrEqual(PAUSED_MAX)
    expect.soft(paused.cpu).toBeLessThanOrEqual(PAUSED_MAX)
    // Still where it stopped: the idle figures are of the page showing its moment.
    expect(await simTime(page)).toBe(atPause)

    // Play again: the loop that stopped comes back by itself.
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await waitForSimTime(page, atPause + 1, 10_000)
    expect(errors).toEqual([])
    await cdp.detach()
    await page.close()
  })
})
