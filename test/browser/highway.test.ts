// The page in a real browser: Debian's chromium, driven by playwright-core, against `vite preview`
// of a fresh build: it loads and draws, its table follows the partitions, controls act and survive a
// reload through the URL, a broken link is answered in words. What a teacher does to consumers live
// (crash, GC pause, slow down, rolling restart, Share) is in highwayLive.test.ts. Screenshots go to
// test/artifacts/ (gitignored).

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { partitionForKey } from '../../src/kafka/murmur2.ts'
import { getPreset } from '../../src/scenario/index.ts'
import { editedFromPreset } from '../../src/store/presetMatch.ts'
import { animationFrames, ARTIFACTS, canvasInk, scenarioInUrl, setSpeed, tableLags, waitForSimTime } from './harness.ts'
import { openHighway, owners, rows, VIEWPORT, WARM } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const suite = browserSuite(join(ARTIFACTS, 'dist-browser-test'))

describe('the highway page', () => {
  it('loads without console errors and draws moving records; the Partition metrics table has one row per partition, also after adding partitions live', async () => {
    const { page, errors } = await openHighway(suite())
    await waitForSimTime(page, 2)
    expect(await page.locator('[data-testid="highway"] rect.road').count()).toBe(12)
    expect(await canvasInk(page)).toBeGreaterThan(500)
    await page.screenshot({ path: join(ARTIFACTS, 'default.png') })
    expect(errors).toEqual([])
    // The same page: the table, then partitions added live.
    await expect.poll(() => rows(page), { timeout: 20_000 }).toBe(12)
    await page.getByLabel('Partitions', { exact: true }).fill('16')
    await page.getByLabel('Partitions', { exact: true }).press('Enter')
    await expect.poll(() => rows(page), { timeout: 20_000 }).toBe(16)
    expect(await page.locator('[data-testid="highway"] rect.road').count()).toBe(16)
    expect(errors).toEqual([])
    await page.close()
  })

  it('raising the hot-key share makes the hot lane lag far above the others', async () => {
    const { page, errors } = await openHighway(suite())
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
    const { page, errors } = await openHighway(suite())
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
    // The same scenario (its link may be re-encoded with the fields in another order).
    expect(scenarioInUrl(page.url())).toEqual(scenarioInUrl(url))
    expect(await page.getByLabel('Protocol', { exact: true }).inputValue()).toBe('cooperative')
    // The reloaded run replays the rate change at the moment it was made.
    await waitForSimTime(page, atSec + 0.5)
    await expect.poll(() => page.getByLabel('Producer rate', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('5000')
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a broken link shows a banner naming the problem and runs the default scenario', async () => {
    const { page, errors } = await openHighway(suite(), '#s=v1.<img src=x onerror="window.__pwned=1">')
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
    const unknown = await openHighway(suite(), '#s=v7.abc')
    await expect.poll(() => unknown.page.getByRole('alert').textContent(), { timeout: 15_000 }).toMatch(/v7/)
    await unknown.page.close()
    await page.close()
  })

  it('space toggles play/pause and the button name follows', async () => {
    const { page } = await openHighway(suite())
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

  it('the Partition metrics table fits its panel at 1280×720 and at 1920×1080 (no column cut off)', async () => {
    const { page } = await openHighway(suite(), WARM)
    await expect.poll(() => rows(page), { timeout: 20_000 }).toBe(12)
    await expect.poll(async () => (await owners(page)).includes('consumer-1'), { timeout: 20_000 }).toBe(true)
    // One page, resized: the layout follows the viewport as it does on a fresh open.
    for (const viewport of [VIEWPORT, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(viewport)
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
      const at = `${viewport.width}×${viewport.height}`
      expect(fit.panelOverflow, at).toBeLessThanOrEqual(0)
      expect(fit.tableRight, at).toBeLessThanOrEqual(fit.panelRight)
      expect(fit.ownerHeight, at).toBeLessThan(30) // one line, not "consumer-" / "1"
    }
    await page.close()
  })

  it('a preset edited away from its story is marked “edited”; the same preset after a reload is not', async () => {
    const { page, errors } = await openHighway(suite())
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

  it('the autoscaler can be switched on live and says so', async () => {
    const { page, errors } = await openHighway(suite())
    await page.getByLabel('Autoscaler (KEDA-style)').check()
    await expect.poll(async () => (await page.getByRole('log').textContent()) ?? '', { timeout: 20_000 }).toMatch(/autoscaler on/)
    expect(errors).toEqual([])
    await page.close()
  })
})
