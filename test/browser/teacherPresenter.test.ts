// Presenter mode at 1024×768 in real Chromium (Debian's chromium via playwright-core): while a
// lesson's question is asked, its prompt and every choice are in view without scrolling, above the
// panel's pinned foot (a long step's text had pushed the choices below the fold), one highway and
// compare mode; "Read all" opens the cut text. Failed before its fix.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-presenter-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }

/** The lesson at `step` in presenter mode, its question asked (the autoplay countdown running). */
async function asking(name: string, step: number): Promise<{ page: Page; errors: string[] }> {
  const page = await suite().browser.newPage({ viewport: PROJECTOR })
  const errors = collectErrors(page)
  await page.goto(`${suite().preview.url}#lesson=${name}&step=${step}`)
  await page.locator('.lesson-panel').waitFor({ timeout: 30_000 })
  // The lesson takes keyboard focus; P is the page's key once it is let go.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('p')
  await page.locator('.app.presenter').first().waitFor()
  await expect.poll(() => page.locator('.lesson-countdown').textContent(), { timeout: 30_000 }).toMatch(/^Plays on in \d+ s$/)
  return { page, errors }
}

/** The prompt's and the choices' boxes that are not wholly in the window and above the panel's foot. */
async function outOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const panel = document.querySelector('.lesson-panel')!.getBoundingClientRect()
    const foot = document.querySelector('.lesson-foot')!.getBoundingClientRect()
    const parts = [document.querySelector('.lesson-prompt')!, ...Array.from(document.querySelectorAll('.lesson-choice'))]
    return parts.flatMap((e) => {
      const r = e.getBoundingClientRect()
      const ok = r.height > 0 && r.top >= panel.top && r.bottom <= foot.top + 0.5 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
      return ok ? [] : [`"${(e.textContent ?? '').slice(0, 30)}" ${Math.round(r.top)}–${Math.round(r.bottom)} (foot at ${Math.round(foot.top)})`]
    })
  })
}

describe('presenter mode at 1024×768: a lesson’s question and its choices in view while asked', () => {
  const cases: Array<[string, number]> = [
    ['hot-key', 1],
    ['hot-key', 3],
    ['add-partitions', 2],
    ['autoscale-storm', 2],
    ['hot-brokers', 2],
    ['hot-lane-answers', 1],
  ]
  for (const [name, step] of cases) {
    it(`${name}, step ${step}`, async () => {
      const { page, errors } = await asking(name, step)
      // Measured once the countdown's line is in the foot and the panel has settled.
      await expect.poll(() => outOfView(page), { timeout: 5_000, interval: 200 }).toEqual([])
      expect(await page.locator('.lesson-panel').evaluate((p) => p.scrollTop)).toBe(0)
      await page.screenshot({ path: join(ARTIFACTS, `presenter-lesson-${name}-${step}.png`) })
      expect(errors).toEqual([])
      await page.close()
    }, 60_000)
  }

  it('"Read all" opens the whole step and "Show less" cuts it again', async () => {
    const { page, errors } = await asking('hot-key', 1)
    const more = page.locator('.lesson-panel').getByRole('button', { name: 'Read all' })
    await more.waitFor()
    const whole = () => page.locator('.lesson-text').evaluate((t) => t.scrollHeight <= t.clientHeight + 1)
    expect(await whole()).toBe(false)
    await more.click()
    expect(await whole()).toBe(true)
    const less = page.locator('.lesson-panel').getByRole('button', { name: 'Show less' })
    expect(await less.getAttribute('aria-expanded')).toBe('true')
    await less.click()
    await expect.poll(whole).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
