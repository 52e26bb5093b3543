// Compare mode's notes at a projector's 1024×768 (Debian's chromium via playwright-core): a four-side
// link on an imported cluster says, per side, that its placement was dropped (four notes of three
// lines). Before the change the four took 308 px above the sides and left each side 166 px, its lanes
// hidden; opened with a copied link's note, 400 px and 120 px a side. Now the newest two show, the
// older under "+2 more notes", and opened they scroll within a third of the window.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { importedPlacementScenario } from '../../src/scenario/importedPlacementForTest.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { ARTIFACTS } from './harness.ts'
import { openHighway } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-compare-notes-test')
const suite = browserSuite(OUT)

const sides = [
  { label: 'five', set: { 'cluster.brokers': 5 } },
  { label: 'six', set: { 'cluster.brokers': 6 } },
  { label: 'rf3', set: { 'cluster.replication.factor': 3 } },
  { label: 'seven', set: { 'cluster.brokers': 7 } },
]

/** The notes' box, what each note says first and whether it is in view, and each side's height. */
function measure(page: Page): Promise<{ notesTop: number; notesHeight: number; shown: Array<[string, boolean]>; more: { text: string; inView: boolean } | null; sides: number[] }> {
  return page.evaluate(() => {
    const area = document.querySelector('.compare-app > .banners')!
    const box = area.getBoundingClientRect()
    const inView = (el: Element): boolean => {
      const r = el.getBoundingClientRect()
      return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5
    }
    const more = area.querySelector('.banner-more')
    return {
      notesTop: Math.round(box.top),
      notesHeight: Math.round(box.height),
      shown: [...area.querySelectorAll('.banner')].map((b): [string, boolean] => [b.querySelector('strong')?.textContent ?? '', inView(b)]),
      more: more === null ? null : { text: more.textContent ?? '', inView: inView(more) },
      sides: [...document.querySelectorAll('section.compare-side')].map((s) => Math.round(s.getBoundingClientRect().height)),
    }
  })
}

describe('compare notes at 1024×768', () => {
  it('four sides’ dropped placements: the newest two over the sides, the rest under "+2 more notes"; opened, they scroll within a third of the window and the sides keep their room', async () => {
    const { page, errors } = await openHighway(suite(), `#${compareLinkHash(importedPlacementScenario(), sides)}`, { width: 1024, height: 768 })
    await page.locator('section.compare-side').nth(3).locator('[data-testid="highway"] rect.road').first().waitFor({ timeout: 30_000 })
    const changed = (label: string) => `Side “${label}” was changed:`
    await expect.poll(async () => (await measure(page)).shown.map(([t]) => t), { timeout: 20_000 }).toEqual([changed('rf3'), changed('seven')])
    const folded = await measure(page)
    expect(folded.more).toEqual({ text: '+2 more notes', inView: true })
    // A quarter of the window at most; each side keeps 210 px of the 768 (166 before).
    expect(folded.notesHeight).toBeLessThanOrEqual(768 / 4)
    for (const h of folded.sides) expect(h).toBeGreaterThanOrEqual(210)
    await page.screenshot({ path: join(ARTIFACTS, 'compare-notes-folded-1024.png') })

    await page.getByRole('button', { name: '+2 more notes' }).click()
    await expect.poll(async () => (await measure(page)).shown.length).toBe(4)
    const opened = await measure(page)
    expect(opened.shown.map(([t]) => t)).toEqual(sides.map((s) => changed(s.label)))
    expect(opened.notesHeight).toBeLessThanOrEqual(Math.ceil(768 / 3))
    for (const h of opened.sides) expect(h).toBeGreaterThanOrEqual(180)
    // The last is reached by scrolling the notes (not the page), with "Fewer notes" still on top.
    expect(opened.shown.at(-1)![1]).toBe(false)
    await page.locator('.compare-app > .banners').evaluate((el) => el.scrollTo(0, el.scrollHeight))
    const scrolled = await measure(page)
    expect(scrolled.shown.at(-1)).toEqual([changed('seven'), true])
    expect(scrolled.more).toEqual({ text: 'Fewer notes', inView: true })
    expect(scrolled.notesTop).toBe(opened.notesTop)
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0)
    await page.screenshot({ path: join(ARTIFACTS, 'compare-notes-opened-1024.png') })
    // "Fewer notes" folds them again.
    await page.getByRole('button', { name: 'Fewer notes' }).click()
    await expect.poll(async () => (await measure(page)).shown.length).toBe(2)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
