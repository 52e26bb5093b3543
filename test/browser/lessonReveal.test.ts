// A lesson taken with the keyboard on a 1024×768 projector (Debian's chromium via playwright-core):
// choosing an answer with Enter keeps focus in the panel (a disabled choice dropped it to <body>,
// some forty Tabs from Next), the reveal brings its answer and Next into the panel's view and
// focus to Next (the panel scrolls at this height: the explanation was cut off and Next below its
// fold), and Enter on Next opens the next step read from its top with focus on the panel. After a
// reveal the autoplay countdown and its Pause are in view too (they had wrapped below the fold, and
// the step moved on with no warning).

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getLesson } from '../../src/scenario/lessons/index.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-lesson-reveal-test')
const suite = browserSuite(OUT)

describe('a lesson with the keyboard at 1024×768', () => {
  it('Enter on an answer, then Enter on Next: focus and the reveal stay where the teacher is', async () => {
    const { preview, browser } = suite()
    const lesson = getLesson('hot-key')!
    const n = lesson.lesson.steps.length
    const step = lesson.lesson.steps[2]!
    const q = step.question!
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${preview.url}#lesson=hot-key&step=3`)
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain(`Step 3 of ${n}`)
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 30_000 }).toContain('Predict')

    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? null)
    let tabs = 0
    while ((await focused()) !== q.choices[q.answer] && tabs < 12) {
      await page.keyboard.press('Tab')
      tabs++
    }
    expect(await focused()).toBe(q.choices[q.answer])
    await page.keyboard.press('Enter')
    await expect.poll(() => panel.getByRole('status').textContent()).toContain('Playing to')
    // Still on the chosen answer, not dropped to <body>.
    expect(await focused()).toBe(q.choices[q.answer])

    // The reveal (the lesson plays to its moment at its own speed; the bound is for a loaded machine).
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 60_000, interval: 100 }).toContain('Right:')
    await expect.poll(focused).toBe('Next')
    // Seen, not merely in the DOM: the explanation's end and Next are inside the panel's scrolled
    // view and the window, and Next is what a click at its centre hits.
    const seen = await page.evaluate(() => {
      const p = document.querySelector('[role="region"][aria-label="Lesson"]')!.getBoundingClientRect()
      const status = document.querySelector('[role="region"][aria-label="Lesson"] [role="status"]')!.getBoundingClientRect()
      const next = document.activeElement!.getBoundingClientRect()
      const inside = (r: DOMRect) => r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5 && r.bottom <= window.innerHeight
      const hit = document.elementFromPoint(next.left + next.width / 2, next.top + next.height / 2)
      return { status: inside(status), next: inside(next), hit: hit === document.activeElement }
    })
    expect(seen).toEqual({ status: true, next: true, hit: true })

    // Enter on Next: step 4 from its top, focus on the panel (a second Enter does not skip its question).
    await page.keyboard.press('Enter')
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain(`Step 4 of ${n}`)
    const after = await panel.evaluate((p) => ({ focused: document.activeElement === p, scrollTop: p.scrollTop }))
    expect(after).toEqual({ focused: true, scrollTop: 0 })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  it('after a reveal the autoplay countdown and "Pause autoplay" are in view, with Back and Next', async () => {
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${preview.url}#lesson=hot-key&step=1`)
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 30_000 }).toContain('Predict')
    const q = getLesson('hot-key')!.lesson.steps[0]!.question!
    await panel.getByRole('button', { name: q.choices[q.answer]!, exact: true }).click()
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 60_000, interval: 100 }).toContain('Right:')
    await expect.poll(() => panel.locator('.lesson-countdown').textContent()).toMatch(/^Next step in \d+ s$/)
    const seen = await page.evaluate(() => {
      const p = document.querySelector('[role="region"][aria-label="Lesson"]')!.getBoundingClientRect()
      const inside = (el: Element | null) => {
        if (el === null) return false
        const r = el.getBoundingClientRect()
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        return r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5 && r.bottom <= window.innerHeight && hit !== null && (hit === el || el.contains(hit))
      }
      const button = (name: string) => Array.from(document.querySelectorAll('.lesson-foot button')).find((b) => b.textContent === name) ?? null
      return { countdown: inside(document.querySelector('.lesson-countdown')), pause: inside(button('Pause autoplay')), next: inside(button('Next')), back: inside(button('Back')) }
    })
    expect(seen).toEqual({ countdown: true, pause: true, next: true, back: true })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)
})
