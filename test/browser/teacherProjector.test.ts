// A teacher's projector at 1024×768 in real Chromium (Debian's chromium via playwright-core): in
// presenter mode a long narration line is cut with "Read all" (scale-10k's warm start, thirteen
// lines, ran past the log's foot and was read only by scrolling inside it); the lane-group bar says
// how many groups it folds ("+N more groups", a button) instead of half a row scrolling in 52 px;
// parallel-consumer-key-order's status bar and p99 chart show one p99 (the worst second of the last
// five, said so) and its panel's blocked seconds leave the highway its lane names. Each failed
// before its fix.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { ARTIFACTS, seriousViolations } from './harness.ts'
import { openHighway } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-projector-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }

/** The preset, paused at `seconds` (a moment link: the run replays there and stops). */
function presetAt(name: string, seconds: number): string {
  return `#s=${encodeURIComponent(encodeScenario(getPreset(name)!.build()))}&t=${seconds}`
}

interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

/** `inner` wholly inside `outer` (half a pixel of rounding). */
function inside(inner: Box, outer: Box): boolean {
  return inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5 && inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5
}

/** The warm-start line of the log, the log's box, the side column's box and the window's. */
async function warmStartLine(page: Page): Promise<{ line: Box; log: Box; column: Box; win: Box; whole: boolean; logScrolls: boolean; lines: number }> {
  return page.evaluate(() => {
    const box = (e: Element): Box => {
      const r = e.getBoundingClientRect()
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }
    }
    const log = document.querySelector('.narration .log')!
    const li = Array.from(log.querySelectorAll('li')).find((l) => (l.textContent ?? '').includes('warm start'))!
    const text = li.querySelector<HTMLElement>('.n-line') ?? li
    const lh = parseFloat(getComputedStyle(text).lineHeight) || 26
    return {
      line: box(li),
      log: box(log),
      column: box(log.closest('.right')!),
      win: { top: 0, left: 0, bottom: innerHeight, right: innerWidth },
      whole: text.scrollHeight <= text.clientHeight + 1,
      logScrolls: log.scrollHeight > log.clientHeight + 1,
      lines: Math.round(text.getBoundingClientRect().height / lh),
    }
  })
}

describe('a teacher’s projector at 1024×768', () => {
  it('presenter mode: a long narration line is cut to five lines with "Read all", which shows it whole in view', async () => {
    const { page, errors } = await openHighway(suite(), presetAt('scale-10k', 3), PROJECTOR)
    await page.locator('.narration .log li', { hasText: 'warm start' }).waitFor({ timeout: 30_000 })
    await page.keyboard.press('p')
    await page.locator('.app.presenter').first().waitFor()
    const li = page.locator('.narration .log li', { hasText: 'warm start' })
    // Cut: five lines in the log's box, above its foot (whole, it ran past it), the button under them.
    let at = await warmStartLine(page)
    await expect.poll(async () => { at = await warmStartLine(page); return inside(at.line, at.log) }, { message: 'the line ends inside the log' }).toBe(true)
    expect(at.whole).toBe(false)
    expect(at.lines).toBe(5)
    const more = li.getByRole('button', { name: 'Read all' })
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    await page.screenshot({ path: join(ARTIFACTS, 'projector-narration-cut.png') })

    // Read all (by keyboard: Enter on it in the log): the whole line, the log grown to hold it (no
    // box to scroll), in the window.
    await more.focus()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await warmStartLine(page)).whole).toBe(true)
    await expect.poll(async () => { at = await warmStartLine(page); return inside(at.line, at.column) && inside(at.line, at.win) }).toBe(true)
    expect(at.logScrolls).toBe(false)
    const less = li.getByRole('button', { name: 'Show less' })
    expect(await less.getAttribute('aria-expanded')).toBe('true')
    await page.screenshot({ path: join(ARTIFACTS, 'projector-narration-read-all.png') })
    expect(await seriousViolations(page, '.narration')).toEqual([])
    await less.click()
    await expect.poll(async () => (await warmStartLine(page)).whole).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)

  it('the lane-group bar folds what one row cannot hold behind "+N more groups", which the keyboard opens', async () => {
    const { page, errors } = await openHighway(suite(), presetAt('scale-10k', 3), PROJECTOR)
    await page.getByLabel('Group lanes by').selectOption('hottest')
    // The groups, as many as the highway has rows (the hottest lanes one by one and "the rest").
    await expect.poll(() => page.getByTestId('highway').evaluate((h) => (h as HTMLElement).dataset['rows']?.split(',').length ?? 0), { timeout: 20_000 }).toBeGreaterThan(8)
    // The hottest lanes are as many as the highway has room for, and folding the bar gives it room:
    // 10 rows, then 17 once the bar is one row. Wait until the bar counts the groups the highway
    // draws, folded, and stays so for half a second.
    const rowsNow = () => page.getByTestId('highway').evaluate((h) => (h as HTMLElement).dataset['rows']!.split(',').length)
    const settled = async () => {
      const rows = await rowsNow()
      const folded = (await page.locator('.lane-groups-more').count()) === 1
      return folded && (await page.locator('.lane-groups-list').getAttribute('aria-label')) === `Open a group (${rows} groups)` ? rows : -1
    }
    let seen = -2
    await expect.poll(async () => { const now = await settled(); const same = now > 0 && now === seen; seen = now; return same }, { timeout: 20_000, interval: 500 }).toBe(true)
    const total = await rowsNow()
    const geometry = () =>
      page.locator('.lane-groups-list').evaluate((l) => {
        const box = (e: Element): Box => {
          const r = e.getBoundingClientRect()
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }
        }
        const more = l.querySelector('.lane-groups-more')
        return { list: box(l), scrolls: l.scrollHeight > l.clientHeight + 1, groups: Array.from(l.querySelectorAll('.lane-group')).map(box), more: more === null ? null : box(more) }
      })

    // Folded: one row, nothing cut or scrolled (it scrolled in 52 px, its second row cut in half),
    // and the count of the rest on a button. The fold is measured after the groups are laid out
    // (useGroupsFit): the button comes a frame or two after them (waited for above).
    const folded = await geometry()
    expect(folded.scrolls).toBe(false)
    for (const g of folded.groups) expect(inside(g, folded.list), JSON.stringify(g)).toBe(true)
    const list = page.getByRole('group', { name: /^Open a group/ })
    expect(await list.getAttribute('aria-label')).toBe(`Open a group (${total} groups)`)
    const more = list.getByRole('button', { name: /^\+\d+ more groups$/ })
    expect(inside(folded.more!, folded.list)).toBe(true)
    expect(new Set(folded.groups.map((g) => Math.round(g.top))).size).toBe(1)
    expect(await more.textContent()).toBe(`+${total - folded.groups.length} more groups`)
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    await page.screenshot({ path: join(ARTIFACTS, 'projector-groups-folded.png') })
    expect(await seriousViolations(page, '.lane-groups')).toEqual([])

    // Enter on it: every group, each whole in the window; focus stays on the button, which folds them again.
    await more.focus()
    await page.keyboard.press('Enter')
    const fewer = list.getByRole('button', { name: 'Fewer groups' })
    await expect.poll(() => fewer.getAttribute('aria-expanded')).toBe('true')
    expect(await fewer.evaluate((b) => b === document.activeElement)).toBe(true)
    const open = await geometry()
    expect(open.groups).toHaveLength(total)
    for (const g of open.groups) expect(inside(g, open.list) && inside(g, { top: 0, left: 0, bottom: PROJECTOR.height, right: PROJECTOR.width }), JSON.stringify(g)).toBe(true)
    await page.screenshot({ path: join(ARTIFACTS, 'projector-groups-unfolded.png') })
    await page.keyboard.press('Enter')
    await expect.poll(() => list.locator('.lane-group').count()).toBe(folded.groups.length)
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)

  it('parallel-consumer-key-order: the status bar’s p99 is the p99 chart’s (the worst second of five: "max 5 s"); the panel leaves every lane its name', async () => {
    const { page, errors } = await openHighway(suite(), presetAt('parallel-consumer-key-order', 30), PROJECTOR)
    await page.getByRole('timer', { name: 'Simulated time' }).getByText('30.0 s').waitFor({ timeout: 30_000 })
    const status = page.locator('.status .p99')
    const chart = page.locator('.charts svg g[font-weight="600"] text').last()
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^p99 [\d.]+ (ms|s) max 5\u00a0s$/)
    const figure = (await status.textContent())!.replace(/^p99 /, '').replace(/ max 5\u00a0s$/, '')
    await expect.poll(async () => (await chart.evaluate((t) => t.firstChild?.textContent ?? '')).replace(/^p99 /, '')).toBe(figure)
    expect(await chart.locator('title').textContent()).toMatch(/^Worst of the last 5 s' p99s, as the status bar shows/)
    // The blocked seconds' words take the heading's two lines; every lane keeps its name.
    const labels = await page.locator('[data-testid="highway"] text.p').evaluateAll((ts) => ts.filter((t) => t.getAttribute('display') !== 'none').map((t) => t.textContent))
    expect(labels).toEqual(Array.from({ length: 12 }, (_, p) => `P${p}`))
    await page.screenshot({ path: join(ARTIFACTS, 'projector-parallel-consumer.png') })
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
