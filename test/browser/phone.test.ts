// A workshop link opened on a phone (390×844, touch, Debian's chromium via playwright-core): the page
// is 390 px wide (no sideways scrolling, and no zooming out to fit a wider page, which a phone
// browser does instead), the highway's picture is there at a usable size, Play/Pause and the Timeline
// can be tapped (a tap on the track seeks), a compare link's sides come one under another, a strip of
// six brokers scrolls sideways instead of widening the page, the Import dialog fits, and a lesson
// link's question can be read and answered. One build, preview and browser for the file.

import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { compareHashFor } from '../../src/app/compareLinks.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { getLesson } from '../../src/scenario/lessons/index.ts'
import { fixture } from '../fixtures/import/fixture.ts'
import { ARTIFACTS, collectErrors, simTime } from './harness.ts'
import { cardClashes } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-phone-test')
const PHONE = { width: 390, height: 844 }
const suite = browserSuite(OUT)

let context: BrowserContext | null = null
async function phone(): Promise<BrowserContext> {
  context ??= await suite().browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 })
  return context
}
afterAll(async () => {
  await context?.close()
})

async function open(hash: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await phone()).newPage()
  const errors = collectErrors(page)
  await page.goto(suite().preview.url + hash)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}

/** How the page sits on the phone: its layout width, how far it scrolls sideways, the window's width. */
async function pageWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }))
}

/** Box of the first element matching `selector`, after scrolling it into view. */
async function boxOf(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const el = page.locator(selector).first()
  await el.scrollIntoViewIfNeeded()
  const box = await el.boundingBox()
  if (box === null) throw new Error(`${selector} has no box`)
  return box
}

/** The phone is 390 px wide and the page fits it: a wider page makes the browser zoom out (innerWidth grows). */
async function expectFitsPhone(page: Page): Promise<void> {
  const w = await pageWidth(page)
  expect(w.innerWidth).toBe(PHONE.width)
  expect(w.scrollWidth).toBeLessThanOrEqual(w.innerWidth)
}

/**
 * Where the toolbar's items break the order they are seen in (row by row, left to right): the items
 * as a screen reader reads them (the page's order), and the controls Tab visits from the toolbar's
 * start. Empty: both come in the order they are seen.
 */
async function toolbarOrderBreaks(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0))
  const read = await page.locator('header.toolbar').evaluate((bar) =>
    [...bar.children]
      .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).position !== 'absolute')
      .map((e) => {
        const r = e.getBoundingClientRect()
        return { name: (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 24), top: r.top, bottom: r.bottom, left: r.left, right: r.right }
      }),
  )
  // Tab from the toolbar's start, through its controls.
  await page.locator('header.toolbar').evaluate((bar: HTMLElement) => {
    bar.tabIndex = -1
    bar.focus()
  })
  const tabbed: typeof read = []
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab')
    const at = await page.evaluate(() => {
      const e = document.activeElement
      if (e === null || e.closest('header.toolbar') === null) return null
      const r = e.getBoundingClientRect()
      return { name: (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 24), top: r.top, bottom: r.bottom, left: r.left, right: r.right }
    })
    if (at === null) break
    tabbed.push(at)
  }
  const breaks = (items: typeof read, how: string): string[] =>
    items.slice(1).flatMap((b, i) => {
      const a = items[i]!
      const nextRow = b.top >= a.bottom - 4
      const sameRowRight = Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) < 12 && b.left >= a.right - 1
      return nextRow || sameRowRight ? [] : [`${how}: "${b.name}" after "${a.name}" is seen before it`]
    })
  expect(read.length).toBeGreaterThanOrEqual(8)
  expect(tabbed.length).toBeGreaterThanOrEqual(7)
  return [...breaks(read, 'read'), ...breaks(tabbed, 'Tab')]
}

describe('a link opened on a phone', () => {
  it('a moment link: fits the screen, the highway is big enough to watch, Play/Pause and the Timeline work by touch', async () => {
    const hot = getPreset('hot-key')!.build()
    const { page, errors } = await open(`#s=${encodeURIComponent(encodeScenario(hot))}&t=20`)
    await expectFitsPhone(page)
    await page.screenshot({ path: join(ARTIFACTS, 'phone-moment.png') })

    // The highway's picture: nearly the phone's width, tall enough for twelve lanes, inside the window.
    const svg = await boxOf(page, '[data-testid="highway"] svg')
    expect(svg.x).toBeGreaterThanOrEqual(0)
    expect(svg.x + svg.width).toBeLessThanOrEqual(PHONE.width + 0.5)
    expect(svg.width).toBeGreaterThanOrEqual(PHONE.width * 0.9)
    expect(svg.height).toBeGreaterThanOrEqual(300)
    // The lanes keep room for the records to move along (not squeezed by the consumer cards), and a card's words stay in their card.
    const road = await page.locator('[data-testid="highway"] rect.road').first().boundingBox()
    expect(road!.width).toBeGreaterThanOrEqual(110)
    expect(await cardClashes(page)).toEqual([])

    // Play/Pause: a finger-sized button, in the window without scrolling, and a tap plays.
    const play = page.getByRole('button', { name: /^(Play|Pause)$/ })
    const playBox = (await play.boundingBox())!
    expect(playBox.height).toBeGreaterThanOrEqual(40)
    expect(playBox.width).toBeGreaterThanOrEqual(40)
    expect(playBox.y + playBox.height).toBeLessThanOrEqual(PHONE.height)
    expect(await play.textContent()).toContain('Play') // a moment link opens paused
    await play.tap()
    await expect.poll(() => play.textContent()).toContain('Pause')
    await play.tap()
    await expect.poll(() => play.textContent()).toContain('Play')

    // The Timeline: wide and tall enough to hit, and a tap near its start goes back there.
    const track = page.getByRole('slider', { name: 'Timeline' })
    const tl = await boxOf(page, '.timeline-track')
    expect(tl.width).toBeGreaterThanOrEqual(200)
    expect(tl.height).toBeGreaterThanOrEqual(40)
    expect(tl.x + tl.width).toBeLessThanOrEqual(PHONE.width + 0.5)
    const before = await simTime(page)
    expect(before).toBeGreaterThanOrEqual(20)
    await track.tap({ position: { x: tl.width * 0.25, y: tl.height / 2 } })
    await expect.poll(() => simTime(page), { timeout: 15_000 }).toBeLessThan(before - 5)
    // Keyboard and screen-reader users meet the toolbar's controls in the order they are seen
    // (before: the clock was moved up beside Restart, and read after the speed).
    expect(await toolbarOrderBreaks(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('a compare link: both sides one under another, each the phone wide, and the page still fits', async () => {
    const { page, errors } = await open(`#${compareHashFor(getPreset('consumer-joins-eager')!.build())}`)
    await page.locator('section.compare-side').nth(1).waitFor()
    await expectFitsPhone(page)
    const sides = page.locator('[data-testid="highway"]')
    expect(await sides.count()).toBe(2)
    const a = (await sides.nth(0).boundingBox())!
    const b = (await sides.nth(1).boundingBox())!
    for (const s of [a, b]) {
      expect(s.width).toBeGreaterThanOrEqual(PHONE.width * 0.9)
      expect(s.height).toBeGreaterThanOrEqual(250)
    }
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1)
    // Keyboard and screen-reader users meet the toolbar's controls in the order they are seen.
    expect(await toolbarOrderBreaks(page)).toEqual([])
    const tl = await boxOf(page, '.timeline-track')
    expect(tl.width).toBeGreaterThanOrEqual(200)
    expect(tl.height).toBeGreaterThanOrEqual(40)
    await page.screenshot({ path: join(ARTIFACTS, 'phone-compare.png') })
    expect(errors).toEqual([])
    await page.close()
  })

  it('an imported cluster of six brokers (its strip wider than the phone): the page still fits, the strip scrolls sideways', async () => {
    const s = getPreset('steady')!.build()
    const { page, errors } = await open(`#s=${encodeScenario({ ...s, cluster: { brokers: 6, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null } })}`)
    await page.locator('.broker-strip li.broker').nth(5).waitFor()
    await expectFitsPhone(page)
    const strip = await page.locator('.broker-strip').evaluate((el) => ({ box: el.getBoundingClientRect().width, scroll: el.scrollWidth }))
    expect(strip.box).toBeLessThanOrEqual(PHONE.width)
    expect(strip.scroll).toBeGreaterThan(strip.box)
    expect((await page.getByTestId('highway').boundingBox())!.width).toBeLessThanOrEqual(PHONE.width)
    expect(errors).toEqual([])
    await page.close()
  })

  it('the Import dialog fits the phone: each paste keeps its Remove button on screen, the field account does not scroll sideways', async () => {
    const { page, errors } = await open('')
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Import a cluster' })
    await dialog.getByLabel('paste 1', { exact: true }).fill(fixture('topics', 'describe.txt'))
    await dialog.getByRole('button', { name: 'Add a paste' }).click()
    await dialog.getByLabel('paste 2', { exact: true }).fill(fixture('consumer-groups', 'describe.txt'))
    await dialog.locator('table.field-account').waitFor()
    const fit = await dialog.evaluate((d) => {
      const right = d.getBoundingClientRect().right
      const out = Array.from(d.querySelectorAll('select, button, table.field-account')).filter((e) => e.getBoundingClientRect().right > right + 1)
      return { sideways: d.scrollWidth - d.clientWidth, out: out.map((e) => e.textContent?.slice(0, 20)) }
    })
    expect(fit).toEqual({ sideways: 0, out: [] })
    expect(errors).toEqual([])
    await page.close()
  })

  it("a lesson link: the lesson's question can be read on the screen and answered by a tap", async () => {
    const step = getLesson('hot-key')!.lesson.steps[0]!
    const { page, errors } = await open('#lesson=hot-key&step=1')
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    const prompt = panel.getByText(step.question!.prompt, { exact: true })
    await prompt.waitFor({ timeout: 10_000 })
    await expectFitsPhone(page)
    await page.screenshot({ path: join(ARTIFACTS, 'phone-lesson.png') })
    // The panel lies within the window, and so does the question (no scrolling needed to read it).
    const p = (await panel.boundingBox())!
    expect(p.x).toBeGreaterThanOrEqual(0)
    expect(p.x + p.width).toBeLessThanOrEqual(PHONE.width + 0.5)
    expect(p.y).toBeGreaterThanOrEqual(0)
    expect(p.height).toBeLessThanOrEqual(PHONE.height * 0.5)
    const q = (await prompt.boundingBox())!
    expect(q.y).toBeGreaterThanOrEqual(p.y)
    expect(q.y + q.height).toBeLessThanOrEqual(Math.min(PHONE.height, p.y + p.height))
    expect(q.width).toBeLessThanOrEqual(p.width)
    // With the panel over the page's foot, the page scrolls far enough that the whole highway and its
    // Timeline show above it.
    const tl = (await page.locator('.timeline-track').boundingBox())!
    await page.evaluate((dy) => window.scrollBy(0, dy), tl.y + tl.height - p.y + 4)
    await expect.poll(async () => (await page.locator('.timeline-track').boundingBox())!.y + tl.height).toBeLessThanOrEqual(p.y)
    expect((await page.locator('[data-testid="highway"] svg').first().boundingBox())!.y).toBeGreaterThanOrEqual(0)
    // The answers are buttons a finger can hit; a tap answers.
    const choices = panel.getByRole('group', { name: step.question!.prompt }).getByRole('button')
    const first = choices.nth(step.question!.answer)
    await first.scrollIntoViewIfNeeded()
    expect((await first.boundingBox())!.height).toBeGreaterThanOrEqual(40)
    await first.tap()
    await expect.poll(() => first.getAttribute('class')).toContain('chosen')
    expect(errors).toEqual([])
    await page.close()
  })
})
