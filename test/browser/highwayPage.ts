// What the highway test files (highway.test.ts, highwayLive.test.ts) do to the page. They were one
// file of 17 tests that ran alone on one of the two browser workers long after the other had finished;
// as two files the workers share them.

import type { BrowserContextOptions, Page } from 'playwright-core'
import { defaultScenario, encodeScenario } from '../../src/scenario/index.ts'
import { collectErrors } from './harness.ts'
import type { Suite } from './suite.ts'

export const VIEWPORT = { width: 1280, height: 720 }

/**
 * The default scenario with its group already formed at 0 s (`start: "warm"`): tests of what a
 * crash, a GC pause or a slowdown does need a stable group, not the few seconds it takes to form.
 */
export const WARM = `#s=${encodeURIComponent(encodeScenario({ ...defaultScenario(), start: 'warm' }))}`

/**
 * Opens the page (at `hash`) in a new tab of `viewport` (in a context of its own, with `options`:
 * touch, clipboard permissions…) and waits for the highway's first lanes.
 */
export async function openHighway(suite: Suite, hash = '', viewport = VIEWPORT, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await suite.browser.newPage({ ...options, viewport })
  const errors = collectErrors(page)
  await page.goto(suite.preview.url + hash)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}


/** Barriers currently shown (rows keep a hidden barrier element per lane). */
export async function barriers(page: Page): Promise<number> {
  return page.locator('[data-testid="highway"] rect.barrier:not([display="none"])').count()
}

export async function rows(page: Page): Promise<number> {
  return page.getByRole('table', { name: 'Partition metrics' }).locator('tbody').getByRole('row').count()
}

export async function generation(page: Page): Promise<number> {
  return Number(/gen (\d+)/.exec((await page.locator('.status').textContent()) ?? '')?.[1] ?? 'NaN')
}

/** The owner column of the Partition metrics table, one entry per lane. */
export async function owners(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('table[aria-label="Partition metrics"] tbody tr td:nth-of-type(1)')).map((td) => td.textContent ?? ''),
  )
}

/** Opens the nth consumer's menu and picks the item matching `item` (Crash, GC pause, Slow down …). */
export async function consumerAction(page: Page, nth: number, item: RegExp): Promise<void> {
  await page.locator('[data-testid="highway"] g.consumer').nth(nth).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/**
 * Consumer cards whose words (name, phase, lanes) overlap each other (by more than 2 px across and
 * 3 px down) or stick out of the card's box (by more than 1 px).
 */
export async function cardClashes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="highway"]')).flatMap((hw) => {
      const boxes = Array.from(hw.querySelectorAll('g.consumer rect.box')).map((r) => r.getBoundingClientRect())
      return Array.from(hw.querySelectorAll('g.consumer-label')).flatMap((g, n) => {
        const card = boxes[n]
        const words = Array.from(g.querySelectorAll('text'))
          .filter((t) => (t.textContent ?? '') !== '')
          .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }))
        const out: string[] = []
        for (let i = 0; i < words.length; i++) {
          const a = words[i]!.r
          if (card !== undefined && (a.left < card.left - 1 || a.right > card.right + 1 || a.top < card.top - 1 || a.bottom > card.bottom + 1))
            out.push(`"${words[i]!.text}" out of its card`)
          for (let j = i + 1; j < words.length; j++) {
            const b = words[j]!.r
            if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 3) out.push(`"${words[i]!.text}" × "${words[j]!.text}"`)
          }
        }
        return out
      })
    }),
  )
}
