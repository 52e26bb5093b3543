// Time travel in a real browser (Debian's chromium via playwright-core, 1280×720): a seek shows
// exactly the state a straight headless run reaches at that moment, a moment link opens paused
// there, a shared link replays a live crash at the same moment, and scrubbing back to a consumer
// joining and playing again shows the same rebalance. One build, preview and browser for the file.

import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { animationFrames, ARTIFACTS, collectErrors, scenarioInUrl, setSpeed, simTime, tableLags, waitForSimTime } from './harness.ts'
import { browserSuite, runLags } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-time-travel-test')
const VIEWPORT = { width: 1280, height: 720 }
/** PageUp / PageDown move the Timeline this far (src/ui/TimelineBar.tsx's PAGE_MS). */
const PAGE_MS = 10_000
/** ← / → move it this far (src/app/controller.ts's STEP_MS). */
const STEP_MS = 100

const suite = browserSuite(OUT)

const cliLags = runLags

function presetHash(name: string): string {
  const preset = getPreset(name)
  if (preset === undefined) throw new Error(`no preset ${name}`)
  return `#s=${encodeURIComponent(encodeScenario(preset.build()))}`
}

async function openIn(target: Browser | BrowserContext, hash = ''): Promise<{ page: Page; errors: string[] }> {
  const { preview } = suite()
  const page = await target.newPage(target === suite().browser ? { viewport: VIEWPORT } : undefined)
  const errors = collectErrors(page)
  await page.goto(preview.url + hash)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}

async function pause(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
}

function timeline(page: Page) {
  return page.getByRole('slider', { name: 'Timeline' })
}

/** The Timeline's value (sim seconds, 0.1 s) and whether a seek is still on its way. */
async function sliderState(page: Page): Promise<{ now: number; busy: string | null }> {
  const s = timeline(page)
  return { now: Number(await s.getAttribute('aria-valuenow')), busy: await s.getAttribute('aria-busy') }
}

/** Presses `key` on the Timeline and waits until the seek has landed on `expectMs`. */
async function pressTo(page: Page, key: string, expectMs: number): Promise<void> {
  await timeline(page).press(key)
  await expect
    .poll(() => sliderState(page), { timeout: 20_000, interval: 100 })
    .toEqual({ now: Math.round(expectMs / 100) / 10, busy: 'false' })
}

/**
 * Seeks to `ms` (a whole number of 100 ms steps) with the keys only: Home, PageUp to the next
 * 10 s boundary, then ← back. The run must have reached that boundary.
 */
async function seekTo(page: Page, ms: number): Promise<void> {
  if (ms % STEP_MS !== 0) throw new Error(`${ms} ms is not a whole number of steps`)
  await pressTo(page, 'Home', 0)
  const pages = Math.ceil(ms / PAGE_MS)
  for (let i = 1; i <= pages; i++) await pressTo(page, 'PageUp', i * PAGE_MS)
  for (let t = pages * PAGE_MS - STEP_MS; t >= ms; t -= STEP_MS) await pressTo(page, 'ArrowLeft', t)
}

/** Waits until the page, paused at `ms`, shows exactly `expected` lags (the table refreshes twice a second). */
async function expectMomentLags(page: Page, ms: number, expected: number[]): Promise<void> {
  expect(expected.length).toBeGreaterThan(0)
  await expect.poll(() => tableLags(page), { timeout: 15_000, interval: 250 }).toEqual(expected)
  expect(await page.getByRole('timer', { name: 'Simulated time' }).textContent()).toBe(`${(ms / 1000).toFixed(1)} s`)
  expect((await sliderState(page)).now).toBe(ms / 1000)
}

/** Narration lines ("31.2 s consumer-4 …") whose time is within [fromSec, toSec], oldest first. */
async function logLines(page: Page, fromSec: number, toSec: number): Promise<string[]> {
  const all = await page.getByRole('log').locator('li').allTextContents()
  return all
    .filter((l) => {
      const t = Number.parseFloat(l)
      return t >= fromSec && t <= toSec
    })
    .reverse()
}

async function markerTitles(page: Page, kind?: string): Promise<string[]> {
  const sel = kind === undefined ? 'g.marker' : `g.marker[data-kind="${kind}"]`
  return page.locator(`.timeline-track ${sel} title`).allTextContents()
}

describe('time travel', () => {
  it('a seek shows exactly what `highway run --seconds t` computes at t (consumer-crash, back across the crash)', async () => {
    const { page, errors } = await openIn(suite().browser, presetHash('consumer-crash'))
    await setSpeed(page, 25)
    await waitForSimTime(page, 42, 90_000)
    await pause(page)
    // 39.7 s: ten seconds into the crash, consumer-2's lanes gain hundreds of records a second, so
    // landing even a few ms off shows in the lags.
    await seekTo(page, 39_700)
    const at397 = cliLags(['--preset', 'consumer-crash', '--seconds', '39.7'])
    expect(Math.max(...at397)).toBeGreaterThan(500)
    await expectMomentLags(page, 39_700, at397)
    // PageDown: a backward seek over the crash at 30 s, to before it.
    await pressTo(page, 'PageDown', 29_700)
    await expectMomentLags(page, 29_700, cliLags(['--preset', 'consumer-crash', '--seconds', '29.7']))
    expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a moment link (&t=) opens paused at that moment with the straight run’s lags', async () => {
    const { page, errors } = await openIn(suite().browser, `${presetHash('consumer-crash')}&t=36.3`)
    await expect.poll(() => sliderState(page), { timeout: 30_000, interval: 100 }).toEqual({ now: 36.3, busy: 'false' })
    await expectMomentLags(page, 36_300, cliLags(['--preset', 'consumer-crash', '--seconds', '36.3']))
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    expect(await page.locator('.status').textContent()).toMatch(/gen \d+/)
    // Paused means paused: the clock holds still.
    const before = await simTime(page)
    await animationFrames(page, 40)
    expect(await simTime(page)).toBe(before)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a live crash is in the shared link: the other page sees the same crash at the same moment and the same lags', async () => {
    const context = await suite().browser.newContext({ viewport: VIEWPORT, permissions: ['clipboard-read', 'clipboard-write'] })
    const a = await openIn(context)
    // The group is stable from about 6 s (group.initial.rebalance.delay.ms, then the first rebalance).
    await setSpeed(a.page, 5)
    await waitForSimTime(a.page, 6.5)
    await a.page.locator('[data-testid="highway"] g.consumer').nth(0).click()
    await a.page.getByRole('menuitem', { name: /Crash/ }).click()
    await expect.poll(() => markerTitles(a.page, 'fault'), { timeout: 15_000 }).toHaveLength(1)
    const [faultA] = await markerTitles(a.page, 'fault')
    expect(faultA).toMatch(/^\d+\.\d s: crash consumer-1$/)
    await setSpeed(a.page, 25)
    await waitForSimTime(a.page, 12)
    // The link carries the crash as a timed action (the URL mirrors the run's script).
    await expect
      .poll(() => scenarioInUrl(a.page.url())?.actions.filter((x) => x.do === 'crashConsumer').length ?? 0, { timeout: 15_000 })
      .toBe(1)
    await a.page.getByRole('button', { name: 'Share', exact: true }).click()
    await a.page.getByRole('menuitem', { name: 'Copy link' }).click()
    await expect.poll(() => a.page.getByRole('status').filter({ hasText: 'Link' }).textContent(), { timeout: 15_000 }).toMatch(/Link copied/)
    const link = await a.page.evaluate(() => navigator.clipboard.readText())
    const crash = scenarioInUrl(link)?.actions.find((x) => x.do === 'crashConsumer')
    expect(crash).toMatchObject({ do: 'crashConsumer', consumer: 'consumer-1' })
    expect(faultA).toBe(`${crash!.atSec.toFixed(1)} s: crash consumer-1`)
    await pause(a.page)

    const b = await openIn(context, link.slice(link.indexOf('#')))
    await setSpeed(b.page, 25)
    await waitForSimTime(b.page, 12)
    await pause(b.page)
    expect(await markerTitles(b.page, 'fault')).toEqual([faultA])
    // The narration is refreshed every 250 ms at most: at 25× the run passes 6 → 12 s in about that time.
    await expect.poll(async () => (await b.page.getByRole('log').textContent()) ?? '', { timeout: 5000 }).toMatch(/consumer-1 crashed/)
    // A common moment after the crash, on both pages and headless from the link.
    const expected = cliLags(['--scenario', link, '--seconds', '9.7'])
    for (const p of [a.page, b.page]) {
      await seekTo(p, 9_700)
      await expectMomentLags(p, 9_700, expected)
    }
    expect(a.errors).toEqual([])
    expect(b.errors).toEqual([])
    await context.close()
  })

  it('scrubbing back to the fourth consumer joining (Shift+←) and playing again shows the same rebalance', async () => {
    const { page, errors } = await openIn(suite().browser, presetHash('consumer-joins-eager'))
    await setSpeed(page, 25)
    await waitForSimTime(page, 42, 90_000)
    await pause(page)
    const firstLines = await logLines(page, 30, 40)
    const firstMarkers = await markerTitles(page)
    expect(firstLines.join('\n')).toMatch(/rebalanc/i)
    expect(firstMarkers).toContain('30.0 s: add a consumer')
    // Shift+← jumps marker by marker back to the join.
    for (let i = 0; i < 12; i++) {
      if (/add a consumer/.test((await timeline(page).getAttribute('aria-valuetext')) ?? '')) break
      // Markers 6 ms apart (the join at 30 s, its rebalance at 30.006 s) read the same 30.0 s:
      // the value text, which names the marker the Timeline sits on, tells them apart.
      const before = await timeline(page).getAttribute('aria-valuetext')
      await timeline(page).press('Shift+ArrowLeft')
      await expect
        .poll(async () => (await sliderState(page)).busy === 'false' && (await timeline(page).getAttribute('aria-valuetext')) !== before, { timeout: 20_000 })
        .toBe(true)
    }
    expect(await timeline(page).getAttribute('aria-valuetext')).toMatch(/^30\.0 s of .*add a consumer/)
    await expectMomentLags(page, 30_000, cliLags(['--preset', 'consumer-joins-eager', '--seconds', '30']))
    // The narration is back at 30 s: what followed is gone until it happens again.
    await expect.poll(() => logLines(page, 30.1, 1e9), { timeout: 10_000 }).toEqual([])
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await waitForSimTime(page, 41, 60_000)
    await pause(page)
    expect(await logLines(page, 30, 40)).toEqual(firstLines)
    expect(await markerTitles(page)).toEqual(firstMarkers)
    // And the replayed run is the straight run: 39.7 s, after the rebalance, matches headless.
    await seekTo(page, 39_700)
    await expectMomentLags(page, 39_700, cliLags(['--preset', 'consumer-joins-eager', '--seconds', '39.7']))
    expect(errors).toEqual([])
    await page.close()
  })
})
