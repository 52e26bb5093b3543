// broker-hotspot in presenter mode on a 1024×768 projector, in real Chromium (Debian's chromium via
// playwright-core), paused after "Slow disk ×4" on broker 3, the group's coordinator: broker 3 is then
// AT CAPACITY (750 rec/s) too, three badges in a box ~160 px wide. Each badge on a line of its own
// took the strip to four lines a box, and the lanes under it got so thin that their names fell into
// two staggered columns ("7", not "P7") and no lane had room for its leader ("b1"). With two badges
// or more a box gives them their short forms ("AT CAP.", "COORD.", "SLOW ×4"; the box's tooltip and
// its words for screen readers say them whole), so the lanes keep their names and leaders.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { getLesson } from '../../src/scenario/lessons/catalog.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { openHighway } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-slow-disk-test')
const suite = browserSuite(OUT)

describe('broker-hotspot, broker 3 on a slow disk, presenter mode at 1024×768', () => {
  it('every lane keeps its whole name in one column and its leader, the strip’s boxes at most three lines', async () => {
    const { page, errors } = await openHighway(suite(), '', { width: 1024, height: 768 })
    await page.getByRole('combobox', { name: 'Preset' }).selectOption('broker-hotspot')
    await page.getByRole('button', { name: 'Presenter mode' }).click()
    await page.locator('.app.presenter').waitFor()
    await page.getByRole('button', { name: /^Broker 3, b3/ }).click()
    await page.getByRole('menuitem', { name: /^Slow disk/ }).click()
    // Saturated at its new 750 rec/s from the next second's window.
    const b3 = page.locator('.broker-strip li[data-broker="3"]')
    await expect.poll(() => b3.getAttribute('class'), { timeout: 20_000 }).toContain('broker-saturated')
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    expect(await b3.getAttribute('aria-label')).toMatch(/at capacity/i)

    const names = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="highway"] text.p'))
          .filter((t) => t.getAttribute('display') !== 'none')
          .map((t) => `${t.textContent}@${t.getAttribute('x')}`),
      )
    await expect.poll(names, { timeout: 5_000 }).toEqual(Array.from({ length: 12 }, (_, i) => `P${i}@8`))
    const leaders = await page.evaluate(
      () => Array.from(document.querySelectorAll('[data-testid="highway"] text.leader')).filter((t) => t.getAttribute('display') !== 'none' && (t.textContent ?? '') !== '').length,
    )
    expect(leaders).toBe(12)
    // Each box: its words on at most three lines (name and badges, the rest of the badges, the rate).
    const lines = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.broker-strip li')).map((li) => {
        const tops = Array.from(li.querySelectorAll('b, .broker-badge > span, .broker-figures span'))
          .filter((e) => e.getBoundingClientRect().width > 0)
          .map((e) => Math.round(e.getBoundingClientRect().top / 8))
        return new Set(tops).size
      }),
    )
    expect(Math.max(...lines)).toBeLessThanOrEqual(3)
    // The badges are the short forms, and broker 1 (one badge) keeps its whole word.
    const shown = (li: string) =>
      page.evaluate((sel) => Array.from(document.querySelectorAll(`${sel} .broker-badge > span`)).filter((e) => e.getBoundingClientRect().width > 0).map((e) => e.textContent), li)
    expect(await shown('.broker-strip li[data-broker="3"]')).toEqual(['AT CAP.', 'COORD.', 'SLOW ×4'])
    expect(await shown('.broker-strip li[data-broker="1"]')).toEqual(['AT CAPACITY'])
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-slow-disk-presenter.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})

describe('the hot-brokers lesson’s two sides at 32 s, presenter mode at 1024×768', () => {
  it('side B’s broker 3 (AT CAPACITY and COORDINATOR) keeps to two lines, so side B names the lanes side A does', async () => {
    // Its box took three lines ("b3 AT CAPACITY" / "COORDINATOR" / the rate), its strip with it, and
    // side B's lanes were so thin that only P0 and P6 kept a name beside side A's P0, P3, P6, P9.
    const lesson = getLesson('hot-brokers')!
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#${compareLinkHash(lesson.scenario, lesson.variants, { t: 32 })}`)
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 30_000, interval: 100 }).toEqual(['32', 'false'])
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    await page.keyboard.press('p')
    await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
    const sideB = page.locator('.compare-side').nth(1)
    await expect.poll(() => sideB.locator('.broker-strip li[data-broker="3"]').getAttribute('class'), { timeout: 10_000 }).toContain('broker-saturated')
    const lines = await sideB.locator('.broker-strip li').evaluateAll((lis) =>
      lis.map((li) => new Set(Array.from(li.querySelectorAll('b, .broker-badge > span, .broker-figures span')).filter((e) => e.getBoundingClientRect().width > 0).map((e) => Math.round(e.getBoundingClientRect().top / 8))).size),
    )
    expect(Math.max(...lines)).toBeLessThanOrEqual(2)
    const names = (side: number) =>
      page.evaluate(
        (n) =>
          Array.from(document.querySelectorAll('.compare-side')[n]!.querySelectorAll('[data-testid="highway"] text.p'))
            .filter((t) => t.getAttribute('display') !== 'none')
            .map((t) => t.textContent),
        side,
      )
    await expect.poll(() => names(1), { timeout: 5_000 }).toEqual(await names(0))
    expect(await names(0)).toContain('P3')
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-hot-brokers-presenter.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})
