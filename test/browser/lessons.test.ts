// Guided lessons in a real browser (Debian's chromium via playwright-core, 1280×720): a lesson link
// opens the lesson at its step with the question first (a bad one: a banner, then the normal page), the sim paused; answering plays to the
// step's moment, where the page shows exactly what a headless run shows then (the CLI is the
// oracle) and reveals the answer; the Lessons button lists the lessons, and the side-by-side one
// opens compare mode with the panel over it; at 1024×768 the Share menu works from the keyboard and
// its lesson link opens the lesson at the step on screen; in compare mode (four sides, 1024×768 to
// 1920×1080) the panel docks in a column of its own, clear of every side's lanes and the Timeline.
// One build, preview and browser.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeScenario } from '../../src/scenario/index.ts'
import { getLesson, lessons } from '../../src/scenario/lessons/index.ts'
import { ARTIFACTS, collectErrors, openFourAnswers, simTime, tableLags } from './harness.ts'
import { browserSuite, runLags } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-lessons-test')
const suite = browserSuite(OUT)

describe('guided lessons', () => {
  it('a lesson link asks first, plays to the moment, reveals what the engine shows; the list opens the compare lesson', async () => {
    const { preview, browser } = suite()
    const lesson = getLesson('hot-key')!
    const step = lesson.lesson.steps[0]!
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    const errors = collectErrors(page)
    // A bad lesson link: a banner naming the problem, then the normal page.
    await page.goto(`${preview.url}#lesson=no-such-lesson&step=1`)
    const banner = page.getByText('The lesson link could not be opened: there is no lesson named "no-such-lesson"', { exact: false })
    await banner.waitFor({ timeout: 10_000 })
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    // A lesson link followed on the page (hash navigation) opens the lesson.
    await page.evaluate(() => {
      window.location.hash = 'lesson=hot-key&step=1'
    })
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    await expect.poll(() => panel.textContent(), { timeout: 10_000 }).toContain(step.text)
    expect(await panel.textContent()).toContain('Step 1 of 4')
    // Predict first: the choices are offered and the sim stays paused at 0 s.
    const choices = panel.getByRole('group', { name: step.question!.prompt }).getByRole('button')
    expect(await choices.count()).toBe(step.question!.choices.length)
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    expect(await simTime(page)).toBe(0)

    await choices.nth(step.question!.answer).click()
    // Playing to the moment takes a few seconds at the lesson's speed on a quiet machine; the bound
    // is for a loaded one (two browser files at a time on two cores), not a speed check.
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 60_000, interval: 100 }).toContain('Right:')
    // At exactly the step's moment, paused: the lanes are what the headless run has at that second.
    // (The toolbar's clock is throttled to 200 ms, so it may show the frame before the seek for a moment.)
    await expect.poll(() => simTime(page), { timeout: 5_000 }).toBe(step.playToSec)
    const cli = runLags(['--scenario', encodeScenario(lesson.scenario), '--seconds', String(step.playToSec)])
    await expect.poll(() => tableLags(page), { timeout: 5_000 }).toEqual(cli)
    // The reveal's claim, read off the page: lane 6 lags most, the others near zero.
    const lags = await tableLags(page)
    const hot = step.highlight!.partitions![0]!
    expect(Math.max(...lags)).toBe(lags[hot])
    for (const [p, lag] of lags.entries()) if (p !== hot) expect(lag).toBeLessThan(0.05 * lags[hot]!)

    // Next: step 2 asks again; Back returns to step 1 at its start.
    await panel.getByRole('button', { name: 'Next' }).click()
    await expect.poll(() => panel.textContent()).toContain('Step 2 of 4')
    await panel.getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => panel.textContent()).toContain('Step 1 of 4')
    await expect.poll(() => simTime(page), { timeout: 10_000 }).toBe(0)

    // The Lessons button lists every lesson; the side-by-side one opens two sides with the panel.
    await panel.getByRole('button', { name: 'Close lesson' }).click()
    await page.getByRole('button', { name: 'Lessons', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Lessons' })
    const items = dialog.getByRole('listitem')
    expect(await items.count()).toBe(lessons.length)
    expect(lessons.length).toBeGreaterThanOrEqual(6)
    const compare = getLesson('eager-vs-cooperative')!
    await dialog.getByRole('button', { name: new RegExp(compare.lesson.title) }).click()
    await page.locator('section.compare-side').nth(1).waitFor({ timeout: 10_000 })
    expect(await page.locator('section.compare-side').count()).toBe(compare.variants.length)
    await expect.poll(() => panel.textContent(), { timeout: 10_000 }).toContain(compare.lesson.steps[0]!.text)
    expect(errors).toEqual([])
  }, 90_000)

  it('at 1024×768, keyboard only: Tab to Share, Enter, arrows, Esc, Enter on the lesson link; the copied link opens that lesson at that step', async () => {
    const { preview, browser } = suite()
    const lesson = getLesson('hot-key')!
    const n = lesson.lesson.steps.length
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] })
    const page = await context.newPage()
    const errors = collectErrors(page)
    await page.goto(`${preview.url}#lesson=hot-key&step=3`)
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain(`Step 3 of ${n}`)
    // Page Up: the step before, so the link must come from the step on screen, not the URL opened.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('PageUp')
    await expect.poll(() => panel.textContent(), { timeout: 10_000 }).toContain(`Step 2 of ${n}`)
    // On the projector the panel leaves the highway alone: every lane's name and road, the consumers
    // and the Timeline are clear of it (floating bottom-left it covered the lanes' names and left half).
    const coveredNow = () => page.evaluate(() => {
      const p = document.querySelector('[role="region"][aria-label="Lesson"]')!.getBoundingClientRect()
      const hit = (e: Element): boolean => {
        const b = e.getBoundingClientRect()
        return b.width > 0 && b.left < p.right && p.left < b.right && b.top < p.bottom && p.top < b.bottom
      }
      const parts = [...document.querySelectorAll('[data-testid="highway"] rect.road, [data-testid="highway"] text.p, [data-testid="highway"] g.consumer rect.box, [role="slider"][aria-label="Timeline"]')]
      return { parts: parts.length, covered: parts.filter(hit).length }
    })
    // (The step's seek redraws the highway: wait for its twelve lanes before reading.)
    await expect.poll(async () => (await coveredNow()).parts, { timeout: 10_000 }).toBeGreaterThan(12 * 2)
    expect((await coveredNow()).covered).toBe(0)
    // A Timeline long enough to aim at a moment: "Pause at next rebalance" sits under the track at
    // this width (beside it the track had ~125 px of the highway's ~500).
    const track = (await page.getByRole('slider', { name: 'Timeline' }).boundingBox())!
    const highway = (await page.locator('[data-testid="highway"]').boundingBox())!
    expect(track.width).toBeGreaterThan(highway.width * 0.6)
    await page.evaluate(() => navigator.clipboard.writeText(''))

    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement
        return el instanceof HTMLElement ? { text: el.textContent, role: el.getAttribute('role'), ring: el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none' } : null
      })
    const share = { text: 'Share', role: null, ring: true }
    const menu = page.getByRole('menu', { name: 'Share' })
    // Tab from where the page left focus: through the lesson panel's buttons (it takes focus when a
    // step asks), then the toolbar from its start, where Share is a few stops in.
    let tabs = 0
    while ((await focused())?.text !== 'Share' && tabs < 20) {
      await page.keyboard.press('Tab')
      tabs++
    }
    expect(await focused()).toEqual(share)
    await page.keyboard.press('Enter')
    const first = { text: `Lesson link (step 2 of ${n})`, role: 'menuitem', ring: true }
    expect(await focused()).toEqual(first)
    await page.keyboard.press('ArrowDown')
    expect((await focused())?.text).toBe('Scenario only, no lesson')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect((await focused())?.text).toBe('Scenario at this moment, no lesson')
    await page.keyboard.press('Escape')
    expect(await menu.count()).toBe(0)
    expect(await focused()).toEqual(share)

    await page.keyboard.press('Enter')
    expect(await focused()).toEqual(first)
    // The open menu fits the window, each item on one line, and the toolbar does not scroll sideways.
    const layout = await menu.evaluate((m) => {
      const r = m.getBoundingClientRect()
      const lines = Array.from(m.querySelectorAll('[role="menuitem"]')).map((item) => {
        const range = document.createRange()
        range.selectNodeContents(item)
        return new Set(Array.from(range.getClientRects()).map((q) => Math.round(q.top))).size
      })
      const bar = document.querySelector('header.toolbar')!
      return { inWindow: r.left >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight, lines, barScrolls: bar.scrollWidth > bar.clientWidth, pageScrolls: document.documentElement.scrollWidth > window.innerWidth }
    })
    expect(layout).toEqual({ inWindow: true, lines: [1, 1, 1], barScrolls: false, pageScrolls: false })
    await page.keyboard.press('Enter')
    expect(await menu.count()).toBe(0)
    expect(await focused()).toEqual(share)
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${preview.url}#lesson=hot-key&step=2`)
    expect(await page.locator('.share-note').first().textContent()).toBe(`Lesson link copied (step 2 of ${n}): paste it to a colleague`)

    // The copied link, in a page of its own: the lesson at step 2, asking its question.
    const link = await page.evaluate(() => navigator.clipboard.readText())
    const fresh = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const freshErrors = collectErrors(fresh)
    await fresh.goto(link)
    const freshPanel = fresh.getByRole('region', { name: 'Lesson', exact: true })
    await expect.poll(() => freshPanel.textContent(), { timeout: 30_000 }).toContain(`Step 2 of ${n}`)
    expect(await freshPanel.textContent()).toContain(lesson.lesson.steps[1]!.text)
    expect(await freshPanel.getByRole('group', { name: lesson.lesson.steps[1]!.question!.prompt }).count()).toBe(1)
    // Paused where step 2 starts: the moment step 1 played to.
    await expect.poll(() => simTime(fresh), { timeout: 30_000 }).toBe(lesson.lesson.steps[0]!.playToSec)
    expect([...errors, ...freshErrors]).toEqual([])
    await fresh.close()
    await context.close()
  }, 90_000)

  it('the four-sided lesson at 1024×768 puts its sides two by two, so lane 6 of every side can be seen', async () => {
    const { preview, browser } = suite()
    const four = getLesson('hot-lane-answers')!
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${preview.url}#lesson=hot-lane-answers&step=1`)
    await page.locator('section.compare-side').nth(3).waitFor({ timeout: 10_000 })
    expect(four.variants.length).toBe(4)
    // Every side has drawn its twelve lanes (the workers answer one after another).
    await expect
      .poll(() => page.locator('section.compare-side').evaluateAll((sides) => sides.map((s) => s.querySelectorAll('[data-testid="highway"] rect.road').length)), { timeout: 20_000 })
      .toEqual([12, 12, 12, 12])
    const lanes = await page.locator('section.compare-side').evaluateAll((sides) =>
      sides.map((side) => {
        const road = side.querySelectorAll('[data-testid="highway"] rect.road')[6]?.getBoundingClientRect()
        const s = side.getBoundingClientRect()
        return { x: Math.round(s.x), road: road ? { top: road.top, bottom: road.bottom, height: road.height } : null }
      }),
    )
    // Two columns of two (stacked, each side had ~110 px for twelve lanes and lane 6 was a few px).
    expect(new Set(lanes.map((l) => l.x)).size).toBe(2)
    for (const l of lanes) {
      expect(l.road).not.toBeNull()
      expect(l.road!.height).toBeGreaterThanOrEqual(10)
      expect(l.road!.bottom).toBeLessThanOrEqual(768)
    }
    expect(errors).toEqual([])
    await page.close()
  }, 30_000)

  it('compare mode with a lesson open, at 1024×768 and wider: the panel docks in its own column, no side\'s lane names or roads nor the Timeline under it', async () => {
    const { preview, browser } = suite()
    const { page, errors, panel } = await openFourAnswers(browser, preview.url)
    const sideRoads = () => page.locator('section.compare-side').evaluateAll((sides) => sides.map((s) => s.querySelectorAll('[data-testid="highway"] rect.road').length))
    await expect.poll(sideRoads, { timeout: 20_000 }).toEqual([12, 12, 12, 12])
    // Every side's lane names, roads and consumer cards and the shared Timeline, against the panel's box.
    const layout = () =>
      page.evaluate(() => {
        const p = document.querySelector('[role="region"][aria-label="Lesson"]')!.getBoundingClientRect()
        const hit = (e: Element): boolean => {
          const b = e.getBoundingClientRect()
          return b.width > 0 && b.left < p.right && p.left < b.right && b.top < p.bottom && p.top < b.bottom
        }
        const sel = '[data-testid="highway"] rect.road, [data-testid="highway"] text.p, [data-testid="highway"] g.consumer rect.box, [role="slider"][aria-label="Timeline"]'
        const parts = [...document.querySelectorAll(sel)]
        const covered = parts.filter(hit).map((e) => `${e.closest('section.compare-side')?.querySelector('.side-letter')?.textContent ?? 'page'} ${(e.matches('text') ? e.textContent : (e.getAttribute('aria-label') ?? e.getAttribute('class')))}`)
        const toolbar = document.querySelector('header.toolbar')!.getBoundingClientRect()
        const next = [...document.querySelectorAll('.lesson-foot button')].map((b) => b.getBoundingClientRect())
        return {
          parts: parts.length,
          covered,
          // In the window, under the toolbar, with Back and Next inside its visible box.
          placed: p.left >= 0 && p.right <= window.innerWidth && p.bottom <= window.innerHeight && p.top >= toolbar.bottom,
          footInView: next.length >= 2 && next.every((b) => b.top >= p.top && b.bottom <= p.bottom),
          pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
          lane6: [...document.querySelectorAll('section.compare-side')].map((s) => s.querySelectorAll('[data-testid="highway"] rect.road')[6]?.getBoundingClientRect().height ?? 0),
        }
      })
    for (const [width, height] of [[1024, 768], [1280, 800], [1366, 768], [1920, 1080]] as const) {
      await page.setViewportSize({ width, height })
      // (The sides redraw at their new size: wait for all four highways' lanes, names and cards.)
      await expect.poll(async () => (await layout()).parts, { timeout: 10_000 }).toBeGreaterThanOrEqual(4 * 12 * 2 + 1)
      const l = await layout()
      expect({ size: `${width}x${height}`, covered: l.covered, placed: l.placed, footInView: l.footInView, pageScrolls: l.pageScrolls }).toEqual({
        size: `${width}x${height}`,
        covered: [],
        placed: true,
        footInView: true,
        pageScrolls: false,
      })
      for (const h of l.lane6) expect(h).toBeGreaterThanOrEqual(10)
    }

    // Keyboard: the panel has focus when the lesson opens; Tab reaches Hide, Enter folds it to its head
    // and gives back the shared controls it covered (hidden, out of Tab order while it is open).
    await page.setViewportSize({ width: 1024, height: 768 })
    const partitions = page.getByRole('spinbutton', { name: 'Partitions' })
    expect(await partitions.isVisible()).toBe(false)
    await panel.focus()
    const hide = panel.getByRole('button', { name: 'Hide' })
    for (let tabs = 0; tabs < 5 && !(await hide.evaluate((b) => b === document.activeElement)); tabs++) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => partitions.isVisible()).toBe(true)
    const folded = await layout()
    expect(folded.covered).toEqual([])
    const box = (await panel.boundingBox())!
    const field = (await partitions.boundingBox())!
    expect(field.y + field.height <= box.y || field.y >= box.y + box.height).toBe(true)
    await panel.getByRole('button', { name: 'Show' }).press('Enter')
    await expect.poll(() => partitions.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})
