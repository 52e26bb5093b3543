// A teacher's pass at 1024×768 in real Chromium (Debian's chromium via playwright-core): the
// status bar shows the frame "Pause at next rebalance" stopped on, in the same paint as "Paused";
// the charts' rebalance count crosses no line (a steady run's In line runs along the top of its row,
// where the count sat); a share group's lane labels end before the consumer cards; the
// parallel-consumer preset's hot lane shows its lag. Each failed before its fix.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { ARTIFACTS } from './harness.ts'
import { openHighway } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-pass-test')
const suite = browserSuite(OUT)
const SMALL = { width: 1024, height: 768 }

const open = (hash = '', viewport = SMALL): Promise<{ page: Page; errors: string[] }> => openHighway(suite(), hash, viewport)

function presetAt(name: string, seconds: number): string {
  return `#s=${encodeURIComponent(encodeScenario(getPreset(name)!.build()))}&t=${seconds}`
}

describe('teacher pass at 1024×768', () => {
  it('pausing at the next rebalance: the group badge says REBALANCING in the same paint as "Paused"', async () => {
    const { page, errors } = await open()
    await page.locator('.status .pill', { hasText: 'Group Stable' }).waitFor({ timeout: 20_000 })
    // What the badge says at the moment the paused note appears (a mutation observer runs before the next paint).
    await page.evaluate(`(() => {
      const note = document.querySelector('.status .paused-note')
      window.__atPause = null
      new MutationObserver(() => {
        if (window.__atPause === null && (note.textContent || '').startsWith('Paused')) window.__atPause = document.querySelector('.status .pill').textContent
      }).observe(note, { childList: true, characterData: true, subtree: true })
    })()`)
    await page.getByRole('checkbox', { name: 'Pause at next rebalance' }).check()
    await page.getByRole('button', { name: 'Add a consumer' }).click()
    await expect.poll(() => page.evaluate('window.__atPause'), { timeout: 20_000 }).not.toBeNull()
    expect(await page.evaluate('window.__atPause')).toMatch(/REBALANCING/)
    expect(errors).toEqual([])
    await page.close()
  }, 40_000)

  for (const viewport of [SMALL, { width: 1440, height: 900 }]) {
    it(`the charts' rebalance count crosses none of their lines (${viewport.width}×${viewport.height})`, async () => {
      const { page, errors } = await open(presetAt('steady', 100), viewport)
      const label = page.locator('.charts svg > text', { hasText: /rebalance/ })
      await label.waitFor({ timeout: 20_000 })
      await page.getByRole('timer', { name: 'Simulated time' }).getByText('100.0 s').waitFor({ timeout: 30_000 })
      // The lines have reached under the count (it is right-aligned; 100 s of a 120 s window).
      await expect
        .poll(
          () =>
            page.evaluate(`(() => {
              const t = Array.from(document.querySelectorAll('.charts svg > text')).find((x) => /rebalance/.test(x.textContent || '')).getBoundingClientRect()
              return Math.max(...Array.from(document.querySelectorAll('.charts svg path[stroke]')).filter((e) => !e.closest('g[color]')).map((e) => e.getBoundingClientRect().right)) > t.left + 20
            })()`),
          { timeout: 10_000, interval: 250 },
        )
        .toBe(true)
      const hits = await page.evaluate(`(() => {
        const t = Array.from(document.querySelectorAll('.charts svg > text')).find((x) => /rebalance/.test(x.textContent || '')).getBoundingClientRect()
        // A line's box grown by its stroke (2.5 px): a flat line's box has no height.
        const over = (b) => b.width > 0 && b.left < t.right && b.right > t.left && b.top - 2 < t.bottom && b.bottom + 2 > t.top
        return Array.from(document.querySelectorAll('.charts svg path[stroke], .charts svg rect'))
          .filter((e) => !e.closest('g[color]') && over(e.getBoundingClientRect()))
          .map((e) => e.outerHTML.slice(0, 60))
      })()`)
      expect(hits).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    }, 30_000)
  }

  it('share lanes: each owner label names one reader ("c1 +1") and ends before the consumer cards', async () => {
    const { page, errors } = await open(presetAt('share-group-hot-lane', 10))
    await expect.poll(() => page.locator('[data-testid="highway"] text.owner').allTextContents(), { timeout: 20_000 }).toContain('c1 +1')
    const fit = await page.evaluate(`(() => {
      const hw = document.querySelector('[data-testid="highway"]')
      const cards = Math.min(...Array.from(hw.querySelectorAll('g.consumer rect.box')).map((r) => r.getBoundingClientRect().left))
      const laneEnd = Math.max(...Array.from(hw.querySelectorAll('rect.tag')).map((r) => r.getBoundingClientRect().right))
      return Array.from(hw.querySelectorAll('text.owner'))
        .filter((t) => t.getAttribute('display') !== 'none')
        .map((t) => ({ text: t.textContent, clear: t.getBoundingClientRect().left >= laneEnd && t.getBoundingClientRect().right <= cards }))
    })()`)
    expect(fit).toHaveLength(6)
    for (const f of fit as Array<{ text: string; clear: boolean }>) expect(f, f.text).toEqual({ text: expect.stringMatching(/^c\d+( \+1)?$/), clear: true })
    expect(errors).toEqual([])
    await page.close()
  }, 30_000)

  it('parallel-consumer-key-order: the hot lane shows its lag, inside its row', async () => {
    const { page, errors } = await open(presetAt('parallel-consumer-key-order', 30))
    const hotLag = async (): Promise<{ text: string | null; inRow: boolean } | null> =>
      (await page.evaluate(`(() => {
        const hw = document.querySelector('[data-testid="highway"]')
        const i = Array.from(hw.querySelectorAll('text.p')).findIndex((t) => t.textContent === 'P6')
        const lag = hw.querySelectorAll('text.lag')[i]
        const road = hw.querySelectorAll('rect.road')[i]
        if (!lag || !road || lag.getAttribute('display') === 'none') return null
        const b = lag.getBoundingClientRect()
        const r = road.getBoundingClientRect()
        const pitch = hw.querySelectorAll('rect.road')[1].getBoundingClientRect().top - hw.querySelectorAll('rect.road')[0].getBoundingClientRect().top
        return { text: lag.textContent, inRow: Math.abs(b.top + b.height / 2 - (r.top + r.height / 2)) <= pitch / 4 && b.height <= pitch + 2 }
      })()`)) as { text: string | null; inRow: boolean } | null
    await expect.poll(hotLag, { timeout: 20_000, interval: 250 }).toEqual({ text: expect.stringMatching(/^lag \d/), inRow: true })
    expect(errors).toEqual([])
    await page.close()
  }, 30_000)
})
