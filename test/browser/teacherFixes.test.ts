// Fixes from a teacher's pass (session 13) in real Chromium (Debian's chromium via playwright-core),
// at the projector's 1024×768. Each failed before its fix:
// - presenter mode: the charts' row labels ("p99 11744 ms") ran into the time axis's "0 s", and the
//   p99 line ran below the plot into the axis (the plot kept a 90 px minimum in a 88 px box);
// - presenter mode's keyboard-shortcuts list broke its key boxes across lines ("Page Down /" over
//   "Page Up").

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ARTIFACTS } from './harness.ts'
import { openHighway } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-fixes-test')
const suite = browserSuite(OUT)
const SMALL = { width: 1024, height: 768 }

const open = (hash = '', viewport = SMALL): Promise<{ page: Page; errors: string[] }> => openHighway(suite(), hash, viewport)

interface Box {
  text: string
  left: number
  right: number
  top: number
  bottom: number
}

describe('teacher fixes at 1024×768', () => {
  it('presenter mode: the charts\' row labels end before the plot and cross no axis label; the lines stay above the axis', async () => {
    const { page, errors } = await open('#lesson=hot-key&step=3')
    await page.keyboard.press('p')
    await page.locator('body.presenter, .presenter').first().waitFor({ timeout: 10_000 }).catch(() => undefined)
    // A five-digit p99 (the hot key's lane at 38 s is over 10 s behind): the widest label.
    await expect.poll(() => page.locator('.charts svg g[font-weight="600"] text').last().textContent(), { timeout: 20_000 }).toMatch(/^p99 \d/)
    const geo = (await page.evaluate(`(() => {
      const svg = document.querySelector('.charts svg')
      const box = (t) => { const b = t.getBoundingClientRect(); return { text: t.textContent, left: b.left, right: b.right, top: b.top, bottom: b.bottom } }
      const labels = Array.from(svg.querySelectorAll('g[font-weight="600"] text')).map(box)
      const ticks = Array.from(svg.querySelectorAll('g[color] .tick text')).map(box)
      const domain = svg.querySelector('g[color] path.domain').getBoundingClientRect()
      const lines = Array.from(svg.querySelectorAll('g[stroke-width] > path')).filter((p) => (p.getAttribute('d') || '') !== '').map((p) => p.getBoundingClientRect().bottom)
      const px = Number(svg.querySelector('g[font-weight="600"]').getAttribute('font-size'))
      return { labels, ticks, plotLeft: domain.left, axisTop: domain.top, lines, px }
    })()`)) as { labels: Box[]; ticks: Box[]; plotLeft: number; axisTop: number; lines: number[]; px: number }
    expect(geo.px).toBeGreaterThanOrEqual(20)
    expect(geo.labels.map((l) => l.text)).toEqual([expect.stringMatching(/^Lag/), expect.stringMatching(/^In /), expect.stringMatching(/^Out /), expect.stringMatching(/^p99 /)])
    const crosses = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom - 2 && b.top < a.bottom - 2
    for (const l of geo.labels) {
      expect(l.right, `"${l.text}" ends before the plot`).toBeLessThanOrEqual(geo.plotLeft)
      for (const t of geo.ticks) expect(crosses(l, t), `"${l.text}" on "${t.text}"`).toBe(false)
    }
    // The lines (drawn 3.5 px wide) end above the axis line.
    for (const b of geo.lines) expect(b).toBeLessThanOrEqual(geo.axisTop + 2)
    expect(errors).toEqual([])
    await page.close()
  }, 40_000)

  it('presenter mode: each key in the keyboard-shortcuts list stays on one line, and every row inside the dialog', async () => {
    const { page, errors } = await open('#lesson=hot-key&step=3')
    await page.keyboard.press('p')
    await page.keyboard.press('?')
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await dialog.waitFor()
    const rows = await dialog.evaluate((d) => {
      const box = d.getBoundingClientRect()
      return Array.from(d.querySelectorAll('dt')).map((dt) => {
        const kbd = dt.querySelector('kbd')!
        const dd = dt.nextElementSibling!.getBoundingClientRect()
        return { key: kbd.textContent ?? '', lines: kbd.getClientRects().length, inside: dd.right <= box.right && dt.getBoundingClientRect().right <= dd.left }
      })
    })
    expect(rows.map((r) => r.key)).toEqual(expect.arrayContaining(['Page Down / Page Up', '+ / −  (or ] / [)']))
    for (const r of rows) expect(r, r.key).toEqual({ key: r.key, lines: 1, inside: true })
    const box = (await dialog.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(SMALL.width)
    expect(errors).toEqual([])
    await page.close()
  }, 30_000)
})
