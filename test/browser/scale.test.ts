// The page at 10 000 partitions (issue 12 §5), in a real browser (Debian's chromium via
// playwright-core, 1280×720): the scale-10k preset plays at high speed with the main thread drawing
// ≥ 50 animation frames a second (requestAnimationFrame counted in the page; checked when the
// machine draws the default scenario at ≥ 55, i.e. not starved by other work), the worker sends
// small frames (the rows the page shows, not every lane: sim/laneRows/pageFrame.ts), and a group
// opened at a paused moment shows its lanes with exactly the lags `highway run --json` computes
// there. Measures wall time, so it runs alone (vite.config.ts, browser-alone).

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { MAX_GROUPS } from '../../src/sim/laneRows/laneGroups.ts'
import { countFrames, frameBytes, SCALE_COUNTERS, setSpeed } from '../../scripts/benchScale.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-scale-test')
const suite = browserSuite(OUT)

/** Issue 12 §5's floor, frames a second. */
const MIN_FPS = 50
/** A frame message of every lane was ~900 KB here (10 000 lanes × 12 arrays, 4 000 particles, owned lanes). */
const MAX_FRAME_BYTES = 100_000

interface CliPartition {
  partition: number
  lag: number
  owner: string | null
}

function cliPartitions(seconds: number): CliPartition[] {
  const r = runRun(['--preset', 'scale-10k', '--seconds', String(seconds), '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(`highway run failed: ${r.stderr}`)
  return (JSON.parse(r.stdout) as { partitions: CliPartition[] }).partitions
}

describe('10 000 partitions on the page', () => {
  it('plays at ≥ 50 fps with small frames, and an opened group shows the lags the CLI computes at that moment', async () => {
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    const errors = collectErrors(page)
    await page.addInitScript(SCALE_COUNTERS)
    await page.goto(preview.url)
    // The machine's own ceiling first: the default scenario (12 lanes) on the same page.
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await setSpeed(page, 25)
    await page.waitForTimeout(500)
    const ref = await countFrames(page, 1500)
    const refFps = (ref.raf * 1000) / ref.wallMs
    await page.getByLabel('Preset', { exact: true }).selectOption('scale-10k')
    const highway = page.getByTestId('highway')
    await page.getByTestId('lane-groups').waitFor({ timeout: 30_000 })
    await page.waitForTimeout(1000) // warm-up: JIT, the first samples
    const n = await countFrames(page, 2500)
    const fps = (n.raf * 1000) / n.wallMs
    const bytes = await frameBytes(page, 1000)
    console.log(
      `scale-10k: ${fps.toFixed(1)} fps (default scenario just before: ${refFps.toFixed(1)}), ${n.frames} worker frames in ${n.wallMs.toFixed(0)} ms, ` +
        `page handles a frame in ${n.handleMs.toFixed(2)} ms (median), frame messages mean ${(bytes.mean / 1024).toFixed(1)} KB, max ${(bytes.max / 1024).toFixed(1)} KB`,
    )
    expect(n.frames).toBeGreaterThan(0)
    // ≥ 50 fps wherever the machine draws the small default page at ≥ 55 (alone, as in CI). On a
    // machine loaded by other work (this project's 2 shared cores, load 20) every page's rate is
    // the scheduler's, not the page's: the figure is printed, not held to the floor.
    if (refFps >= MIN_FPS + 5) expect(fps).toBeGreaterThanOrEqual(MIN_FPS)
    else console.log(`scale-10k: fps not checked, the machine draws even the default scenario at ${refFps.toFixed(1)} fps now`)
    expect(bytes.max).toBeGreaterThan(0)
    expect(bytes.max).toBeLessThan(MAX_FRAME_BYTES)

    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Open Consumer consumer-1: 1,000 lanes' }).click()
    await expect.poll(() => highway.getAttribute('data-grouped')).toBe('lanes')
    await expect.poll(async () => ((await highway.getAttribute('data-rows')) ?? '').split(',').length).toBe(MAX_GROUPS)
    const t = Number(await highway.getAttribute('data-t'))
    const rows = ((await highway.getAttribute('data-rows')) ?? '').split(',').map(Number)
    const lags = ((await highway.getAttribute('data-lags')) ?? '').split(',').map(Number)
    expect(t).toBeGreaterThan(0)

    const cli = cliPartitions(t / 1000)
    const mine = cli.filter((p) => p.owner === 'consumer-1').map((p) => p.partition)
    expect(mine).toHaveLength(1000)
    const shown = rows.slice(0, -1)
    expect(shown.every((p) => mine.includes(p))).toBe(true)
    expect(lags.slice(0, -1)).toEqual(shown.map((p) => cli[p]!.lag))
    // The last row, "others": the rest of consumer-1's lanes, summed.
    expect(rows.at(-1)).toBe(-1)
    expect(lags.at(-1)).toBe(mine.filter((p) => !shown.includes(p)).reduce((s, p) => s + cli[p]!.lag, 0))
    expect(errors).toEqual([])
    await page.close()
  })
})
