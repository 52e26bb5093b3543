// Browser benchmark: builds the app, serves it with `vite preview`, and measures in headless
// chromium (Debian's, via playwright-core): frames drawn per second and the worker's time per
// frame on the default scenario and on the `heavy` preset, first frame after navigation, and the
// gzipped JavaScript size. Prints a table; writes test/artifacts/bench-browser.json.
//
// Run: npm run bench:browser   (or: npx tsx scripts/bench-browser.ts [--seconds 8])

import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { ARTIFACTS, buildApp, launchBrowser, startPreview } from '../test/browser/harness.ts'

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 8
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

async function main(): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  console.log('building …')
  buildApp(OUT)
  const sizes = jsSizes()
  const preview = await startPreview(OUT)
  const browser = await launchBrowser()
  const results: Record<string, unknown> = { sizes }
  try {
    const firsts: number[] = []
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage({ viewport: VIEWPORT })
      firsts.push(await firstFrameMs(page, preview.url))
      await page.close()
    }

    const scenes: Array<{ name: string; preset: string | null }> = [
      { name: 'default (12 partitions, 3k rec/s)', preset: null },
      { name: 'heavy (256 partitions, 1M rec/s)', preset: 'heavy' },
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
    console.log('')
    console.log(`| metric                         | value |`)
    console.log(`| ------------------------------ | ----- |`)
    console.log(`| first frame after navigation   | ${median(firsts).toFixed(0)} ms (median of ${firsts.map((f) => f.toFixed(0)).join(', ')}) |`)
    for (const f of sizes.files) console.log(`| ${pad(f.name, 30)} | ${(f.raw / 1024).toFixed(1)} KB raw, ${(f.gzip / 1024).toFixed(1)} KB gzip |`)
    console.log(`| JavaScript total, gzipped      | ${(sizes.gzipTotal / 1024).toFixed(1)} KB |`)
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
