// The page at 10 000 partitions (issue 12 §5), in a real browser (Debian's chromium via
// playwright-core, 1280×720): the scale-10k preset plays at high speed and the page draws ≥ 50
// frames a second (frames from the worker, at most one per animation frame, counted in the page),
// measured in one-second windows in turn with a page of the default scenario, so that a loaded
// machine does not fail it while a page that cannot keep up still does; the worker sends small
// frames (the rows the page shows, not every lane: sim/laneRows/pageFrame.ts), and a group opened
// at a paused moment shows its lanes with exactly the lags `highway run --json` computes there.
// Measures wall time, so it runs alone (vite.config.ts, browser-alone).

import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { MAX_GROUPS } from '../../src/sim/laneRows/laneGroups.ts'
import type { Page } from 'playwright-core'
import { alternateFrames, drawnFps, frameBytes, SCALE_COUNTERS, setPlaying, setSpeed } from '../../scripts/benchScale.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'
import { machineSlowdown } from './machineSpeed.ts'

const OUT = join(ARTIFACTS, 'dist-scale-test')
const suite = browserSuite(OUT)

/**
 * Both pages play at 25×: the default scenario keeps up with it easily; the run of 10 000 lanes
 * cannot (about 5× real time here), so its worker spends its whole budget on every answer, the
 * hardest case for the page's frame rate. (At 1× the page before PAGEFPS drew ~49 a second too.)
 */
const SPEED = 25
/** Issue 12 §5's floor, frames drawn a second. */
const MIN_FPS = 50
/** Where the machine draws the default scenario at this many or more, the floor holds as it is. */
const QUIET_MACHINE_FPS = 55
/** Below that (a loaded machine), the 10 000-lane page must keep this share of the default's rate. */
const SHARE_OF_DEFAULT = 0.9

/**
 * The least frames a second the 10 000-lane page must draw in its best second, given the default
 * scenario's best second on a page beside it: issue 12 §5's 50 where the machine has room for
 * that, else 90 % of what it draws of the smallest page.
 */
function fpsFloor(defaultFps: number): number {
  return defaultFps >= QUIET_MACHINE_FPS ? MIN_FPS : Math.min(MIN_FPS, SHARE_OF_DEFAULT * defaultFps)
}
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
  it('draws ≥ 50 frames a second (as many as the default scenario does) with small frames, and an opened group shows the lags the CLI computes at that moment', async () => {
    const { preview, browser } = suite()
    // A host that throttles this VM's CPU slows the 10 000-lane page's worker and frames (machineSpeed.ts).
    const slow = machineSlowdown()
    const open = async (preset: string | null): Promise<Page> => {
      const p = await browser.newPage({ viewport: { width: 1280, height: 720 } })
      await p.addInitScript(SCALE_COUNTERS)
      await p.goto(preview.url)
      await p.locator('[data-testid="highway"] rect.road').first().waitFor()
      if (preset !== null) {
        await p.getByLabel('Preset', { exact: true }).selectOption(preset)
        await p.getByTestId('lane-groups').waitFor({ timeout: 30_000 })
      }
      await setSpeed(p, SPEED)
      return p
    }
    // The machine's own rate beside it: the default scenario (12 lanes) on a page of its own.
    const ref = await open(null)
    await setPlaying(ref, false)
    const page = await open('scale-10k')
    const errors = collectErrors(page)
    const highway = page.getByTestId('highway')
    await page.waitForTimeout(1500) // warm-up: JIT, the first samples
    const bytes = await frameBytes(page, 1000)
    // One-second windows in turn, six each: the load of this shared machine comes and goes, so the
    // two pages are measured under the same load. The worker's checkpoints (~0.1 s, every few
    // seconds at this size) fall in them as on any page.
    const [n, d] = await alternateFrames([page, ref], 6, 1000)
    await ref.close()
    const fps = drawnFps(n!)
    const refFps = drawnFps(d!)
    // Each page's best second: what it draws when the machine gives it room. A page that cannot keep
    // up (the one before PAGEFPS: 27 a second to the default's 60 on a quiet machine) has no
    // second at 50; on a machine loaded by other work a page this heavy gets room only now and then.
    const best = Math.max(...n!.windows)
    const refBest = Math.max(...d!.windows)
    const floor = fpsFloor(refBest) / slow
    const f1 = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(' ')
    console.log(
      `scale-10k: ${fps.toFixed(1)} frames drawn per s over ${(n!.wallMs / 1000).toFixed(1)} s, best second ${best.toFixed(1)} (floor ${floor.toFixed(1)}); ` +
        `the default scenario in the seconds between: ${refFps.toFixed(1)}, best ${refBest.toFixed(1)}; seconds: [${f1(n!.windows)}] vs [${f1(d!.windows)}]; ` +
        `page handles a frame in ${n!.handleMs.toFixed(2)} ms (median), frame messages mean ${(bytes.mean / 1024).toFixed(1)} KB, max ${(bytes.max / 1024).toFixed(1)} KB`,
    )
    expect(n!.frames).toBeGreaterThan(0)
    expect(best).toBeGreaterThanOrEqual(floor)
    // Where the machine runs no more than it has cores for (CI running this file alone), the six
    // seconds as a whole hold to the floor too; the load average says when that is not so here.
    const load = loadavg()[0] ?? 0
    if (slow > 1) console.log(`scale-10k: this machine's CPU runs ${slow.toFixed(2)}× slower than the reference: floors divided by that`)
    if (load <= cpus().length) expect(fps).toBeGreaterThanOrEqual(fpsFloor(refFps) / slow)
    else console.log(`scale-10k: load average ${load.toFixed(1)} on ${cpus().length} cores: the six seconds as a whole are not held to the floor`)
    expect(bytes.max).toBeGreaterThan(0)
    expect(bytes.max).toBeLessThan(MAX_FRAME_BYTES)

    // alternateFrames left it paused.
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
