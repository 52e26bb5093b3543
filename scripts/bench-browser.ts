// Browser benchmark: builds the app, serves it with `vite preview`, and measures in headless
// chromium (Debian's, via playwright-core): frames drawn per second and the worker's time per
// frame on the default scenario, the `heavy` preset and `scale-10k` (10 000 partitions, lane groups),
// first frame after navigation, and the
// gzipped JavaScript size, and the renderer's peak memory over a long heavy run at top speed
// (scripts/benchMemory.ts). Prints a table; writes test/artifacts/bench-browser.json.
//
// Run: npm run bench:browser [-- --seconds 8] [--minutes 10] [--only memory|scale]
//   --minutes N    length of the heavy memory run (default 10; fractions allowed)
//   --only memory  just the memory run
//   --only scale   just scale-10k: fps (drawn, rAF) and bytes per frame message (scripts/benchScale.ts)

import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { ARTIFACTS, buildApp, launchBrowser, startPreview } from '../test/browser/harness.ts'
import { memoryLine, runMemoryBench } from './benchMemory.ts'
import { runScaleBench, scaleLines } from './benchScale.ts'
import { defaultScenario, encodeScenario } from '../src/scenario/index.ts'
import { compareLinkHash } from '../src/scenario/links.ts'
import type { Variant } from '../src/scenario/overrides.ts'

/** The value after `--flag`, or null when the flag is not given. */
function arg(flag: string): string | null {
  const i = process.argv.indexOf(flag)
  return i < 0 ? null : (process.argv[i + 1] ?? '')
}
const seconds = Number(arg('--seconds')) || 8
const minutesArg = arg('--minutes')
const minutes = minutesArg === null ? 10 : Number(minutesArg)
if (!(minutes > 0)) {
  console.error(`--minutes: expected a positive number of minutes, got "${minutesArg}"`)
  process.exit(2)
}
const only = arg('--only')
if (only !== null && only !== 'memory' && only !== 'scale') {
  console.error(`--only: the parts that run alone are "memory" and "scale", got "${only}"`)
  process.exit(2)
}
const OUT = join(ARTIFACTS, 'dist-bench')
const VIEWPORT = { width: 1280, height: 720 }

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  if (s.length === 0) return Number.NaN
  const m = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

function jsSizes(): { files: Array<{ name: string; raw: number; gzip: number }>; gzipTotal: number } {
  const dir = join(OUT, 'assets')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((name) => {
      const buf = readFileSync(join(dir, name))
      return { name, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length }
    })
  return { files, gzipTotal: files.reduce((a, f) => a + f.gzip, 0) }
}

async function firstFrameMs(page: Page, url: string): Promise<number> {
  await page.goto(url)
  await page.waitForFunction(() => performance.getEntriesByName('ph:first-frame').length > 0, null, { timeout: 30_000 })
  return page.evaluate(() => performance.getEntriesByName('ph:first-frame')[0]!.startTime)
}

interface Sample {
  drawnFps: number
  engineMs: number
}

/** Reads the app's own once-a-second readout (frames drawn, worker ms per frame) for `n` seconds. */
async function sampleReadout(page: Page, n: number): Promise<Sample[]> {
  const out: Sample[] = []
  for (let i = 0; i < n; i++) {
    await page.waitForTimeout(1000)
    out.push(
      await page.evaluate(() => {
        const el = document.querySelector<HTMLElement>('.status .perf')
        return { drawnFps: Number(el?.dataset['fps'] ?? 0), engineMs: Number(el?.dataset['engineMs'] ?? 0) }
      }),
    )
  }
  return out
}

/** Main-thread rAF rate over `ms` (how smooth the page itself stays). */
async function rafFps(page: Page, ms: number): Promise<number> {
  // A string, not a function: tsx's name-keeping helper (__name) does not exist in the page.
  return page.evaluate(`new Promise((res) => {
    const gaps = []
    let last = performance.now()
    const start = last
    function tick(t) {
      gaps.push(t - last)
      last = t
      if (t - start < ${ms}) requestAnimationFrame(tick)
      else {
        gaps.sort((a, b) => a - b)
        res(1000 / (gaps[Math.floor(gaps.length / 2)] || 16.7))
      }
    }
    requestAnimationFrame(tick)
  })`) as Promise<number>
}

interface BusyShare {
  /** Main-thread task time over wall time (CDP TaskDuration). */
  task: number
  /** Main-thread CPU time over wall time (CDP ThreadTime). */
  cpu: number
}

/**
 * The main thread's busy share of one core over `ms` (Chrome's own accounting, CDP
 * Performance.getMetrics), as test/browser/battery.test.ts measures it.
 */
async function busyShare(page: Page, ms: number): Promise<BusyShare> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const get = async (): Promise<Map<string, number>> => {
    const r = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
    return new Map(r.metrics.map((m) => [m.name, m.value]))
  }
  const a = await get()
  await page.waitForTimeout(ms)
  const b = await get()
  await cdp.detach()
  const d = (k: string): number => (b.get(k) ?? 0) - (a.get(k) ?? 0)
  return { task: d('TaskDuration') / d('Timestamp'), cpu: d('ThreadTime') / d('Timestamp') }
}

/** The default scenario playing at 1×, then paused: the laptop-on-battery figures (issue 9 §5). */
async function batteryShares(page: Page, url: string): Promise<{ playing: BusyShare; paused: BusyShare }> {
  await firstFrameMs(page, url)
  await page.waitForTimeout(3000)
  const playing = await busyShare(page, 4000)
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  await page.waitForTimeout(500)
  const paused = await busyShare(page, 3000)
  return { playing, paused }
}

/** The four group protocols, as compare sides of the default workload. */
const SIDES: Variant[] = [
  { label: 'eager', set: { 'group.protocol': 'eager', 'group.assignor': 'range' } },
  { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
  { label: 'static', set: { 'group.protocol': 'eager', 'group.assignor': 'range', 'group.staticMembership': true } },
  { label: 'KIP-848', set: { 'group.protocol': 'consumer', 'group.assignor': 'uniform' } },
]

/** Compare mode's own readout: frames per second of every side (`.perf[data-fps]` in its toolbar). */
async function sampleCompareFps(page: Page, n: number): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    await page.waitForTimeout(1000)
    out.push(await page.evaluate(() => Number(document.querySelector<HTMLElement>('.perf[data-fps]')?.dataset['fps'] ?? 0)))
  }
  return out
}

/** Seconds of the default scenario the seek bench first runs to (the issue's 10-minute run). */
const SEEK_RUN_SEC = 600
/** Where on the Timeline the seeks land, as fractions of its width (spread, not sorted). */
const SEEK_SPOTS = [0.5, 0.13, 0.87, 0.31, 0.69, 0.05, 0.95, 0.42, 0.58, 0.24]

/**
 * Opens the default scenario at t = 10 min (a moment link: the worker runs there), then clicks the
 * Timeline at spread-out places and times each seek from the click until the slider stops being
 * busy (the worker's answer is on the page). Wall ms per seek.
 */
async function seekTimes(page: Page, baseUrl: string): Promise<{ openMs: number; seeks: number[] }> {
  const started = Date.now()
  await page.goto(`${baseUrl}#s=${encodeScenario(defaultScenario())}&t=${SEEK_RUN_SEC}`)
  const slider = page.getByRole('slider', { name: 'Timeline' })
  await page.waitForFunction((sec) => Number(document.querySelector('[role="slider"][aria-label="Timeline"]')?.getAttribute('aria-valuemax')) >= sec, SEEK_RUN_SEC, { timeout: 120_000 })
  const openMs = Date.now() - started
  const box = await slider.boundingBox()
  if (box === null) throw new Error('no Timeline on the page')
  const seeks: number[] = []
  for (const f of SEEK_SPOTS) {
    const t0 = Date.now()
    await page.mouse.click(box.x + box.width * f, box.y + box.height / 2)
    await page.waitForFunction(() => document.querySelector('[role="slider"][aria-label="Timeline"]')?.getAttribute('aria-busy') !== 'true', null, { timeout: 30_000, polling: 10 })
    seeks.push(Date.now() - t0)
  }
  return { openMs, seeks }
}

async function main(): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  console.log('building …')
  buildApp(OUT)
  const sizes = jsSizes()
  const preview = await startPreview(OUT)
  const browser = await launchBrowser()
  const results: Record<string, unknown> = { sizes }
  try {
    if (only === 'memory') {
      const memory = await runMemoryBench(browser, preview.url, minutes)
      results['memory'] = memory
      console.log(memoryLine(memory, minutes))
      writeFileSync(join(ARTIFACTS, 'bench-browser.json'), JSON.stringify(results, null, 2))
      return
    }
    if (only === 'scale') {
      const scale = await runScaleBench(browser, preview.url, seconds)
      results['scale'] = scale
      console.log(scaleLines(scale).join('\n'))
      writeFileSync(join(ARTIFACTS, 'bench-browser.json'), JSON.stringify(results, null, 2))
      return
    }
    const firsts: number[] = []
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage({ viewport: VIEWPORT })
      firsts.push(await firstFrameMs(page, preview.url))
      await page.close()
    }

    const scenes: Array<{ name: string; preset: string | null }> = [
      { name: 'default (12 partitions, 3k rec/s)', preset: null },
      { name: 'heavy (256 partitions, 1M rec/s)', preset: 'heavy' },
      // Issue 12 §5: ≥ 50 fps with 10 000 partitions (the highway draws lane groups, laneGroups.ts).
      { name: 'scale-10k (10 000 partitions, grouped)', preset: 'scale-10k' },
    ]
    const rows: Array<{ scene: string; drawn: number; raf: number; engine: number; engineMax: number }> = []
    for (const scene of scenes) {
      const page = await browser.newPage({ viewport: VIEWPORT })
      await firstFrameMs(page, preview.url)
      if (scene.preset !== null) await page.getByLabel('Preset', { exact: true }).selectOption(scene.preset)
      await page.waitForTimeout(2500) // warm-up: JIT, first samples
      const samples = await sampleReadout(page, seconds)
      const raf = await rafFps(page, 3000)
      await page.screenshot({ path: join(ARTIFACTS, `bench-${scene.preset ?? 'default'}.png`) })
      rows.push({
        scene: scene.name,
        drawn: median(samples.map((s) => s.drawnFps)),
        raf,
        engine: median(samples.map((s) => s.engineMs)),
        engineMax: Math.max(...samples.map((s) => s.engineMs)),
      })
      await page.close()
    }
    results['firstFrameMs'] = firsts
    results['scenes'] = rows

    const compareRows: Array<{ sides: number; drawn: number; raf: number; target: number }> = []
    for (const n of [2, 4]) {
      const page = await browser.newPage({ viewport: VIEWPORT })
      await page.goto(`${preview.url}#${compareLinkHash(defaultScenario(), SIDES.slice(0, n))}`)
      await page.getByRole('table', { name: `Partition metrics: ${SIDES[0]!.label}` }).waitFor({ timeout: 30_000 })
      await page.waitForTimeout(2500)
      const fps = await sampleCompareFps(page, seconds)
      const raf = await rafFps(page, 3000)
      await page.screenshot({ path: join(ARTIFACTS, `bench-compare-${n}.png`) })
      compareRows.push({ sides: n, drawn: median(fps), raf, target: n === 2 ? 55 : 30 })
      await page.close()
    }
    results['compare'] = compareRows

    const batteryPage = await browser.newPage({ viewport: VIEWPORT })
    const battery = await batteryShares(batteryPage, preview.url)
    await batteryPage.close()
    results['battery'] = battery

    const seekPage = await browser.newPage({ viewport: VIEWPORT })
    const seek = await seekTimes(seekPage, preview.url)
    await seekPage.close()
    results['seek'] = seek

    const memory = await runMemoryBench(browser, preview.url, minutes)
    results['memory'] = memory

    const scale = await runScaleBench(browser, preview.url, seconds)
    results['scale'] = scale

    const pad = (s: string, n: number): string => s.padEnd(n)
    console.log('')
    console.log(`Headless chromium ${browser.version()}, ${VIEWPORT.width}×${VIEWPORT.height}, ${seconds} s per scene, vite preview`)
    console.log('')
    console.log(`| ${pad('scene', 36)} | fps drawn (median) | rAF fps | engine ms/frame (median / max) |`)
    console.log(`| ${'-'.repeat(36)} | ------------------ | ------- | ------------------------------ |`)
    for (const r of rows) {
      console.log(
        `| ${pad(r.scene, 36)} | ${pad(r.drawn.toFixed(0), 18)} | ${pad(r.raf.toFixed(0), 7)} | ${pad(`${r.engine.toFixed(2)} / ${r.engineMax.toFixed(2)}`, 30)} |`,
      )
    }
    for (const r of compareRows) {
      console.log(
        `| ${pad(`compare, ${r.sides} default sides (target ≥ ${r.target})`, 36)} | ${pad(r.drawn.toFixed(0), 18)} | ${pad(r.raf.toFixed(0), 7)} | ${pad('(per side)', 30)} |`,
      )
    }
    console.log('')
    console.log(`| metric                         | value |`)
    console.log(`| ------------------------------ | ----- |`)
    console.log(`| first frame after navigation   | ${median(firsts).toFixed(0)} ms (median of ${firsts.map((f) => f.toFixed(0)).join(', ')}) |`)
    for (const f of sizes.files) console.log(`| ${pad(f.name, 30)} | ${(f.raw / 1024).toFixed(1)} KB raw, ${(f.gzip / 1024).toFixed(1)} KB gzip |`)
    console.log(`| JavaScript total, gzipped      | ${(sizes.gzipTotal / 1024).toFixed(1)} KB |`)
    console.log(`| open at ${SEEK_RUN_SEC / 60} min (moment link)    | ${seek.openMs} ms |`)
    console.log(`| seek by clicking the Timeline  | median ${median(seek.seeks).toFixed(0)} ms, max ${Math.max(...seek.seeks)} ms over ${seek.seeks.length} seeks in a ${SEEK_RUN_SEC / 60}-minute default run (target ≤ 1 000 ms) |`)
    const pct = (x: number): string => `${(x * 100).toFixed(1)} %`
    console.log(`| main thread, default playing    | ${pct(battery.playing.task)} busy (tasks), ${pct(battery.playing.cpu)} CPU of a core (target ≤ 40 %) |`)
    console.log(`| main thread, paused             | ${pct(battery.paused.task)} busy (tasks), ${pct(battery.paused.cpu)} CPU of a core (target ≤ 2 %) |`)
    console.log(memoryLine(memory, minutes))
    for (const line of scaleLines(scale)) console.log(line)
    writeFileSync(join(ARTIFACTS, 'bench-browser.json'), JSON.stringify(results, null, 2))
  } finally {
    await browser.close()
    await preview.stop()
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
