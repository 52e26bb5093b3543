// The page in a real browser: Debian's chromium, driven by playwright-core, against `vite preview`
// of a fresh build. Screenshots go to test/artifacts/ (gitignored); docs/screenshot.png is rewritten
// only by the explicit `npm run test:update-screenshot` (which sets UPDATE_SCREENSHOT=1).

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { partitionForKey } from '../../src/kafka/murmur2.ts'
import { defaultScenario, encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { editedFromPreset } from '../../src/store/presetMatch.ts'
import {
  animationFrames,
  ARTIFACTS,
  canvasInk,
  collectErrors,
  ROOT,
  scenarioInUrl,
  simTime,
  tableLags,
  waitForSimTime,
} from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-browser-test')
const VIEWPORT = { width: 1280, height: 720 }

const suite = browserSuite(OUT)

/**
 * The default scenario with its group already formed at 0 s (`start: "warm"`): tests of what a
 * crash, a GC pause or a slowdown does need a stable group, not the few seconds it takes to form.
 */
const WARM = `#s=${encodeURIComponent(encodeScenario({ ...defaultScenario(), start: 'warm' }))}`

async function open(hash = ''): Promise<{ page: Page; errors: string[] }> {
  const { browser, preview } = suite()
  const page = await browser.newPage({ viewport: VIEWPORT })
  const errors = collectErrors(page)
  await page.goto(preview.url + hash)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}

async function setSpeed(page: Page, speed: number): Promise<void> {
  await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(speed)))
}

/** Barriers currently shown (rows keep a hidden barrier element per lane). */
async function barriers(page: Page): Promise<number> {
  return page.locator('[data-testid="highway"] rect.barrier:not([display="none"])').count()
}

async function rows(page: Page): Promise<number> {
  return page.getByRole('table', { name: 'Partition metrics' }).locator('tbody').getByRole('row').count()
}

describe('the highway page', () => {
  it('loads without console errors and draws moving records on the lanes', async () => {
    const { page, errors } = await open()
    await waitForSimTime(page, 2)
    expect(await page.locator('[data-testid="highway"] rect.road').count()).toBe(12)
    expect(await canvasInk(page)).toBeGreaterThan(500)
    await page.screenshot({ path: join(ARTIFACTS, 'default.png') })
    expect(errors).toEqual([])
    await page.close()
  })

  it('the Partition metrics table has one row per partition, also after adding partitions live', async () => {
    const { page, errors } = await open()
    await expect.poll(() => rows(page), { timeout: 20_000 }).toBe(12)
    await page.getByLabel('Partitions', { exact: true }).fill('16')
    await page.getByLabel('Partitions', { exact: true }).press('Enter')
    await expect.poll(() => rows(page), { timeout: 20_000 }).toBe(16)
    expect(await page.locator('[data-testid="highway"] rect.road').count()).toBe(16)
    expect(errors).toEqual([])
    await page.close()
  })

  it('raising the hot-key share makes the hot lane lag far above the others', async () => {
    const { page, errors } = await open()
    await setSpeed(page, 10)
    await page.getByLabel('Hot-key share', { exact: true }).fill('0.8')
    const hot = partitionForKey('global-marketplace', 12)
    await expect
      .poll(
        async () => {
          const lags = await tableLags(page)
          const others = lags.filter((_, p) => p !== hot)
          return (lags[hot] ?? 0) > 1000 && (lags[hot] ?? 0) > 10 * Math.max(1, ...others)
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true)
    await page.screenshot({ path: join(ARTIFACTS, 'hot-key.png') })
    expect(errors).toEqual([])
    await page.close()
  })

  it('a changed control survives a reload through the URL', async () => {
    const { page, errors } = await open()
    await waitForSimTime(page, 0.5)
    await page.getByLabel('Producer rate', { exact: true }).fill('5000')
    // The rate is a live edit: the worker records it as a timed action (what the link carries);
    // wait for it before the protocol change, which restarts the run with that action kept.
    const rateAction = () => scenarioInUrl(page.url())?.actions.find((a) => a.do === 'setRate')
    await expect.poll(rateAction, { timeout: 15_000 }).toMatchObject({ do: 'setRate', perSec: 5000 })
    const atSec = rateAction()!.atSec
    await page.getByLabel('Protocol', { exact: true }).selectOption('cooperative')
    // The URL write is debounced: wait until the link carries both changes.
    await expect
      .poll(() => {
        const s = scenarioInUrl(page.url())
        return s !== null && s.group.protocol === 'cooperative' && s.actions.some((a) => a.do === 'setRate' && a.perSec === 5000 && a.atSec === atSec)
      }, { timeout: 15_000 })
      .toBe(true)
    expect(page.url()).toMatch(/#s=v1\./)
    const url = page.url()
    await page.reload()
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    expect(page.url()).toBe(url)
    expect(await page.getByLabel('Protocol', { exact: true }).inputValue()).toBe('cooperative')
    // The reloaded run replays the rate change at the moment it was made.
    await waitForSimTime(page, atSec + 0.5)
    await expect.poll(() => page.getByLabel('Producer rate', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('5000')
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a broken link shows a banner naming the problem and runs the default scenario', async () => {
    const { page, errors } = await open('#s=v1.<img src=x onerror="window.__pwned=1">')
    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toMatch(/could not be used/)
    expect(await alert.textContent()).toMatch(/base64url/)
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(await page.locator('.banner img').count()).toBe(0)
    await waitForSimTime(page, 1)
    await expect.poll(() => rows(page), { timeout: 20_000 }).toBe(12)
    expect(await canvasInk(page)).toBeGreaterThan(100)
    await page.screenshot({ path: join(ARTIFACTS, 'broken-link.png') })
    // The bad link itself is reported only by our banner, not as a page error.
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    const unknown = await open('#s=v7.abc')
    await expect.poll(() => unknown.page.getByRole('alert').textContent(), { timeout: 15_000 }).toMatch(/v7/)
    await unknown.page.close()
    await page.close()
  })

  async function generation(page: Page): Promise<number> {
    return Number(/gen (\d+)/.exec((await page.locator('.status').textContent()) ?? '')?.[1] ?? 'NaN')
  }

  async function owners(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      Array.from(document.querySelectorAll('table[aria-label="Partition metrics"] tbody tr td:nth-of-type(1)')).map((td) => td.textContent ?? ''),
    )
  }

  async function crash(page: Page, nth: number): Promise<void> {
    await page.locator('[data-testid="highway"] g.consumer').nth(nth).click()
    await page.getByRole('menuitem', { name: /Crash/ }).click()
  }

  it('crashing a consumer triggers a rebalance: it is shown gone and its lanes move to the others', async () => {
    const { page, errors } = await open(WARM)
    await waitForSimTime(page, 1)
    await expect.poll(async () => (await owners(page)).includes('consumer-1'), { timeout: 20_000 }).toBe(true)
    const before = await generation(page)
    await crash(page, 0)
    await setSpeed(page, 30) // the classic protocol notices a crash only after session.timeout.ms (45 s)
    await expect.poll(() => generation(page), { timeout: 30_000, interval: 250 }).toBeGreaterThan(before)
    // Once the rebalance completes, every lane belongs to a survivor (during it, lanes may be unowned).
    await expect
      .poll(async () => (await owners(page)).every((o) => o === 'consumer-2' || o === 'consumer-3'), { timeout: 20_000, interval: 250 })
      .toBe(true)
    expect(await page.locator('[data-testid="highway"] g.consumer').first().getAttribute('aria-label')).toMatch(/gone/)
    expect((await page.getByRole('log').textContent()) ?? '').toMatch(/consumer-1 crashed/)
    await page.screenshot({ path: join(ARTIFACTS, 'crash-rebalanced.png') })
    expect(errors).toEqual([])
    await page.close()
  })

  it('a crash closes the crashed consumer’s lanes (barrier) until the rebalance reopens them', async () => {
    const { page, errors } = await open(WARM)
    await expect.poll(async () => (await owners(page)).includes('consumer-1'), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBe(0)
    const before = await generation(page)
    await crash(page, 0)
    // The crashed consumer keeps its lanes until session.timeout.ms: they sit behind a barrier.
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBeGreaterThan(0)
    await page.screenshot({ path: join(ARTIFACTS, 'crash-barrier.png') })
    await setSpeed(page, 30)
    await expect.poll(() => generation(page), { timeout: 30_000, interval: 250 }).toBeGreaterThan(before)
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBe(0)
    expect((await page.getByRole('log').textContent()) ?? '').toMatch(/rebalanc/i)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a GC pause shows a barrier on the paused consumer’s lanes while it lasts', async () => {
    const { page, errors } = await open(WARM)
    await expect.poll(async () => (await owners(page)).includes('consumer-2'), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBe(0)
    await page.locator('[data-testid="highway"] g.consumer').nth(1).click()
    await page.getByRole('menuitem', { name: /GC/ }).click()
    await expect.poll(() => barriers(page), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await page.locator('[data-testid="highway"] g.consumer').nth(1).getAttribute('aria-label')).toMatch(/paused/)
    await setSpeed(page, 10)
    await expect.poll(() => barriers(page), { timeout: 30_000 }).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('Share copies the exact link and says so; the link replays the live edit at the moment it was made', async () => {
    const { browser, preview } = suite()
    const context = await browser.newContext({ viewport: VIEWPORT, permissions: ['clipboard-read', 'clipboard-write'] })
    const page = await context.newPage()
    await page.goto(preview.url)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await waitForSimTime(page, 1)
    const initial = await page.getByLabel('Hot-key share', { exact: true }).inputValue()
    expect(initial).not.toBe('0.5')
    await page.getByLabel('Hot-key share', { exact: true }).fill('0.5')
    // A live edit is recorded as a timed action; the URL (debounced) carries it once the worker has.
    const edit = () => scenarioInUrl(page.url())?.actions.find((a) => a.do === 'setHotKeyShare')
    await expect.poll(edit, { timeout: 15_000 }).toMatchObject({ do: 'setHotKeyShare', share: 0.5 })
    const atSec = edit()!.atSec
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Copy link' }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Link' }).textContent(), { timeout: 15_000 }).toMatch(/Link copied/)
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(page.url())
    expect(copied).toMatch(/#s=v1\./)
    // The link holds the run from 0 s (the t = 0 setting) plus the edit at the moment it was made.
    expect(scenarioInUrl(copied)?.producers[0]?.keys).not.toMatchObject({ share: 0.5 })
    // Opened elsewhere, the run reaches that moment and then shows what the teacher set.
    const other = await context.newPage()
    await other.goto(copied)
    await other.locator('[data-testid="highway"] rect.road').first().waitFor()
    await waitForSimTime(other, atSec + 0.5)
    await expect.poll(() => other.getByLabel('Hot-key share', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('0.5')
    // "Link to this moment" opens paused at the moment shown, the edit already in force.
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Link to this moment' }).click()
    const note = page.getByRole('status').filter({ hasText: 'Link to' })
    await expect.poll(() => note.textContent(), { timeout: 15_000 }).toMatch(/Link to [\d.]+ s copied/)
    const momentSec = Number(/Link to ([\d.]+) s/.exec((await note.textContent()) ?? '')?.[1])
    expect(momentSec).toBeGreaterThan(atSec)
    const moment = await page.evaluate(() => navigator.clipboard.readText())
    expect(moment).toBe(`${copied}&t=${momentSec}`)
    const third = await context.newPage()
    await third.goto(moment)
    await third.getByRole('button', { name: 'Play', exact: true }).waitFor()
    await expect.poll(() => third.getByRole('timer', { name: 'Simulated time' }).textContent(), { timeout: 15_000 }).toBe(`${momentSec.toFixed(1)} s`)
    expect(await third.getByLabel('Hot-key share', { exact: true }).inputValue()).toBe('0.5')
    await context.close()
  })

  it('space toggles play/pause and the button name follows', async () => {
    const { page } = await open()
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor()
    await page.locator('body').press('Space')
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    // The readout refreshes at most every 200 ms, and a frame asked for before the pause may still
    // land: wait until it holds still over 30 animation frames (the driver's ticks) ...
    const clock = () => page.getByRole('timer').textContent()
    await expect
      .poll(async () => {
        const before = await clock()
        await animationFrames(page, 30)
        return (await clock()) === before
      }, { timeout: 15_000 })
      .toBe(true)
    // ... then give the paused driver another 60 ticks: the clock must not move.
    const t = await clock()
    await animationFrames(page, 60)
    expect(await clock()).toBe(t)
    await page.close()
  })

  it('“Slow down” leaves the consumer at 0.25× speed and says so (the engine reads factor as “times slower”)', async () => {
    const { page, errors } = await open(WARM)
    await expect.poll(async () => (await owners(page)).includes('consumer-1'), { timeout: 20_000 }).toBe(true)
    await page.locator('[data-testid="highway"] g.consumer').nth(0).click()
    await page.getByRole('menuitem', { name: /Slow down/ }).click()
    await expect
      .poll(() => page.locator('[data-testid="highway"] g.consumer').nth(0).getAttribute('aria-label'), { timeout: 15_000 })
      .toMatch(/slowed to 0\.25× speed/)
    // the narration panel is throttled: poll for the line rather than read it once
    await expect.poll(async () => (await page.getByRole('log').textContent()) ?? '', { timeout: 20_000 }).toMatch(/consumer-1 now processes 4× slower/)
    expect(errors).toEqual([])
    await page.close()
  })

  for (const viewport of [VIEWPORT, { width: 1920, height: 1080 }]) {
    it(`the Partition metrics table fits its panel at ${viewport.width}×${viewport.height} (no column cut off)`, async () => {
      const { browser, preview } = suite()
      const page = await browser.newPage({ viewport })
      await page.goto(preview.url + WARM)
      await expect.poll(() => rows(page), { timeout: 20_000 }).toBe(12)
      await expect.poll(async () => (await owners(page)).includes('consumer-1'), { timeout: 20_000 }).toBe(true)
      const fit = await page.evaluate(() => {
        const panel = document.querySelector('aside.right')!
        const table = document.querySelector('table[aria-label="Partition metrics"]')!
        const cell = document.querySelector('table[aria-label="Partition metrics"] tbody td')!
        return {
          panelOverflow: panel.scrollWidth - panel.clientWidth,
          tableRight: table.getBoundingClientRect().right,
          panelRight: panel.getBoundingClientRect().right,
          ownerHeight: cell.getBoundingClientRect().height,
        }
      })
      expect(fit.panelOverflow).toBeLessThanOrEqual(0)
      expect(fit.tableRight).toBeLessThanOrEqual(fit.panelRight)
      expect(fit.ownerHeight).toBeLessThan(30) // one line, not "consumer-" / "1"
      await page.close()
    })
  }

  it('a preset edited away from its story is marked “edited”; the same preset after a reload is not', async () => {
    const { page, errors } = await open()
    await page.getByLabel('Preset', { exact: true }).selectOption('consumer-joins-eager')
    // The URL write is debounced: wait until the link holds the preset, unedited.
    const preset = getPreset('consumer-joins-eager')!.build()
    await expect
      .poll(() => {
        const s = scenarioInUrl(page.url())
        return s !== null && !editedFromPreset(s, preset)
      }, { timeout: 15_000 })
      .toBe(true)
    await page.reload()
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    expect(await page.getByLabel('Preset', { exact: true }).inputValue()).toBe('consumer-joins-eager')
    expect(await page.getByRole('note').count()).toBe(0)
    await page.getByLabel('Protocol', { exact: true }).selectOption('cooperative')
    await expect.poll(() => page.getByRole('note').textContent(), { timeout: 15_000 }).toMatch(/^Edited/)
    const label = await page.getByLabel('Preset', { exact: true }).evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent ?? '')
    expect(label).toMatch(/\(edited\)/)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a rolling restart, started live, rebalances the group once per consumer stop and start', async () => {
    const { page, errors } = await open()
    await setSpeed(page, 20)
    await waitForSimTime(page, 8)
    const before = await generation(page)
    await page.getByRole('button', { name: 'Rolling restart' }).click()
    await expect.poll(async () => (await page.getByRole('log').textContent()) ?? '', { timeout: 20_000 }).toMatch(/rolling restart of 3 consumers/)
    await expect.poll(() => generation(page), { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(before + 4)
    expect(errors).toEqual([])
    await page.close()
  })

  it('the autoscaler can be switched on live and says so', async () => {
    const { page, errors } = await open()
    await page.getByLabel('Autoscaler (KEDA-style)').check()
    await expect.poll(async () => (await page.getByRole('log').textContent()) ?? '', { timeout: 20_000 }).toMatch(/autoscaler on/)
    expect(errors).toEqual([])
    await page.close()
  })

  it('takes the README screenshot: a hot lane jammed while a paused consumer’s lanes wait', async () => {
    const { page, errors } = await open()
    await page.getByLabel('Preset', { exact: true }).selectOption('hot-key')
    await setSpeed(page, 10)
    await waitForSimTime(page, 25)
    await setSpeed(page, 1)
    await page.locator('[data-testid="highway"] g.consumer').nth(2).click()
    await page.getByRole('menuitem', { name: /GC/ }).click()
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBeGreaterThan(0)
    // Let 2.5 s of simulated time pile records up behind the barrier before the picture.
    await waitForSimTime(page, (await simTime(page)) + 2.5)
    // Saved as an artifact on every run; the README's copy is refreshed only on request
    // (`npm run test:update-screenshot`), so a test run leaves the work tree clean.
    await page.screenshot({ path: join(ARTIFACTS, 'readme-hot-key.png') })
    if (process.env['UPDATE_SCREENSHOT'] === '1') {
      mkdirSync(join(ROOT, 'docs'), { recursive: true })
      await page.screenshot({ path: join(ROOT, 'docs/screenshot.png') })
    }
    expect(errors).toEqual([])
    await page.close()
  })
})
