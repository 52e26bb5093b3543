// What a teacher does to the highway live, in a real browser (Debian's chromium via playwright-core,
// against `vite preview` of a fresh build): crash a consumer, pause it for GC, slow it down, start a
// rolling restart, share the link; and the README screenshot. The page's basics are in
// highway.test.ts. Screenshots go to test/artifacts/ (gitignored); docs/screenshot.png is rewritten
// only by the explicit `npm run test:update-screenshot` (which sets UPDATE_SCREENSHOT=1).

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ARTIFACTS, ROOT, scenarioInUrl, setSpeed, simTime, waitForSimTime } from './harness.ts'
import { barriers, consumerAction, generation, openHighway, owners, VIEWPORT, WARM } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const suite = browserSuite(join(ARTIFACTS, 'dist-browser-live-test'))

describe('the highway page, live', () => {
  it('crashing a consumer closes its lanes (barrier) until the rebalance; then it is shown gone and its lanes belong to the others', async () => {
    const { page, errors } = await openHighway(suite(), WARM)
    await waitForSimTime(page, 1)
    await expect.poll(async () => (await owners(page)).includes('consumer-1'), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBe(0)
    const before = await generation(page)
    await consumerAction(page, 0, /Crash/)
    // The crashed consumer keeps its lanes until session.timeout.ms: they sit behind a barrier.
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBeGreaterThan(0)
    await page.screenshot({ path: join(ARTIFACTS, 'crash-barrier.png') })
    await setSpeed(page, 30) // the classic protocol notices a crash only after session.timeout.ms (45 s)
    await expect.poll(() => generation(page), { timeout: 30_000, interval: 250 }).toBeGreaterThan(before)
    // Once the rebalance completes, every lane belongs to a survivor (during it, lanes may be unowned)
    // and the barriers are gone.
    await expect
      .poll(async () => (await owners(page)).every((o) => o === 'consumer-2' || o === 'consumer-3'), { timeout: 20_000, interval: 250 })
      .toBe(true)
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBe(0)
    expect(await page.locator('[data-testid="highway"] g.consumer').first().getAttribute('aria-label')).toMatch(/gone/)
    const log = (await page.getByRole('log').textContent()) ?? ''
    expect(log).toMatch(/consumer-1 crashed/)
    expect(log).toMatch(/rebalanc/i)
    await page.screenshot({ path: join(ARTIFACTS, 'crash-rebalanced.png') })
    expect(errors).toEqual([])
    await page.close()
  })

  it('a GC pause shows a barrier on the paused consumer’s lanes while it lasts', async () => {
    const { page, errors } = await openHighway(suite(), WARM)
    await expect.poll(async () => (await owners(page)).includes('consumer-2'), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => barriers(page), { timeout: 20_000 }).toBe(0)
    await consumerAction(page, 1, /GC/)
    await expect.poll(() => barriers(page), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await page.locator('[data-testid="highway"] g.consumer').nth(1).getAttribute('aria-label')).toMatch(/paused/)
    await setSpeed(page, 10)
    await expect.poll(() => barriers(page), { timeout: 30_000 }).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('“Slow down” leaves the consumer at 0.25× speed and says so (the engine reads factor as “times slower”)', async () => {
    const { page, errors } = await openHighway(suite(), WARM)
    await expect.poll(async () => (await owners(page)).includes('consumer-1'), { timeout: 20_000 }).toBe(true)
    await consumerAction(page, 0, /Slow down/)
    await expect
      .poll(() => page.locator('[data-testid="highway"] g.consumer').nth(0).getAttribute('aria-label'), { timeout: 15_000 })
      .toMatch(/slowed to 0\.25× speed/)
    // the narration panel is throttled: poll for the line rather than read it once
    await expect.poll(async () => (await page.getByRole('log').textContent()) ?? '', { timeout: 20_000 }).toMatch(/consumer-1 now processes 4× slower/)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a rolling restart, started live, rebalances the group once per consumer stop and start', async () => {
    const { page, errors } = await openHighway(suite())
    await setSpeed(page, 20)
    await waitForSimTime(page, 8)
    const before = await generation(page)
    await page.getByRole('button', { name: 'Rolling restart' }).click()
    await expect.poll(async () => (await page.getByRole('log').textContent()) ?? '', { timeout: 20_000 }).toMatch(/rolling restart of 3 consumers/)
    await expect.poll(() => generation(page), { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(before + 4)
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
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Link' }).textContent(), { timeout: 15_000 }).toBe('Link copied: opens at the start')
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
    // "Link to this moment" opens paused at the moment shown, the edit already in force. (Back to
    // the first tab, as the teacher would: the clipboard answers only the page that has the focus.)
    await page.bringToFront()
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Link to this moment' }).click()
    const note = page.getByRole('status').filter({ hasText: 'opens paused' })
    await expect.poll(() => note.textContent(), { timeout: 15_000 }).toMatch(/^Link copied: opens paused at [\d.]+ s$/)
    const momentSec = Number(/opens paused at ([\d.]+) s/.exec((await note.textContent()) ?? '')?.[1])
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

  it('takes the README screenshot: a hot lane jammed while a paused consumer’s lanes wait', async () => {
    const { page, errors } = await openHighway(suite())
    await page.getByLabel('Preset', { exact: true }).selectOption('hot-key')
    // At 1280×720 the toolbar is one row (two cost the lanes 44 px) and the preset's title reads whole.
    const toolbar = (await page.locator('.toolbar').first().boundingBox())!
    expect(toolbar.height).toBeLessThan(60)
    const title = await page.getByLabel('Preset', { exact: true }).evaluate((el) => {
      const s = el as HTMLSelectElement
      const c = document.createElement('canvas').getContext('2d')!
      c.font = getComputedStyle(s).font
      const text = s.options[s.selectedIndex]!.text
      // The select's text box: its width less padding and the arrow (~24 px).
      return { text, fits: c.measureText(text).width <= s.clientWidth - 24 }
    })
    expect(title).toMatchObject({ text: expect.stringContaining('Hot key'), fits: true })
    await setSpeed(page, 10)
    await waitForSimTime(page, 25)
    await setSpeed(page, 1)
    await consumerAction(page, 2, /GC/)
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
