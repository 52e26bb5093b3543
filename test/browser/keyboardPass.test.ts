// The page with the keyboard alone (real Chromium, Debian's chromium via playwright-core, 1280×800):
// every key here is a keyboard.press, as a keyboard or screen-reader user gives it. A modal dialog
// takes every key (the page's shortcuts do nothing behind it); Esc in a dialog or a menu, closing a
// lesson and switching between one highway and compare mode leave the focus on a control of the
// page, never on <body>; a consumer's menu moves with ↓ / ↑ as the page's other menus do. The
// metrics table's "Inspect lane" opens the lane's details in view and focused (Esc closes them and
// gives the focus back); compare mode's tables, which have no details to open, have no such
// buttons; the toolbar's drop-downs are named without their drawn ▾; the status bar's focus ring
// (and a compare side column's) is drawn where it can be seen; "Add side", which does nothing at
// four sides or in a lesson, takes focus to say why; End / Home in a menu; compare mode's column of
// tables scrolls with Page Down / Page Up and Space. Each failed before its fix.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../../src/scenario/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { ARTIFACTS, openFourAnswers } from './harness.ts'
import { openHighway, WARM } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-keyboard-pass-test')
const suite = browserSuite(OUT)
const SCREEN = { width: 1280, height: 800 }
const SIDES = [
  { label: 'eager', set: { 'group.protocol': 'eager', 'group.assignor': 'range' } },
  { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
]

/** The page, paused at 3 s (warm start): nothing moves between two keys. */
async function open(): Promise<{ page: Page; errors: string[] }> {
  const opened = await openHighway(suite(), `${WARM}&t=3`, SCREEN)
  await expect.poll(() => clock(opened.page), { timeout: 20_000 }).toBe('3.0 s')
  return opened
}

const clock = (page: Page) => page.getByRole('timer', { name: 'Simulated time' }).first().textContent()

/** Tabs from the page's start until the focused element matches `selector`; fails past `max` Tabs. */
async function tabTo(page: Page, selector: string, max = 90): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab')
    if (await focusIs(page, selector)) return
  }
  throw new Error(`${max} Tabs did not reach ${selector}`)
}

/** The accessible name Chromium gives the first element matching `selector` (its accessibility tree, over CDP). */
async function axName(page: Page, selector: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page)
  const { root } = await cdp.send('DOM.getDocument')
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })
  await cdp.detach()
  return String(nodes[0]?.name?.value ?? '')
}

/**
 * Where the focused element's ring (its outline) may not be seen: each side's middle, sampled in
 * the outline's band, is outside the window or hits another element ('top', 'right' …). Strict: a
 * ring drawn over a neighbour counts too, so it is asked only of rings meant to be inside.
 */
function hiddenRing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement
    const cs = getComputedStyle(el)
    const w = parseFloat(cs.outlineWidth)
    const off = parseFloat(cs.outlineOffset)
    const r = el.getBoundingClientRect()
    const mid = (a: number, b: number) => (a + b) / 2
    const band = off + w / 2 // from the border box to the middle of the outline
    const sides: Array<[string, number, number]> = [
      ['top', mid(r.left, r.right), r.top - band],
      ['bottom', mid(r.left, r.right), r.bottom + band],
      ['left', r.left - band, mid(r.top, r.bottom)],
      ['right', r.right + band, mid(r.top, r.bottom)],
    ]
    return sides
      .filter(([, x, y]) => {
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true
        const at = document.elementFromPoint(x, y)
        return at === null || !(at === el || el.contains(at) || at.contains(el))
      })
      .map(([side]) => side)
  })
}

const focusIs = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)
const focused = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? '<body>' : (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '')))

describe('the page by keyboard alone', () => {
  it('a modal dialog takes every key: the page’s shortcuts do nothing behind it, and Esc gives the focus back', async () => {
    const { page, errors } = await open()
    await tabTo(page, 'button.import-button')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Import a cluster' })
    await dialog.waitFor()
    await expect.poll(() => focusIs(page, '[role="dialog"] textarea')).toBe(true)
    // On the dialog's own button, not in a text field: → stepped the run, P switched presenter mode,
    // L and ? stacked their dialogs over this one, R restarted, all behind it.
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('Add a paste')
    for (const key of ['ArrowRight', 'p', 'l', '?', 'r', 'c', '2']) await page.keyboard.press(key)
    expect(await page.getByRole('dialog').count()).toBe(1)
    expect(await clock(page)).toBe('3.0 s')
    expect(await page.locator('.app.presenter').count()).toBe(0)
    expect(await page.locator('.compare-app').count()).toBe(0)
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await focused(page)).toBe('Import')
    // Closed, the keys are the page's again.
    await page.keyboard.press('p')
    await expect.poll(() => page.locator('.app.presenter').count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('Esc in the keys list, the Lessons list or a consumer’s menu puts the focus back on what opened it', async () => {
    const { page, errors } = await open()
    await tabTo(page, 'button.help')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await focused(page)).toBe('Keyboard shortcuts')

    await tabTo(page, 'button.lessons-button')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Lessons' }).waitFor()
    await page.keyboard.press('Escape')
    expect(await page.getByRole('dialog').count()).toBe(0)
    expect(await focused(page)).toBe('Lessons')

    await tabTo(page, 'g.consumer')
    const card = await focused(page)
    expect(card).toMatch(/^consumer-1: .*Open actions$/)
    await page.keyboard.press('Enter')
    await page.getByRole('menu', { name: 'Actions for consumer-1' }).waitFor()
    expect(await focused(page)).toBe('Crash (no goodbye)')
    // ↓ moves to the next item, as in the broker's and the Export menus.
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toMatch(/^Stop-the-world GC pause/)
    // End / Home: the last / first item (WAI-ARIA's menu keys), without reaching the page's keys.
    await page.keyboard.press('End')
    expect(await focused(page)).toBe('Close')
    await page.keyboard.press('Home')
    expect(await focused(page)).toBe('Crash (no goodbye)')
    await page.keyboard.press('Escape')
    expect(await page.getByRole('menu').count()).toBe(0)
    expect(await focused(page)).toBe(card)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('closing a lesson from its panel leaves the focus on the Lessons button', async () => {
    const { page, errors } = await open()
    await page.keyboard.press('l')
    await page.getByRole('dialog', { name: 'Lessons' }).waitFor()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    await panel.waitFor()
    await expect.poll(() => focusIs(page, 'section.lesson-panel')).toBe(true)
    // The panel's first controls: Hide, then × (Close lesson).
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('Close lesson')
    await page.keyboard.press('Enter')
    await expect.poll(() => panel.count()).toBe(0)
    expect(await focused(page)).toBe('Lessons')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('switching to compare mode and back by keyboard lands on the switch back, not on <body>', async () => {
    const { page, errors } = await open()
    await tabTo(page, 'details.fork > summary')
    // The drawn ▾ is not read as part of the menu's name.
    expect(await axName(page, 'details.fork > summary')).toBe('Compare')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toMatch(/^Compare eager and cooperative/)
    await page.keyboard.press('Enter')
    await page.locator('.compare-app').waitFor()
    await expect.poll(() => focused(page)).toBe('One highway')
    // A side's table has no lane details to open: no "Inspect lane" buttons (24 Tab stops that did nothing).
    await page.getByRole('table', { name: 'Partition metrics: cooperative' }).locator('tbody tr').first().waitFor()
    expect(await page.getByRole('button', { name: /^Inspect lane/ }).count()).toBe(0)
    expect(await axName(page, 'details.add-side > summary')).toBe('Add side')
    await page.keyboard.press('Enter')
    await page.locator('.compare-app').waitFor({ state: 'detached' })
    await expect.poll(() => focusIs(page, 'details.fork > summary')).toBe(true)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('“Inspect lane” opens the lane’s details in view and focused; Esc closes them and gives the focus back', async () => {
    const { page, errors } = await open()
    await tabTo(page, 'button[aria-label="Inspect lane P3"]')
    await page.keyboard.press('Enter')
    const details = page.getByRole('region', { name: 'Lane P3' })
    await details.waitFor()
    // Above the table in the same column, which the Tabs had scrolled past: it was out of sight.
    await expect.poll(() => focusIs(page, 'section.inspector')).toBe(true)
    const box = (await details.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(SCREEN.height)
    await page.keyboard.press('Escape')
    expect(await details.count()).toBe(0)
    expect(await focused(page)).toBe('Inspect lane P3')
    // Its × does the same.
    await page.keyboard.press('Enter')
    await expect.poll(() => focusIs(page, 'section.inspector')).toBe(true)
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('Close lane details')
    await page.keyboard.press('Enter')
    expect(await details.count()).toBe(0)
    expect(await focused(page)).toBe('Inspect lane P3')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('the status bar’s focus ring, and a compare side column’s, can be seen', async () => {
    const { page, errors } = await open()
    await tabTo(page, 'section.status')
    expect(await hiddenRing(page)).toEqual([])
    // Compare mode's right column (each side's table, 24 lanes: it scrolls): a scroller with no
    // control in it is a Tab stop of its own.
    const base = defaultScenario()
    await page.goto(`${suite().preview.url}#${compareLinkHash({ ...base, start: 'warm', topic: { ...base.topic, partitions: 24 } }, SIDES)}&t=3`)
    await page.locator('.compare-app [data-testid="highway"] rect.road').first().waitFor()
    await tabTo(page, 'aside[aria-label="Partition metrics of each side"]')
    expect(await hiddenRing(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('compare mode’s scrolling column of tables, in focus, scrolls with Page Down / Page Up and Space; off it Space still plays', async () => {
    const { page, errors } = await open()
    const base = defaultScenario()
    await page.goto(`${suite().preview.url}#${compareLinkHash({ ...base, start: 'warm', topic: { ...base.topic, partitions: 48 } }, SIDES)}&t=3`)
    await page.locator('.compare-app [data-testid="highway"] rect.road').first().waitFor()
    await expect.poll(() => clock(page), { timeout: 20_000 }).toBe('3.0 s')
    const column = 'aside[aria-label="Partition metrics of each side"]'
    await tabTo(page, column)
    const scrollTop = () => page.evaluate((s) => document.querySelector(s)!.scrollTop, column)
    const paused = () => page.getByRole('button', { name: 'Play', exact: true }).count()
    // Chromium animates a key's scroll: each step waits for the column to come to rest before the
    // next key, and gives a loaded machine (CI's, at a load of 3 on 2 cores) seconds to start moving.
    const settled = async () => {
      let last = -1
      await expect.poll(async () => { const now = await scrollTop(); const still = now === last; last = now; return still }, { timeout: 10_000, interval: 150 }).toBe(true)
      return last
    }
    const moves = { timeout: 10_000 }
    expect(await scrollTop()).toBe(0)
    await page.keyboard.press('PageDown')
    await expect.poll(scrollTop, moves).toBeGreaterThan(100)
    const down = await settled()
    await page.keyboard.press('Space')
    await expect.poll(scrollTop, moves).toBeGreaterThan(down)
    // Back up a page from where Space left it. 48 lanes make the column close to three screens, so
    // neither key's page reaches its end (24 did: Page Down alone reached it once it had come to rest).
    const spaced = await settled()
    await page.keyboard.press('PageUp')
    await expect.poll(scrollTop, moves).toBeLessThan(spaced)
    // None of them was the page's: still paused at 3 s (Space did not play, Page Down no marker).
    expect(await clock(page)).toBe('3.0 s')
    expect(await paused()).toBe(1)
    // Off the column (Esc: back to the page), Space plays.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Space')
    await expect.poll(paused).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('at four sides (the four-answers lesson), “Add side”, which does nothing, is reached and says why', async () => {
    const { page, errors, panel } = await openFourAnswers(suite().browser, suite().preview.url)
    expect(await panel.count()).toBe(1)
    await tabTo(page, '.compare-toolbar button.add-side')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe('true')
    const tip = page.locator('#title-tip')
    await expect.poll(() => tip.textContent()).toBe('At most 4 sides on one clock: remove one (× in its header) to add another')
    expect(await tip.isVisible()).toBe(true)
    // Enter does nothing: still four sides.
    await page.keyboard.press('Enter')
    expect(await page.locator('section.compare-side').count()).toBe(4)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
