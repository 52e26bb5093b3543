// Words that must fit their place, in real Chromium (DejaVu fonts measured, not estimated):
// 1. the hot-key preset at 1280×720 with consumer-3 in a GC pause: its card read "no heartbeat
//    3.9/45" cut at its right edge; every card's words now lie inside its card;
// 2. presenter mode, compare mode two by two at 1024×768 (the four-answers lesson's sides, side B a
//    share group of 24): 20 px owner labels ("c1 +1") ran over their 14 px lanes into each other;
//    no lane name at the log end is now taller than its lane.
// Screenshots: test/artifacts/cards-fit-*.png.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getPreset } from '../../src/scenario/presets/index.ts'
import { encodeScenario } from '../../src/scenario/index.ts'
import { ARTIFACTS, collectErrors, openFourAnswers } from './harness.ts'
import { cardClashes, VIEWPORT } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const suite = browserSuite(join(ARTIFACTS, 'dist-cards-fit-test'))

describe('words inside their place', () => {
  it('hot key at 1280×720, consumer-3 GC-paused: every card’s words inside its card, the full words in its name', async () => {
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: VIEWPORT })
    const errors = collectErrors(page)
    const s = getPreset('hot-key')!.build()
    const scenario = { ...s, actions: [...(s.actions ?? []), { do: 'gcPause' as const, consumer: 'consumer-3', durationMs: 5_000, atSec: 27.7 }] }
    await page.goto(`${preview.url}#s=${encodeURIComponent(encodeScenario(scenario))}&t=31.6`)
    await expect.poll(() => page.getByRole('timer', { name: 'Simulated time' }).textContent(), { timeout: 20_000 }).toBe('31.6 s')
    const card = page.locator('[data-testid="highway"] g.consumer').nth(2)
    await expect.poll(() => card.getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/^consumer-3: paused \(GC\).*missed heartbeats for \d\.\d s of 45 s \(session\.timeout\.ms\)/)
    expect(await cardClashes(page)).toEqual([])
    const phase = page.locator('[data-testid="highway"] g.consumer-label').nth(2).locator('text.phase')
    expect(await phase.textContent()).toMatch(/^no hb \d\.\d\/45 s$/)
    await page.screenshot({ path: join(ARTIFACTS, 'cards-fit-hot-key.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('presenter compare, four sides at 1024×768: no owner or leader name taller than its lane; the tags name the readers', async () => {
    const { preview, browser } = suite()
    const { page, errors, panel } = await openFourAnswers(browser, preview.url)
    await page.keyboard.press('p')
    await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
    await panel.getByRole('button', { name: 'Close lesson' }).click()
    await expect.poll(() => panel.count()).toBe(0)
    const sideB = page.locator('section.compare-side').nth(1)
    await expect.poll(() => sideB.locator('g.consumer').count(), { timeout: 15_000 }).toBe(24)
    // Each side: its lane pitch, and every drawn name at the log end (owner, leader) with its size.
    const tall = () =>
      page.locator('section.compare-side').evaluateAll((sides) =>
        sides.flatMap((s) => {
          const letter = s.querySelector('.side-letter')?.textContent ?? '?'
          const roads = [...s.querySelectorAll('[data-testid="highway"] rect.road')].map((r) => r.getBoundingClientRect().top)
          const pitch = roads.length > 1 ? (roads[roads.length - 1]! - roads[0]!) / (roads.length - 1) : Infinity
          return [...s.querySelectorAll('[data-testid="highway"] text.owner, [data-testid="highway"] text.leader')]
            .filter((t) => t.getAttribute('display') !== 'none' && (t.textContent ?? '') !== '')
            .flatMap((t) => {
              const px = parseFloat(getComputedStyle(t).fontSize)
              return px > pitch + 0.5 ? [`${letter}: "${t.textContent}" ${px} px on ${pitch.toFixed(1)} px lanes`] : []
            })
        }),
      )
    await expect.poll(tall, { timeout: 10_000 }).toEqual([])
    // Side B's lanes name their readers on their colour tags instead.
    const tags = await sideB.locator('rect.tag[aria-label]').evaluateAll((rs) => rs.map((r) => r.getAttribute('aria-label')))
    expect(tags.length).toBe(12)
    for (const t of tags) expect(t).toMatch(/^P\d+ read by consumer-\d+ and consumer-\d+$/)
    await page.screenshot({ path: join(ARTIFACTS, 'cards-fit-presenter-compare.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})
