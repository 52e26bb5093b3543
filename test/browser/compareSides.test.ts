// Compare mode's Add side / Remove side in a real browser (Debian's chromium via playwright-core) at
// 1024×768: the toolbar (with Add side and "?") fits, a third side joins paused at the link's moment
// after catching up, its Strategy (reached by keyboard) changes it, the Share link names the three
// sides, and removing it gives back the link of the two; at 1280 px the toolbar is still one row. A
// side's Members sets its consumers alone, and its link carries them. A picture of the page with
// three sides goes to test/artifacts for a person to look at.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { getPreset } from '../../src/scenario/index.ts'
import { compareLinkHash, readLinkHash } from '../../src/scenario/links.ts'
import { parseVariant, type Variant } from '../../src/scenario/overrides.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const suite = browserSuite(join(ARTIFACTS, 'dist-compare-sides-test'))
const VIEWPORT = { width: 1024, height: 768 }
const SIDES: Variant[] = [
  { label: 'plain', set: {} },
  { label: 'load-aware', set: { 'dynamic.loadAware.enabled': true } },
]

/** The sides the page's URL names (compare mode mirrors itself there; Share copies it). */
function urlSides(page: Page): Variant[] {
  return readLinkHash(new URL(page.url()).hash).v.map((t) => {
    const p = parseVariant(t)
    if (!p.ok) throw new Error(p.message)
    return p.variant
  })
}

/** Toolbar controls not wholly inside the viewport, and the toolbar's own overflow. */
async function toolbarOverflow(page: Page, width = VIEWPORT.width): Promise<string[]> {
  return page.evaluate((w) => {
    const bar = document.querySelector<HTMLElement>('.compare-toolbar')!
    const out = bar.scrollWidth > bar.clientWidth + 1 ? [`toolbar ${bar.scrollWidth} > ${bar.clientWidth}`] : []
    for (const c of Array.from(bar.querySelectorAll<HTMLElement>('button, summary, input, select, [role="timer"]'))) {
      const r = c.getBoundingClientRect()
      if (r.width > 0 && (r.right > w + 0.5 || r.left < -0.5)) out.push(`${c.getAttribute('aria-label') ?? c.textContent}: ${r.left}–${r.right}`)
    }
    if (document.scrollingElement!.scrollWidth > document.scrollingElement!.clientWidth) out.push('the page scrolls sideways')
    return out
  }, width)
}

describe('compare mode: adding and removing a side (1024×768)', () => {
  it('adds a third side at the paused moment, changes its strategy, shares three sides, removes it and shares the two again', async () => {
    const base = getPreset('hot-key')!.build()
    const hash = compareLinkHash(base, SIDES, { t: 12 })
    const page = await suite().browser.newPage({ viewport: VIEWPORT })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#${hash}`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    await expect.poll(() => page.getByRole('timer', { name: 'Simulated time' }).textContent()).toBe('12.0 s')
    const opened = urlSides(page)
    expect(opened.map((v) => v.label)).toEqual(['plain', 'load-aware'])

    // The toolbar fits, with Add side and the keys' "?" as on one highway.
    expect(await toolbarOverflow(page)).toEqual([])
    await expect.poll(() => page.getByRole('button', { name: 'Keyboard shortcuts' }).isVisible()).toBe(true)

    // Keyboard: focus Add side, open it, the default (a copy of the last side) is first and focused.
    await page.locator('.compare-toolbar details.add-side > summary').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Copy of side B · load-aware/)
    // The menu stays inside the window.
    const menu = await page.locator('.add-side .fork-menu').boundingBox()
    expect(menu!.x).toBeGreaterThanOrEqual(0)
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(VIEWPORT.width)
    await page.keyboard.press('Enter')
    const sideC = page.getByRole('region', { name: 'Side C: load-aware 2' })
    await sideC.waitFor()
    // It catches up to 12 s (with its progress), then all three show 12 s, paused.
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    await expect.poll(() => page.getByRole('timer', { name: 'Simulated time' }).textContent()).toBe('12.0 s')
    await expect.poll(() => page.locator('.compare-side').count()).toBe(3)
    await expect.poll(() => page.locator('.diff-strip').count()).toBe(3)
    expect(await toolbarOverflow(page)).toEqual([])
    await page.screenshot({ path: join(ARTIFACTS, 'compare-add-side-1024.png') })

    // The focus is on side C's Strategy: Enter opens it; salting instead of load-aware routing. The
    // copy's made-up name follows its changes ("load-aware 2" would say it still routed by load).
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label'))).toBe('Side C: load-aware 2')
    await page.keyboard.press('Enter')
    const strategy = page.locator('.compare-side').nth(2).getByRole('group', { name: /^Strategy: / })
    await strategy.getByLabel('Load-aware routing').uncheck()
    await page.getByRole('region', { name: 'Side C: no-routing' }).waitFor()
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    await strategy.getByLabel('Salt hot keys').check()
    const salted = page.getByRole('region', { name: 'Side C: salted' })
    await salted.waitFor()
    expect(await strategy.getAttribute('aria-label')).toBe('Strategy: salted')
    await expect.poll(() => salted.locator('.side-summary').textContent(), { timeout: 30_000 }).toMatch(/salting/)
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    await page.keyboard.press('Escape')

    // Share: the link names the three sides, side C with its change, at 12 s.
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    await expect.poll(() => urlSides(page).length).toBe(3)
    const three = urlSides(page)
    expect(three.slice(0, 2)).toEqual(opened)
    expect(three[2]!.label).toBe('salted')
    expect(three[2]!.set).toMatchObject({ 'dynamic.loadAware.enabled': false, 'dynamic.salting.enabled': true })
    expect(readLinkHash(new URL(page.url()).hash).t).toBe(12)
    const threeHash = new URL(page.url()).hash

    // Remove side C: the two sides of the opening link again.
    await page.getByRole('button', { name: 'Remove side C: salted' }).click()
    await expect.poll(() => page.locator('.compare-side').count()).toBe(2)
    await expect.poll(() => urlSides(page).length).toBe(2)
    expect(urlSides(page)).toEqual(opened)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add side')
    expect(await page.getByRole('button', { name: /^Remove side/ }).count()).toBe(0)

    // At 1280 px the toolbar, Add side and "?" included, is still one row (the highways keep their height).
    await page.setViewportSize({ width: 1280, height: 720 })
    await expect.poll(() => page.evaluate(() => document.querySelector('.compare-toolbar')!.getBoundingClientRect().height)).toBeLessThan(60)
    expect(await toolbarOverflow(page, 1280)).toEqual([])

    // The three-side link reopens the three sides, side C salted and named so.
    await page.goto(`${suite().preview.url}${threeHash}`)
    await page.reload()
    await page.getByRole('region', { name: 'Side C: salted' }).waitFor()
    await expect.poll(() => page.getByRole('region', { name: 'Side C: salted' }).locator('.side-summary').textContent(), { timeout: 30_000 }).toMatch(/salting/)
    expect(errors).toEqual([])
    await page.close()
  }, 180_000)

  it('a side’s Members sets that side’s consumers: its cards, its summary and its link; the other side keeps the shared count', async () => {
    const base = getPreset('hot-key')!.build()
    const page = await suite().browser.newPage({ viewport: VIEWPORT })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#${compareLinkHash(base, SIDES, { t: 12 })}`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    const cards = (i: number) => page.locator('.compare-side').nth(i).locator('[data-testid="highway"] g.consumer').count()
    await expect.poll(() => cards(1)).toBe(base.group.consumers)
    await page.locator('.compare-side').nth(1).locator('details.side-controls > summary').click()
    const members = page.locator('.compare-side').nth(1).getByRole('group', { name: /^Strategy: / }).getByLabel('Members')
    await members.fill('6')
    await members.press('Enter')
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    await expect.poll(() => cards(1), { timeout: 30_000 }).toBe(6)
    expect(await cards(0)).toBe(base.group.consumers)
    await expect.poll(() => page.getByRole('timer', { name: 'Simulated time' }).textContent()).toBe('12.0 s')
    expect(await page.locator('.compare-side').nth(1).locator('.side-summary').textContent()).toContain(' · 6 consumers')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    await expect.poll(() => urlSides(page)[1]?.set['group.consumers']).toBe(6)
    expect(urlSides(page)[0]!.set['group.consumers']).toBeUndefined()
    // The link reopens side B with its six.
    const hash = new URL(page.url()).hash
    await page.goto(`${suite().preview.url}${hash}`)
    await page.reload()
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await expect.poll(() => cards(1), { timeout: 30_000 }).toBe(6)
    expect(await cards(0)).toBe(base.group.consumers)
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)
})
