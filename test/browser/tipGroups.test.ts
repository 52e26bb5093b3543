// Keyboard users reach the words behind figures that take no focus (real Chromium, Debian's
// chromium via playwright-core, 1024×768): the status bar is one Tab stop whose arrow keys move from
// figure to figure, each showing its explanation in a role="tooltip" bubble that describes it
// (aria-describedby), without stepping the run; a compare side's difference strip is one stop for
// its summary, the toolbar's mark and its cells; the broker strip is one stop for each broker's
// whole description and the coordinator badge, its brokers' name buttons keeping their own stops;
// the Import dialog's field-by-field table is one stop for the values it cuts short, a share
// group's figures table one for what each figure counts. Tab leaves the group as from the group.
// Each failed before its fix.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { defaultScenario, encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { bigDescribe } from '../fixtures/import/bigDescribe.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-tip-groups-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }

async function open(hash: string): Promise<{ page: Page; errors: string[] }> {
  const page = await suite().browser.newPage({ viewport: PROJECTOR })
  const errors = collectErrors(page)
  await page.goto(suite().preview.url + hash)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}

/** Tabs from the page's start until `selector` has focus; the number of Tabs, or -1 past `max`. */
async function tabTo(page: Page, selector: string, max = 60): Promise<number> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return n
  }
  return -1
}

/** The focused element's title and its description: the bubble (role tooltip) it points to, if shown. */
async function described(page: Page): Promise<{ title: string | null; tip: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement!
    const id = el.getAttribute('aria-describedby')
    const tip = id === null ? null : document.getElementById(id)
    const shown = tip !== null && tip.getAttribute('role') === 'tooltip' && !tip.hidden && tip.getAttribute('aria-hidden') === null && getComputedStyle(tip).visibility !== 'hidden'
    return { title: el.getAttribute('title'), tip: shown ? tip.textContent : null }
  })
}

const clock = (page: Page) => page.getByRole('timer', { name: 'Simulated time' }).first().textContent()

describe('figures without focus of their own, by keyboard', () => {
  it('one highway: the status bar is one Tab stop; arrows read each figure without stepping the run', async () => {
    const WARM = `#s=${encodeURIComponent(encodeScenario({ ...defaultScenario(), start: 'warm' }))}&t=3`
    const { page, errors } = await open(WARM)
    await expect.poll(() => clock(page), { timeout: 20_000 }).toBe('3.0 s')
    expect(await tabTo(page, 'section.status')).toBeGreaterThan(0)
    await page.keyboard.press('ArrowRight')
    const lag = await described(page)
    expect(lag.title).toMatch(/^Lag: records written/)
    expect(lag.tip).toBe(lag.title)
    await page.keyboard.press('ArrowRight')
    const p99 = await described(page)
    expect(p99.title).toMatch(/^p99 latency/)
    expect(p99.tip).toBe(p99.title)
    await page.keyboard.press('End')
    expect((await described(page)).title).toMatch(/^Frames drawn per second/)
    await page.keyboard.press('ArrowLeft')
    expect((await described(page)).title).toMatch(/^Seed of the run/)
    // → is the page's step key elsewhere: here it moved between figures only.
    expect(await clock(page)).toBe('3.0 s')
    // Tab leaves as from the bar: to its first control of its own, then out of the bar (no figure is a stop).
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Mark now')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('section.status') === null)).toBe(true)
    // No figure keeps the bubble as its description once focus has left it.
    expect(await page.locator('section.status [aria-describedby="title-tip"]').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('compare mode: a side’s difference strip is one Tab stop for its summary, the mark and each cell', async () => {
    const sides = [
      { label: 'eager', set: { 'group.protocol': 'eager', 'group.assignor': 'range' } },
      { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
    ]
    const { page, errors } = await open(`#${compareLinkHash({ ...defaultScenario(), start: 'warm' }, sides)}&t=3`)
    await expect.poll(() => clock(page), { timeout: 20_000 }).toBe('3.0 s')
    const toFirst = await tabTo(page, 'dl.diff-strip')
    expect(toFirst).toBeGreaterThan(0)
    await page.keyboard.press('ArrowRight')
    const summary = await described(page)
    expect(summary.title).toBe('eager: group.protocol=eager, group.assignor=range')
    expect(summary.tip).toBe(summary.title)
    // Then the toolbar's mark: what every cell counts from.
    await page.keyboard.press('ArrowRight')
    const mark = await described(page)
    expect(mark.title).toBe('Differences count from the mark: by default the moment every group first settled')
    expect(mark.tip).toBe(mark.title)
    await page.keyboard.press('ArrowRight')
    const cell = await described(page)
    expect(cell.title).not.toBe(null)
    expect(cell.tip).toBe(cell.title)
    expect(await page.evaluate(() => document.activeElement?.classList.contains('diff-cell'))).toBe(true)
    // The strip's figures add no Tab stops: the next side's strip is as many Tabs away as the page's
    // controls between them, whichever figure Tab leaves from.
    const stops = await page.evaluate(() => {
      const all = Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]'))
      return all.filter((e) => e.tabIndex >= 0 && e.closest('dl.diff-strip') !== null && !e.matches('dl.diff-strip')).length
    })
    expect(stops).toBe(0)
    expect(await clock(page)).toBe('3.0 s')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('the broker strip is one Tab stop: arrows read each broker’s description and the coordinator badge; the name buttons keep theirs', async () => {
    const { page, errors } = await open(`#s=${encodeURIComponent(encodeScenario(getPreset('broker-hotspot')!.build()))}&t=3.3`)
    await expect.poll(() => clock(page), { timeout: 20_000 }).toBe('3.3 s')
    await page.locator('ul.broker-strip > li').first().waitFor()
    expect(await tabTo(page, 'ul.broker-strip')).toBeGreaterThan(0)
    const read: Array<{ title: string | null; tip: string | null }> = []
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('ArrowRight')
      read.push(await described(page))
    }
    expect(read.map((r) => r.title?.split(':')[0])).toEqual(['Broker 1', 'Broker 2', 'Broker 3', 'Group coordinator'])
    for (const r of read) expect(r.tip).toBe(r.title)
    expect(read[0]!.title).toMatch(/^Broker 1: leads 4 partitions, holds 8 replicas, appends .*at capacity/)
    await page.keyboard.press('Home')
    expect((await described(page)).title).toMatch(/^Broker 1: /)
    expect(await clock(page)).toBe('3.3 s')
    // Tab leaves as from the strip: to the first broker's fault menu button, then the next one's.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Broker 1, b1: crash, shut down, restart or slow disk')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Broker 2, b2: crash, shut down, restart or slow disk')
    expect(await page.locator('ul.broker-strip [aria-describedby="title-tip"]').count()).toBe(0)
    const stops = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('ul.broker-strip *')).filter((e) => e.tabIndex >= 0).map((e) => e.getAttribute('aria-label')),
    )
    expect(stops).toEqual(['Broker 1, b1: crash, shut down, restart or slow disk', 'Broker 2, b2: crash, shut down, restart or slow disk', 'Broker 3, b3: crash, shut down, restart or slow disk'])
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('the Import dialog: its field table is one Tab stop whose arrows read each value cut short, whole', async () => {
    const { page, errors } = await open(`#s=${encodeURIComponent(encodeScenario({ ...defaultScenario(), start: 'warm' }))}&t=3`)
    await expect.poll(() => clock(page), { timeout: 20_000 }).toBe('3.0 s')
    expect(await tabTo(page, 'button.import-button')).toBeGreaterThan(0)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Import a cluster' })
    await dialog.waitFor()
    // 24 partitions: the lags are one value of some 80 characters, shown cut at 60.
    await page.keyboard.insertText(bigDescribe(24, 3))
    await dialog.locator('table.field-account').waitFor()
    let n = 0
    while (!(await page.evaluate(() => document.activeElement?.matches('table.field-account') ?? false)) && n++ < 20) await page.keyboard.press('Tab')
    expect(n).toBeLessThan(20)
    await page.keyboard.press('ArrowRight')
    const lags = await described(page)
    expect(lags.title).toBe(`[${Array.from({ length: 24 }, (_, p) => (p === 7 ? 50_000 : (p % 5) * 10)).join(',')}]`)
    expect(lags.tip).toBe(lags.title)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/…$/)
    // Only the values cut short are figures: the other cells show theirs whole.
    const figures = await dialog.locator('table.field-account td[title]').count()
    await page.keyboard.press('End')
    await page.keyboard.press('Home')
    expect((await described(page)).title).toBe(lags.title)
    expect(figures).toBeGreaterThan(0)
    expect(await dialog.locator('table.field-account td:not([title])').evaluateAll((tds) => tds.every((td) => !td.textContent?.endsWith('…')))).toBe(true)
    expect(await clock(page)).toBe('3.0 s')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('a share group’s figures table is one Tab stop whose arrows read what each figure counts', async () => {
    const { page, errors } = await open(`#s=${encodeURIComponent(encodeScenario(getPreset('share-group-hot-lane')!.build()))}&t=5`)
    await expect.poll(() => clock(page), { timeout: 20_000 }).toBe('5.0 s')
    const table = 'table[aria-label="Share group figures"]'
    await page.locator(table).waitFor()
    expect(await tabTo(page, table, 150)).toBeGreaterThan(0)
    await page.keyboard.press('ArrowRight')
    const first = await described(page)
    expect(first.title).toBe('Records taken from the lanes and not yet acknowledged or archived')
    expect(first.tip).toBe(first.title)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^In flight now/)
    await page.keyboard.press('End')
    expect((await described(page)).title).toBe('Bounded by group.share.partition.max.record.locks')
    expect(await clock(page)).toBe('5.0 s')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
