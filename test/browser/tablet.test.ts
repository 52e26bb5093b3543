// A workshop link opened on a landscape tablet (1180×820, touch, Debian's chromium via
// playwright-core): it has a small laptop's room, so it keeps the three columns (the controls, the
// highway, the story) side by side; being touched rather than pointed at, every control a finger
// uses there takes a tap across at least 36×36 px (most 44; a checkbox 24×24), as on a phone. Before:
// Keyboard shortcuts (?) was 32 px wide, −/+ 39, "Key mix and cost" 19 px tall, "Mark now" 18 and
// the brokers' names 15, the checkboxes 20 px.

import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { compareHashFor } from '../../src/app/compareLinks.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-tablet-test')
const TABLET = { width: 1180, height: 820 }
const suite = browserSuite(OUT)

let context: BrowserContext | null = null
async function open(hash: string): Promise<{ page: Page; errors: string[] }> {
  context ??= await suite().browser.newContext({ viewport: TABLET, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  const errors = collectErrors(page)
  await page.goto(suite().preview.url + hash)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}
afterAll(async () => {
  await context?.close()
})

/**
 * The controls in the window too small for a finger: for each button, summary, select and text or
 * number field (a checkbox: with its label) not in a table or the highway's picture, the box of the
 * points within 30 px of its middle where a tap lands on it, when that box is under 36 px either way
 * (a checkbox: 24). Runs in the page.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const controls = document.querySelectorAll<HTMLElement>('button, summary, select, input:not([type="range"]):not([type="hidden"])')
    for (const el of controls) {
      if (el.closest('table, [data-testid="highway"]') !== null) continue
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue // visually hidden, kept for screen readers
      const cx = r.left + r.width / 2
      const cy = r.top + r.height / 2
      if (cx - 30 < 0 || cy - 30 < 0 || cx + 30 > innerWidth || cy + 30 > innerHeight) continue
      // A tap lands on the control or on what belongs to it (its text, its icon, its label).
      const lands = (x: number, y: number): boolean => {
        const hit = document.elementFromPoint(x, y)
        if (hit === null) return false
        if (el.contains(hit)) return true
        const label = hit.closest('label')
        return label !== null && (label.control === el || label.contains(el))
      }
      if (!lands(cx, cy)) continue // covered (a panel over it): not in a finger's reach now
      let [x0, x1, y0, y1] = [cx, cx, cy, cy]
      for (let dx = -30; dx <= 30; dx += 2)
        for (let dy = -30; dy <= 30; dy += 2)
          if (lands(cx + dx, cy + dy)) {
            x0 = Math.min(x0, cx + dx)
            x1 = Math.max(x1, cx + dx)
            y0 = Math.min(y0, cy + dy)
            y1 = Math.max(y1, cy + dy)
          }
      const least = el instanceof HTMLInputElement && el.type === 'checkbox' ? 24 : 36
      // The sampled box spans from the first to the last point hit: up to 2 px short of the area.
      if (x1 - x0 + 2 < least || y1 - y0 + 2 < least) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 30) || `${el.tagName} ${el.id}`
        out.push(`${name}: a tap lands on it across ${Math.round(x1 - x0 + 2)}×${Math.round(y1 - y0 + 2)} px`)
      }
    }
    return out
  })
}

/** The page's three columns, side by side across the window, nothing scrolling sideways. */
async function expectThreeColumns(page: Page, main: string): Promise<void> {
  const cols = await page.locator(`${main} > *`).evaluateAll((els) =>
    els.filter((e) => getComputedStyle(e).display !== 'none').map((e) => {
      const r = e.getBoundingClientRect()
      return { left: r.left, right: r.right, top: r.top, width: r.width }
    }),
  )
  expect(cols).toHaveLength(3)
  for (let i = 1; i < 3; i++) {
    expect(cols[i]!.left).toBeGreaterThanOrEqual(cols[i - 1]!.right - 1)
    expect(Math.abs(cols[i]!.top - cols[0]!.top)).toBeLessThanOrEqual(1)
  }
  expect(cols[1]!.width).toBeGreaterThanOrEqual(560)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
}

describe('a link opened on a landscape tablet', () => {
  it('a moment link: the three columns side by side, and every control in reach of a finger', async () => {
    const hot = getPreset('hot-key')!.build()
    const { page, errors } = await open(`#s=${encodeURIComponent(encodeScenario(hot))}&t=5`)
    await page.getByRole('button', { name: 'Mark now' }).first().waitFor()
    await expectThreeColumns(page, '.main')
    await page.screenshot({ path: join(ARTIFACTS, 'tablet-moment.png') })
    expect(await smallTargets(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('a compare link: the three columns side by side, and every control in reach of a finger', async () => {
    const { page, errors } = await open(`#${compareHashFor(getPreset('consumer-joins-eager')!.build())}`)
    await page.locator('section.compare-side').nth(1).waitFor()
    await expectThreeColumns(page, '.compare-main')
    await page.screenshot({ path: join(ARTIFACTS, 'tablet-compare.png') })
    expect(await smallTargets(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})
