// A trainer's broker story on a 1024×768 projector in real Chromium (Debian's chromium via
// playwright-core): broker-hotspot compared on one clock with its broker 1 crashed (the controller's
// countdown showing), four sides two by two and the hot-brokers lesson's two sides stacked, in
// presenter mode. Every lane of every side stays inside its highway and the hot lane keeps its
// height: under the broker strips the sides had ~100 px for their lanes, the lanes were laid out for
// 160 px and lane 6 onwards (the hot lane itself) was cut off at the side's bottom edge.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { getLesson } from '../../src/scenario/lessons/catalog.ts'
import { getPreset } from '../../src/scenario/presets/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { parseVariant, type Variant } from '../../src/scenario/overrides.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-brokers-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }

function variants(texts: readonly string[]): Variant[] {
  return texts.map((t) => {
    const r = parseVariant(t)
    if (!r.ok) throw new Error(`${t}: ${r.message}`)
    return r.variant
  })
}

/** The four answers to broker-hotspot's hot lane (the hot-lane-answers lesson's sides). */
const FOUR = variants([
  'salting: dynamic.salting.enabled=true',
  'share group: group.type=share, group.consumers=24',
  'parallel consumer: group.parallel.ordering=key',
  'lag-aware: group.assignor=lag-aware, group.protocol=eager',
])

/** Opens the sides at 25 s (broker 1 crashed at 20 s; the controller notices at 29 s) in presenter mode. */
async function openCrashed(sides: readonly Variant[]): Promise<{ page: Page; errors: string[] }> {
  const page = await suite().browser.newPage({ viewport: PROJECTOR })
  const errors = collectErrors(page)
  // hot-brokers: broker-hotspot with broker 1 crashing at 20 s and coming back at 40 s.
  const base = getLesson('hot-brokers')!.scenario
  await page.goto(`${suite().preview.url}#${compareLinkHash(base, sides, { t: 25 })}`)
  const slider = page.getByRole('slider', { name: 'Timeline' })
  await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 30_000, interval: 100 }).toEqual(['25', 'false'])
  await page.keyboard.press('p')
  await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
  // The controller's countdown is on every side's broker 1 (the strip's tallest form).
  await expect.poll(() => page.locator('.broker-countdown').count(), { timeout: 10_000 }).toBe(sides.length)
  // It says who does what ("in 2.8 s" alone under DOWN read as when the broker would go down), whole.
  const countdowns = await page.locator('.broker-countdown').evaluateAll((els) => els.map((e) => ({ text: (e as HTMLElement).innerText, cut: e.scrollWidth > e.clientWidth + 1 })))
  for (const c of countdowns) expect(c).toEqual({ text: expect.stringMatching(/^notices in \d+\.\d s$/), cut: false })
  return { page, errors }
}

/** Per side: lanes whose road is not wholly inside the highway's box, and lane 6's height (px). */
async function lanesOutOfBox(page: Page): Promise<Array<{ out: string[]; hotH: number }>> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.compare-side [data-testid="highway"]')).map((hw) => {
      const box = hw.getBoundingClientRect()
      const roads = Array.from(hw.querySelectorAll('rect.road')).map((r) => r.getBoundingClientRect())
      const out = roads.flatMap((r, i) => (r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 ? [] : [`P${i} ${Math.round(r.top)}–${Math.round(r.bottom)} (box ${Math.round(box.top)}–${Math.round(box.bottom)})`]))
      return { out, hotH: roads[6]?.height ?? 0 }
    }),
  )
}

/** Opens `variants` crashed, and checks every lane of each of its `n` sides is inside its highway, the hot lane ≥ 4 px. */
async function expectLanesInside(variants: readonly Variant[], n: number, shot: string): Promise<void> {
  const { page, errors } = await openCrashed(variants)
  const sides = await lanesOutOfBox(page)
  await page.screenshot({ path: join(ARTIFACTS, shot) })
  expect(sides).toHaveLength(n)
  for (const s of sides) {
    expect(s.out).toEqual([])
    expect(s.hotH).toBeGreaterThanOrEqual(4)
  }
  // Each broker in two lines of ≥ 14 px type, DOWN with its countdown and AT CAPACITY beside COORDINATOR
  // included (at 16 px they took three and four, and the hot lane of side A went under 4 px).
  for (const strip of await sideStrips(page)) {
    expect(strip.brokers).toBe(3)
    expect(strip.lines).toBe(2)
    expect(strip.smallestPx).toBeGreaterThanOrEqual(14)
  }
  // Two by two the strip's words are short; its highest-lag-since-the-mark figure says "peak", not
  // "lag": "lag 1,079" on the salting side was read as its lag now, beside its drained lanes.
  if (n === 4) {
    const words = await page.locator('.diff-strip [data-row="lag"] dt').evaluateAll((dts) => dts.map((dt) => getComputedStyle(dt, '::before').content))
    expect(words).toEqual(Array(4).fill('"peak" / ""'))
  }
  expect(errors).toEqual([])
  await page.close()
}

describe('broker-hotspot compared on a 1024×768 projector, broker 1 crashed, presenter mode', () => {
  it('four answers two by two: every lane of every side inside its highway, the hot lane ≥ 4 px, the strip’s highest lag named “peak”', async () => {
    await expectLanesInside(FOUR, 4, 'teacher-brokers-four.png')
  }, 60_000)

  it('acks 1 vs acks all stacked (the hot-brokers lesson’s sides): every lane of both sides inside its highway', async () => {
    await expectLanesInside(getLesson('hot-brokers')!.variants, 2, 'teacher-brokers-two.png')
  }, 60_000)
})

/** Per side: its broker strip's boxes, the type of their words (px: the boxes' own, and the smallest shown), and the tallest box (lines of its type). */
async function sideStrips(page: Page): Promise<Array<{ brokers: number; fontPx: number; smallestPx: number; lines: number }>> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.compare-side')).map((side) => {
      const boxes = Array.from(side.querySelectorAll<HTMLElement>('.broker-strip li.broker')).filter((b) => b.offsetParent !== null)
      const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize)
      // Every text the strip shows: names, badges, figures, countdowns.
      const texts = Array.from(side.querySelectorAll('.broker-strip b, .broker-strip span')).filter((el) => (el as HTMLElement).offsetParent !== null && (el.textContent ?? '').trim() !== '')
      // Lines of text in the tallest box: its name-and-badge line and its figures' line (bars aside).
      const lines = Math.max(...boxes.map((b) => Array.from(b.children).filter((c) => !c.classList.contains('broker-bar')).reduce((n, c) => n + Math.round(c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight)), 0)))
      if (boxes.length === 0) return { brokers: 0, fontPx: 0, smallestPx: 0, lines: 0 }
      return { brokers: boxes.length, fontPx: px(boxes[0]!), smallestPx: Math.min(...texts.map(px)), lines }
    }),
  )
}

describe('an ordinary preset compared (no cluster in its scenario): the broker strip as on one highway, on a 1024×768 projector', () => {
  // Two sides stacked show it; three or four fold it (compare.css): with it the four-answers
  // lesson's lane 6 was 9.7 px two by two here (7.6 px in presenter mode), 7.1 px stacked at 1920×1080.
  // hot-key sets no cluster: it runs on the default one (3 brokers), whose strip one highway shows.
  const base = getPreset('hot-key')!.build()

  it('two sides stacked show their brokers in 14 px type (16 px in presenter mode), two lines a broker, every lane inside its highway; four two by two fold the strip and keep their lanes 10 px', async () => {
    expect(base.cluster).toBeUndefined()
    for (const [sides, shot] of [
      [getLesson('hot-brokers')!.variants, 'compare-brokers-two-1024'],
      [FOUR, 'compare-brokers-four-1024'],
    ] as const) {
      const page = await suite().browser.newPage({ viewport: PROJECTOR })
      const errors = collectErrors(page)
      await page.goto(`${suite().preview.url}#${compareLinkHash(base, sides, { t: 12 })}`)
      const slider = page.getByRole('slider', { name: 'Timeline' })
      await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 30_000, interval: 100 }).toEqual(['12', 'false'])
      for (const presenter of [false, true]) {
        if (presenter) {
          await page.keyboard.press('p')
          await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
        }
        const what = `${sides.length} sides${presenter ? ', presenter mode' : ''}`
        // Four sides: no room for a strip the scenario did not ask for.
        const folded = sides.length === 4
        // Every side brought to the moment (a side replaying lays its lanes out again when it arrives).
        await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
        await expect.poll(async () => (await sideStrips(page)).map((x) => x.brokers), { timeout: 10_000 }).toEqual(sides.map(() => (folded ? 0 : 3)))
        for (const strip of folded ? [] : await sideStrips(page)) {
          expect(strip.fontPx, what).toBe(presenter ? 16 : 14)
          expect(strip.smallestPx, what).toBeGreaterThanOrEqual(14)
          // Two lines a broker, as on one highway's short screen: a third would take a lane's room.
          expect(strip.lines, what).toBe(2)
        }
        const lanes = await lanesOutOfBox(page)
        await page.screenshot({ path: join(ARTIFACTS, `${shot}${presenter ? '-presenter' : ''}.png`) })
        expect(lanes).toHaveLength(sides.length)
        for (const x of lanes) {
          expect(x.out, what).toEqual([])
          expect(x.hotH, what).toBeGreaterThanOrEqual(folded ? 10 : 4)
        }
      }
      expect(errors).toEqual([])
      await page.close()
    }
  }, 120_000)
})

describe('the hot-brokers lesson (two sides) in presenter mode on a 1024×768 projector', () => {
  it('docks the lesson in its own column (no side’s letter, label, figures, brokers, lane names or roads under it), its foot in 14 px or more, a side’s cluster plan in 16 px (at 0 s: no load measured yet)', async () => {
    const page = await suite().browser.newPage({ viewport: PROJECTOR })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#lesson=hot-brokers&step=1`)
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain('Step 1 of 4')
    await page.keyboard.press('p')
    await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
    const covered = () =>
      page.evaluate(() => {
        const p = document.querySelector('[role="region"][aria-label="Lesson"]')!.getBoundingClientRect()
        const sel = '.side-letter, .side-label, .diff-strip dd, .broker-strip li.broker, [data-testid="highway"] rect.road, [data-testid="highway"] text.p'
        return Array.from(document.querySelectorAll(sel))
          .filter((e) => {
            const b = e.getBoundingClientRect()
            return b.width > 0 && b.left < p.right - 1 && p.left < b.right && b.top < p.bottom && p.top < b.bottom
          })
          .map((e) => `${e.closest('section.compare-side')?.querySelector('.side-letter')?.textContent ?? '?'} ${e.getAttribute('class') ?? ''} ${(e.textContent ?? '').slice(0, 12)}`)
      })
    await expect.poll(() => page.locator('.compare-side [data-testid="highway"] rect.road').count(), { timeout: 10_000 }).toBe(24)
    // (The column's width settles with the sides' redraw.)
    await expect.poll(covered, { timeout: 5_000 }).toEqual([])
    // Its foot (Back, Skip question, the autoplay countdown, Pause autoplay) in type read from the room (was 13 and 12 px).
    const foot = await panel.locator('.lesson-foot button, .lesson-countdown').evaluateAll((els) => els.map((e) => `${e.textContent} ${getComputedStyle(e).fontSize}`))
    expect(foot.length).toBeGreaterThanOrEqual(3)
    for (const f of foot) expect(parseFloat(f.split(' ').at(-1)!), f).toBeGreaterThanOrEqual(14)
    // Side A's cluster plan (its header's button and the plan it opens) in the strip's 16 px, not 13 px.
    await page.locator('.compare-side').first().getByRole('button', { name: 'Rebalance cluster…' }).click()
    const plan = page.locator('.compare-side').first().locator('.cluster-plan')
    await expect.poll(() => plan.locator('p').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    const planPx = await plan.evaluate((p) => Array.from(p.querySelectorAll('button, p, li, label, select')).map((e) => `${(e.textContent ?? '').trim().slice(0, 20)} ${getComputedStyle(e).fontSize}`))
    for (const f of planPx) expect(parseFloat(f.split(' ').at(-1)!), f).toBeGreaterThanOrEqual(16)
    // At 0 s nothing is measured yet: the plan says so, not that the brokers are even (broker 1 is about to be hot).
    expect(await plan.locator('p').first().textContent()).toBe("No load measured yet: the brokers' in-rates come after the run's first second.")
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-brokers-lesson-presenter.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
