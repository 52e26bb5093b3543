// The Parallel Consumer on the page (Debian's chromium via playwright-core): a moment link of the
// parallel-consumer-key-order preset opens with the CLI's lags and blocked time at that moment,
// the head-of-line sign names the hot key its consumer's idle threads wait behind, and the control
// switches the ordering (the link then carries it). One page open.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { ARTIFACTS, collectErrors, scenarioInUrl, tableLags } from './harness.ts'
import { browserSuite, noFiles, runLags } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-parallel-consumer-test')
const suite = browserSuite(OUT)
const PRESET = 'parallel-consumer-key-order'
const AT_SEC = 5

function cliSummary(args: string[]): { parallelConsumer: { blockedMs: number } } {
  const r = runRun([...args, '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as { parallelConsumer: { blockedMs: number } }
}

describe('parallel consumer on the page', () => {
  it('a moment shows the CLI’s lags and blocked time, names the key that blocks, and the control switches the ordering', async () => {
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    const hash = `#s=${encodeURIComponent(encodeScenario(getPreset(PRESET)!.build()))}&t=${AT_SEC}`
    await page.goto(preview.url + hash)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()

    const args = ['--preset', PRESET, '--seconds', String(AT_SEC)]
    await expect.poll(() => tableLags(page), { timeout: 15_000, interval: 250 }).toEqual(runLags(args))
    const panel = page.getByTestId('parallel-panel')
    const blockedSec = Math.round(cliSummary(args).parallelConsumer.blockedMs / 1000)
    await expect.poll(() => panel.getByTestId('pc-blocked-seconds').textContent(), { timeout: 5000 }).toBe(String(blockedSec))
    // As it reads on screen (innerText: after CSS), one sentence with the seconds in place, not
    // "…SO FAR:" with "23" and "S" (an upper-cased unit) spread to the far end; saying what the
    // seconds add up (consumer time with idle threads, not a record's wait: its tooltip says it whole).
    expect(await panel.locator('h2').evaluate((h) => (h as HTMLElement).innerText)).toBe(
      `Parallel Consumer (key order, 16 threads each) · head-of-line blocking: ${blockedSec}\u00a0s with idle threads, all consumers since\u00a00\u00a0s`,
    )

    // The hot lane's consumer: a mark and words naming the key its idle threads wait behind.
    const blocked = panel.locator('li[data-blocked="true"]')
    await expect.poll(() => blocked.count(), { timeout: 5000 }).toBe(1)
    expect(await blocked.getByRole('img', { name: 'head-of-line blocked' }).count()).toBe(1)
    expect(await blocked.textContent()).toMatch(/threads wait behind key “global-marketplace” on P6/)

    // The control: unordered restarts the run with it; the link carries it.
    await page.getByLabel('Parallel Consumer', { exact: true }).selectOption('unordered')
    await expect.poll(() => scenarioInUrl(page.url())?.group.parallel?.ordering, { timeout: 10_000 }).toBe('unordered')
    await expect.poll(() => panel.locator('h2').textContent(), { timeout: 10_000 }).toMatch(/Parallel Consumer \(unordered, 16 threads each\)/)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
