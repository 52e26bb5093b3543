// Compare mode's picture, in a real browser (Debian's chromium via playwright-core, 1280×720): the
// PNG a teacher puts on a slide says which side is which. Every text the picture's canvas draws is
// recorded (fillText is wrapped before the page loads): the title with the simulated time the page
// shows, then per side in order its letter and label (a label written as markup is drawn as those
// characters) and its difference strip's cells with the page's figures and ★, at 15 px or more.
// Four sides (lesson hot-lane-answers) at 1024×768 and 1280×720, which the page puts two by two:
// the picture does too (its side letters at two x and two y, each side's words inside its column),
// with the title on one line and a slide's shape, not a strip three times as tall as wide.

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { getPreset } from '../../src/scenario/index.ts'
import { getLesson } from '../../src/scenario/lessons/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import type { Variant } from '../../src/scenario/overrides.ts'
import { ARTIFACTS, collectErrors, downloadBytes, setSpeed, waitForSimTime } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-compare-picture-test')
const suite = browserSuite(OUT)

/** A label from a stranger's link that looks like markup: the picture must show these characters. */
const MARKUP = '<b>eager</b> &amp;'
const SIDES: Variant[] = [
  { label: MARKUP, set: { 'group.protocol': 'eager', 'group.assignor': 'range' } },
  { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
]

declare global {
  interface Window {
    drawnTexts: Array<{ text: string; font: string; x: number; y: number; w: number }>
  }
}

/** Records every fillText on any canvas of the page (text, font, where and how wide in device px), from before it loads. */
async function recordTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.drawnTexts = []
    const fill = CanvasRenderingContext2D.prototype.fillText
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, max?: number) {
      window.drawnTexts.push({ text, font: this.font, x, y, w: this.measureText(text).width })
      return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max)
    }
  })
}

/** Clicks Export → Picture of the sides and returns the PNG (also saved under test/artifacts as `name`, for a look by eye). */
async function exportPicture(page: Page, name: string): Promise<Buffer> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('menuitem', { name: 'Picture of the sides (PNG)' }).click()])
  const png = await downloadBytes(download)
  await writeFile(join(ARTIFACTS, name), png)
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return png
}

describe('compare picture', () => {
  it('carries the simulated time, then each side’s header and difference strip as the page shows them, before its highway', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1280, height: 720 }, acceptDownloads: true })
    const errors = collectErrors(page)
    await recordTexts(page)
    await page.goto(`${suite().preview.url}#${compareLinkHash(getPreset('consumer-joins-eager')!.build(), SIDES)}`)
    await page.locator('.compare-side [data-testid="highway"] rect.road').first().waitFor({ timeout: 10_000 })
    await setSpeed(page, 100)
    await waitForSimTime(page, 12)
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    // The strip has figures (the groups settled) and a best side on some row.
    await page.locator('.diff-cell[data-best="true"]').first().waitFor({ timeout: 10_000 })
    await page.evaluate(() => new Promise((r) => setTimeout(r, 1200))) // the strip's next recompute, paused
    const since = /since [\d.]+ s/.exec((await page.locator('.diff-strip').first().getAttribute('aria-label')) ?? '')?.[0]
    expect(since).toBeDefined()
    const timer = ((await page.getByRole('timer', { name: 'Simulated time' }).textContent()) ?? '').trim()
    // The page's own words: each side's label and its strip's cells (the ★ as shown, not the screen reader's "best").
    const shown = await page.evaluate(() =>
      Array.from(document.querySelectorAll('section.compare-side')).map((s) => ({
        letter: s.querySelector('.side-letter')?.textContent ?? '',
        label: s.querySelector('.side-label')?.textContent ?? '',
        cells: Array.from(s.querySelectorAll('.diff-cell[data-row]')).map((c) => [c.querySelector('dt')?.textContent ?? '', (c.querySelector('dd')?.textContent ?? '').replace(/best$/, '').replace(/\s+/g, ' ').trim()]),
      })),
    )
    expect(shown.map((s) => s.label)).toEqual([MARKUP, 'cooperative'])
    expect(shown.flatMap((s) => s.cells.map((c) => c[1])).join(' ')).toContain('★')
    const highways = await page.locator('.compare-side [data-testid="highway"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))
    const dpr = await page.evaluate(() => window.devicePixelRatio)

    await page.evaluate(() => (window.drawnTexts = []))
    const png = await exportPicture(page, 'compare-picture.png')
    const drawn = await page.evaluate(() => window.drawnTexts)
    const texts = drawn.map((d) => d.text)

    // The title first, with the moment the page shows.
    expect(texts[0]).toContain(`simulated time ${timer}`)
    expect(texts[0]).toContain('consumer-joins-eager')
    expect(texts[0]).toContain(`differences ${since!}`)
    // Then side A's header and strip, then side B's: each cell's label followed by its figure.
    let at = 1
    for (const side of shown) {
      at = texts.indexOf(side.letter, at)
      expect(at, `letter ${side.letter}`).toBeGreaterThan(0)
      expect(texts[at + 1]).toBe(side.label)
      for (const [label, value] of side.cells) {
        const i = texts.indexOf(label!, at)
        expect(i, `${side.letter} ${label}`).toBeGreaterThan(at)
        expect(texts[i + 1], `${side.letter} ${label}`).toBe(value)
        at = i + 1
      }
    }
    // Slide-sized type: nothing under 15 CSS px.
    for (const d of drawn) expect(Number(/(\d+(?:\.\d+)?)px/.exec(d.font)?.[1] ?? 0) / dpr, d.text).toBeGreaterThanOrEqual(15)
    // IHDR: taller than the highways alone by at least a header line and a strip row per side.
    const height = png.readUInt32BE(20)
    expect(height).toBeGreaterThan((highways.reduce((a, b) => a + b, 0) + highways.length * 2 * 15) * dpr)
    expect(errors).toEqual([])
    await page.close()
  })

  for (const viewport of [{ width: 1024, height: 768 }, { width: 1280, height: 720 }]) {
    it(`four sides (lesson hot-lane-answers) at ${viewport.width}×${viewport.height}: two by two as on the page, a slide's shape`, async () => {
      const four = getLesson('hot-lane-answers')!
      const page = await suite().browser.newPage({ viewport, acceptDownloads: true })
      const errors = collectErrors(page)
      await recordTexts(page)
      await page.goto(`${suite().preview.url}#${compareLinkHash(four.scenario, four.variants)}`)
      await expect
        .poll(() => page.locator('section.compare-side').evaluateAll((sides) => sides.map((s) => s.querySelectorAll('[data-testid="highway"] rect.road').length)), { timeout: 20_000 })
        .toEqual([12, 12, 12, 12])
      await setSpeed(page, 100)
      await waitForSimTime(page, 30)
      await page.getByRole('button', { name: 'Pause', exact: true }).click()
      await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
      await page.locator('.diff-cell[data-best="true"]').first().waitFor({ timeout: 10_000 })
      await page.evaluate(() => new Promise((r) => setTimeout(r, 1200)))
      // The page puts the four sides two by two at this size.
      const boxes = await page.locator('section.compare-side').evaluateAll((sides) => sides.map((s) => s.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), y: Math.round(r.y) })))
      expect(new Set(boxes.map((b) => b.x)).size).toBe(2)
      expect(new Set(boxes.map((b) => b.y)).size).toBe(2)
      const letters = await page.locator('section.compare-side .side-letter').allTextContents()
      expect(letters).toEqual(['A', 'B', 'C', 'D'])

      await page.evaluate(() => (window.drawnTexts = []))
      const png = await exportPicture(page, `compare-picture-4-${viewport.width}x${viewport.height}.png`)
      const drawn = await page.evaluate(() => window.drawnTexts)
      const width = png.readUInt32BE(16)
      const height = png.readUInt32BE(20)
      const dpr = await page.evaluate(() => window.devicePixelRatio)
      const highways = await page.locator('.compare-side [data-testid="highway"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width))

      // The side letters two by two, in the page's order: A B over C D.
      const at = letters.map((l) => drawn.findIndex((d) => d.text === l))
      expect(at.every((i) => i > 0)).toBe(true)
      const [a, b, c, d] = at.map((i) => drawn[i]!)
      expect(new Set([a, b, c, d].map((t) => Math.round(t!.x))).size).toBe(2)
      expect(new Set([a, b, c, d].map((t) => Math.round(t!.y))).size).toBe(2)
      expect(b!.x).toBeGreaterThan(a!.x)
      expect(c!.y).toBeGreaterThan(a!.y)
      expect([Math.round(b!.y), Math.round(c!.x), Math.round(d!.x), Math.round(d!.y)]).toEqual([Math.round(a!.y), Math.round(a!.x), Math.round(b!.x), Math.round(c!.y)])
      // Each side's words stay in its column: the left sides' end before the right column's letters, the right sides' inside the picture.
      for (const [k, start] of at.entries()) {
        const end = at[k + 1] ?? drawn.length
        const right = k % 2 === 0 ? b!.x : width
        for (const t of drawn.slice(start, end)) expect(t.x + t.w, `${letters[k]}: ${t.text}`).toBeLessThanOrEqual(right)
        expect(drawn[start + 1]!.text).toBe(four.variants[k]!.label)
      }
      // Both columns' highways at their page size, and a slide's shape (stacked, it was 480×1546: 0.31).
      expect(width).toBeGreaterThanOrEqual((highways[0]! + highways[1]!) * dpr)
      expect(width / height).toBeGreaterThan(0.75)
      expect(width / height).toBeLessThan(2.2)
      // The title on one line, across the picture (at 480 px wide it took two).
      expect(drawn[0]!.text).toContain('simulated time')
      expect(drawn[0]!.text).toContain('differences')
      for (const t of drawn) expect(Number(/(\d+(?:\.\d+)?)px/.exec(t.font)?.[1] ?? 0) / dpr, t.text).toBeGreaterThanOrEqual(15)
      expect(errors).toEqual([])
      await page.close()
    })
  }
})
