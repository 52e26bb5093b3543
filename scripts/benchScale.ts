// The page at 10 000 lanes (issue 12 §5: "staying ≥ 50 fps in headless Chromium at 10 000
// partitions"): plays the scale-10k preset at high speed and measures, in the page, frames drawn
// per second (frames from the worker, at most one per animation frame), also against a page of the
// default scenario in alternating windows, animation frames per second (requestAnimationFrame counted),
// and the size of each frame message (typed arrays by their bytes, numbers 8 bytes, strings by
// length: what the structured clone carries, near enough). Used by scripts/bench-browser.ts
// (`--only scale`) and test/browser/scale.test.ts.

import type { Browser, CDPSession, Page } from 'playwright-core'

/** Counts frames from the worker, from before the app's first line runs; sizes them while `__scale.sizing`. */
export const SCALE_COUNTERS = `(() => {
  const c = { frames: 0, sized: 0, bytes: 0, maxBytes: 0, sizing: false, handleMs: [] }
  window.__scale = c
  const size = (x) => {
    if (x === null || x === undefined) return 1
    if (typeof x === 'number') return 8
    if (typeof x === 'string') return x.length
    if (typeof x === 'boolean') return 1
    if (ArrayBuffer.isView(x)) return x.byteLength
    if (Array.isArray(x)) { let s = 0; for (const y of x) s += size(y); return s }
    if (typeof x === 'object') { let s = 0; for (const k in x) s += k.length + size(x[k]); return s }
    return 0
  }
  const add = Worker.prototype.addEventListener
  Worker.prototype.addEventListener = function (type, listener, ...rest) {
    if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, ...rest)
    return add.call(this, type, function (ev) {
      if (!ev.data || ev.data.type !== 'frame') return listener.call(this, ev)
      c.frames++
      if (c.sizing) { const b = size(ev.data); c.sized++; c.bytes += b; c.maxBytes = Math.max(c.maxBytes, b) }
      // The page's own work on a frame message: the store, the panels that render at once, the highway.
      const t0 = performance.now()
      const r = listener.call(this, ev)
      c.handleMs.push(performance.now() - t0)
      return r
    }, ...rest)
  }
})()`

export interface ScaleFigures {
  /** Frames drawn per second (drawnFps): what issue 12 §5's "≥ 50 fps" counts. */
  drawnFps: number
  /** Frames drawn per second in alternating one-second windows: this preset's and the default scenario's, at the same speed. */
  alternated: { drawnFps: number; defaultDrawnFps: number }
  /** requestAnimationFrame callbacks per second on the page's main thread. */
  rafFps: number
  /** Frames from the worker per second (each one drawn). */
  workerFps: number
  /** Mean and largest frame message, bytes. */
  frameBytes: number
  maxFrameBytes: number
  /** Sim seconds per wall second reached. */
  simPerWall: number
  /** Main-thread CPU ms per frame from the worker (CDP ThreadTime): the page's own work, robust to a loaded machine. */
  mainCpuMsPerFrame: number
  /** Main-thread CPU over wall time. */
  mainCpuShare: number
  /** Median wall ms the page's handler of a frame message took (store, panels, highway). */
  handleMs: number
}

/** Main-thread CPU seconds so far (Chrome's own accounting, as battery.test.ts reads it). */
export async function threadTime(cdp: CDPSession): Promise<{ cpu: number; wall: number }> {
  const r = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
  const m = new Map(r.metrics.map((x) => [x.name, x.value]))
  return { cpu: m.get('ThreadTime') ?? 0, wall: m.get('Timestamp') ?? 0 }
}

/** rAF callbacks and worker frames over `ms` of wall time, counted in the page. */
export interface FrameCount {
  raf: number
  frames: number
  wallMs: number
  simMs: number
  /** Median wall ms the page's message handler took per frame. */
  handleMs: number
}

export async function countFrames(page: Page, ms: number): Promise<FrameCount> {
  // A string, not a function: tsx's name-keeping helper (__name) does not exist in the page.
  return page.evaluate(`new Promise((res) => {
    const c = window.__scale
    const simNow = () => Number.parseFloat(document.querySelector('[role="timer"][aria-label="Simulated time"]')?.textContent ?? '0') * 1000
    const f0 = c.frames
    c.handleMs = []
    const s0 = simNow()
    let raf = 0
    const start = performance.now()
    function tick(t) {
      raf++
      if (t - start < ${ms}) requestAnimationFrame(tick)
      else {
        const h = c.handleMs.slice().sort((a, b) => a - b)
        res({ raf, frames: c.frames - f0, wallMs: t - start, simMs: simNow() - s0, handleMs: h.length ? h[Math.floor(h.length / 2)] : 0 })
      }
    }
    requestAnimationFrame(tick)
  })`) as Promise<FrameCount>
}

/**
 * Frames drawn per second: each frame from the worker is drawn when it arrives, and the screen
 * shows at most one per animation frame, so the fewer of the two counts. (The rAF rate alone
 * stays at 60 while a slow worker leaves every other animation frame with nothing new.)
 */
export function drawnFps(n: FrameCount): number {
  return n.wallMs > 0 ? (Math.min(n.raf, n.frames) * 1000) / n.wallMs : 0
}

/** Presses the page's Play or Pause button and waits for the other to show. */
export async function setPlaying(page: Page, playing: boolean): Promise<void> {
  const [press, then] = playing ? ['Play', 'Pause'] : ['Pause', 'Play']
  const button = page.getByRole('button', { name: press, exact: true })
  if ((await button.count()) > 0) await button.click()
  await page.getByRole('button', { name: then, exact: true }).waitFor()
}

/**
 * Plays each page in turn for `ms` (the others paused), `rounds` times, and sums each page's
 * counts. On a shared machine whose load comes and goes, short alternating windows put every page
 * under the same load, where one window after another compares a quiet moment with a busy one.
 */
export interface AlternatedCount extends FrameCount {
  /** Frames drawn per second in each of its windows, in order. */
  windows: number[]
}

export async function alternateFrames(pages: readonly Page[], rounds: number, ms: number): Promise<AlternatedCount[]> {
  for (const page of pages) await setPlaying(page, false)
  const sums: AlternatedCount[] = pages.map(() => ({ raf: 0, frames: 0, wallMs: 0, simMs: 0, handleMs: 0, windows: [] }))
  const handles: number[][] = pages.map(() => [])
  for (let r = 0; r < rounds; r++) {
    for (const [i, page] of pages.entries()) {
      await setPlaying(page, true)
      await page.waitForTimeout(300) // the loop wakes, the first frames
      const n = await countFrames(page, ms)
      await setPlaying(page, false)
      const sum = sums[i]!
      sum.raf += n.raf
      sum.frames += n.frames
      sum.wallMs += n.wallMs
      sum.simMs += n.simMs
      handles[i]!.push(n.handleMs)
      sum.windows.push(drawnFps(n))
    }
  }
  sums.forEach((sum, i) => {
    const h = handles[i]!.sort((a, b) => a - b)
    sum.handleMs = h[Math.floor(h.length / 2)] ?? 0
  })
  return sums
}

/** Mean and largest frame message over `ms` of wall time. */
export async function frameBytes(page: Page, ms: number): Promise<{ mean: number; max: number }> {
  await page.evaluate('(() => { const c = window.__scale; c.sizing = true; c.sized = 0; c.bytes = 0; c.maxBytes = 0 })()')
  await page.waitForTimeout(ms)
  // A slow worker (10 000 lanes on a loaded machine) may not have sent one yet: wait for two.
  await page.waitForFunction('window.__scale.sized >= 2', null, { timeout: 10_000, polling: 50 }).catch(() => undefined)
  return page.evaluate('(() => { const c = window.__scale; c.sizing = false; return { mean: c.sized ? c.bytes / c.sized : 0, max: c.maxBytes } })()') as Promise<{
    mean: number
    max: number
  }>
}

/** Sets the speed slider (log10 scale) to `speed`×. */
export async function setSpeed(page: Page, speed: number): Promise<void> {
  await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(speed)))
}

/** Opens a page at `url` playing `preset` (null: the default scenario) at `speed`×, with the frame counters. */
async function openPlaying(browser: Browser, url: string, preset: string | null, speed: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await page.addInitScript(SCALE_COUNTERS)
  await page.goto(url)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor({ timeout: 60_000 })
  if (preset !== null) {
    await page.getByLabel('Preset', { exact: true }).selectOption(preset)
    await page.getByTestId('lane-groups').waitFor({ timeout: 60_000 })
  }
  await setSpeed(page, speed)
  return page
}

/**
 * Opens `preset` (scale-10k) at `speed`×, warms up, then measures it over `seconds`, and then
 * its frames drawn against the default scenario's in alternating one-second windows.
 */
export async function runScaleBench(browser: Browser, url: string, seconds: number, speed = 10, preset = 'scale-10k'): Promise<ScaleFigures> {
  const ref = await openPlaying(browser, url, null, speed)
  await setPlaying(ref, false)
  const page = await openPlaying(browser, url, preset, speed)
  try {
    await page.waitForTimeout(2500) // warm-up: JIT, the first samples
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    const a = await threadTime(cdp)
    const n = await countFrames(page, seconds * 1000)
    const b = await threadTime(cdp)
    await cdp.detach()
    const bytes = await frameBytes(page, 1500)
    const [big, small] = await alternateFrames([page, ref], Math.max(2, Math.round(seconds / 2)), 1000)
    return {
      mainCpuMsPerFrame: n.frames > 0 ? ((b.cpu - a.cpu) * 1000) / n.frames : Number.NaN,
      mainCpuShare: (b.cpu - a.cpu) / (b.wall - a.wall),
      handleMs: n.handleMs,
      drawnFps: drawnFps(n),
      alternated: { drawnFps: drawnFps(big!), defaultDrawnFps: drawnFps(small!) },
      rafFps: (n.raf * 1000) / n.wallMs,
      workerFps: (n.frames * 1000) / n.wallMs,
      frameBytes: bytes.mean,
      maxFrameBytes: bytes.max,
      simPerWall: n.simMs / n.wallMs,
    }
  } finally {
    await page.close()
    await ref.close()
  }
}

export function scaleLines(f: ScaleFigures): string[] {
  const kb = (b: number): string => `${(b / 1024).toFixed(1)} KB`
  return [
    `| scale-10k (10 000 partitions), 10× | ${f.drawnFps.toFixed(1)} frames drawn per s (target ≥ 50) | rAF ${f.rafFps.toFixed(1)} fps | worker frames ${f.workerFps.toFixed(1)}/s | ${f.simPerWall.toFixed(2)}× real time |`,
    `| scale-10k vs default, alternating  | ${f.alternated.drawnFps.toFixed(1)} vs ${f.alternated.defaultDrawnFps.toFixed(1)} frames drawn per s (1 s windows in turn, same speed) |`,
    `| scale-10k frame message            | mean ${kb(f.frameBytes)}, max ${kb(f.maxFrameBytes)} |`,
    `| scale-10k main thread              | ${f.handleMs.toFixed(2)} ms handling a frame (median), ${f.mainCpuMsPerFrame.toFixed(1)} ms CPU per worker frame, ${(f.mainCpuShare * 100).toFixed(0)} % of a core |`,
  ]
}
