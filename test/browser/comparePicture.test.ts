// Compare mode's picture, in a real browser (Debian's chromium via playwright-core, 1280×720): the
// PNG a teacher puts on a slide says which side is which. Every text the picture's canvas draws is
// recorded (fillText is wrapped before the page loads): the title with the simulated time the page
// shows, then per side in order its letter and label (a label written as markup is drawn as those
// characters) and its difference strip's cells with the page's figures and ★, at 15 px or more.

import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getPreset } from '../../src/scenario/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import type { Variant } from '../../src/scenario/overrides.ts'
import { ARTIFACTS, collectErrors, setSpeed, waitForSimTime } from './harness.ts'
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
    drawnTexts: Array<{ text: string; font: string }>
  }
}

describe('compare picture', () => {
  it('carries the simulated time, then each side’s header and difference strip as the page shows them, before its highway', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1280, height: 720 }, acceptDownloads: true })
    const errors = collectErrors(page)
    await page.addInitScript(() => {
      window.drawnTexts = []
      const fill = CanvasRenderingContext2D.prototype.fillText
      CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, max?: number) {
        window.drawnTexts.push({ text, font: this.font })
        return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max)
      }
    })
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
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('menuitem', { name: 'Picture of the sides (PNG)' }).click()])
    const png = await readFile(await download.path())
    await writeFile(join(ARTIFACTS, 'compare-picture.png'), png) // for a look by eye
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
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
})
