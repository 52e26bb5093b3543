// A broker crash from the page, in a real browser (Debian's chromium via playwright-core, 1280×900):
// the broker strip's menu crashes broker 2, the lanes it led say "no leader" while the strip counts
// down to the controller noticing, then the leaders move; the recorded crash replays headless to
// the same lags (`highway run --scenario LINK --seconds t --json` is the oracle). One page open.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { ARTIFACTS, collectErrors, scenarioInUrl, tableLags, waitForSimTime } from './harness.ts'
import { browserSuite, runLags } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-broker-faults-test')
const suite = browserSuite(OUT)

/** PageUp moves the Timeline 10 s (src/ui/TimelineBar.tsx's PAGE_MS). */
const PAGE_MS = 10_000

async function sliderAt(page: Page): Promise<[string | null, string | null]> {
  const s = page.getByRole('slider', { name: 'Timeline' })
  return [await s.getAttribute('aria-valuenow'), await s.getAttribute('aria-busy')]
}

/** Presses `key` on the Timeline and waits until the seek has landed on `sec`. */
async function press(page: Page, key: string, sec: number): Promise<void> {
  await page.getByRole('slider', { name: 'Timeline' }).press(key)
  await expect.poll(() => sliderAt(page), { timeout: 20_000, interval: 100 }).toEqual([String(sec), 'false'])
}

const visibleText = (page: Page, sel: string) =>
  page.locator(`[data-testid="highway"] ${sel}`).evaluateAll((els) => els.filter((e) => e.getAttribute('display') !== 'none').map((e) => e.textContent ?? ''))

describe('broker faults on the page', () => {
  it('crash broker 2 from the strip: its lanes show no leader, then leaders move; lags equal the headless replay', async () => {
    const { preview, browser } = suite()
    // Tall enough for lanes with room for their words (at 1024×768 the lanes are under 10 px apart).
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors = collectErrors(page)
    // broker-failure's cluster (RF 3, min.insync.replicas 2, acks=all) without its scripted crash.
    const s = { ...getPreset('broker-failure')!.build(), actions: [] }
    await page.goto(`${preview.url}#s=${encodeURIComponent(encodeScenario(s))}`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(8)))
    await waitForSimTime(page, 3)

    // The outage before the controller notices lasts 9 simulated seconds (broker.session.timeout.ms):
    // at 8× that is about a wall second, less than a loaded machine takes for the checks below. So
    // the crash is made at 1× and the run paused as soon as the strip says DOWN; the checks of the
    // outage read that still frame, and the run then plays on at 8×.
    await page.getByLabel('Speed', { exact: true }).fill('0')
    await page.getByRole('button', { name: 'Broker 2, b2: crash, shut down, restart or slow disk' }).click()
    await page.getByRole('menuitem', { name: /^Crash broker/ }).click()
    const box = page.getByRole('listitem', { name: /^Broker 2/ })
    await expect.poll(() => box.textContent(), { timeout: 10_000 }).toMatch(/DOWN.*controller notices in \d+\.\d s/)
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    // On a 1024×768 projector the countdown's seconds stay inside the card (they were clipped).
    await page.setViewportSize({ width: 1024, height: 768 })
    const fits = () =>
      box.evaluate((li) => {
        const c = li.querySelector('.broker-countdown')!
        return c.getBoundingClientRect().right <= li.getBoundingClientRect().right && c.scrollWidth <= c.clientWidth
      })
    await expect.poll(fits, { timeout: 5_000 }).toBe(true)
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect.poll(() => visibleText(page, 'text.no-leader'), { timeout: 10_000 }).not.toEqual([])
    // Broker 2 leads a third of the lanes: those, and only those, lost their leader.
    expect((await visibleText(page, 'text.no-leader')).length).toBe(4)
    expect(await visibleText(page, 'text.leader')).not.toContain('b2')
    expect(await box.textContent()).toMatch(/DOWN.*controller notices in \d+\.\d s/)

    await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(8)))
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await waitForSimTime(page, 20.5, 60_000)
    // On a loaded machine the click may land seconds after t=3: play on until the controller has
    // surely noticed (broker.session.timeout.ms, 9 s, after the crash the link records).
    const crashIn = (url: string) => scenarioInUrl(url)?.actions.find((a) => a.do === 'crashBroker')
    await expect.poll(() => crashIn(page.url()), { timeout: 15_000 }).toMatchObject({ do: 'crashBroker', broker: 2 })
    await waitForSimTime(page, Math.max(20.5, crashIn(page.url())!.atSec + 10.5), 60_000)
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    const link = page.url()
    const crash = crashIn(link)
    expect(crash).toMatchObject({ do: 'crashBroker', broker: 2 })
    // After the controller noticed (broker.session.timeout.ms), every lane has a live leader again.
    expect(await visibleText(page, 'text.no-leader')).toEqual([])
    expect(await visibleText(page, 'text.leader')).not.toContain('b2')

    // The recorded crash replays headless to the same lags, mid-outage (10 s) and after it (20 s).
    await press(page, 'Home', 0)
    for (const sec of [PAGE_MS / 1000, (2 * PAGE_MS) / 1000]) {
      await press(page, 'PageUp', sec)
      const expected = runLags(['--scenario', link, '--seconds', String(sec)])
      await expect.poll(() => tableLags(page), { timeout: 15_000, interval: 250 }).toEqual(expected)
    }
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
