// Presenter mode in compare mode, four sides two by two (Debian's chromium via playwright-core): at
// 1024×768 with the four-answers lesson open, and without it, and at 1280×720 with it, every side's
// consumer cards lie inside the side and on no other card, each card's name inside its card, and the
// lanes have room (lane 6 at least 10 px) and are not cut off by the side's box. Before the change, at
// 1024×768 with the lesson: side B's 24 cards drew 22 px names in 44 px boxes ("c13c19" ran together),
// side C's cards ran past its bottom edge and its lane 6 was 7 px (headers of four to six lines).
// Compare → "Four answers" on a cluster: each label one line, strips and lanes level side by side,
// no tooltip left behind (before: "parallel consumer" wrapped beside "Rebalance cluster…", side C's
// strip and lanes sat a line below side D's, and "One highway"'s tip covered side B's label). The
// same in normal mode, each header two lines (before: three or four, "Rebalance cluster…" beside the
// label pushed Strategy or × under it and the summary wrapped, so sides of a row were not level).

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { brokerHotspotScenario } from '../../src/scenario/presets/brokerHotspot.ts'
import { encodeScenario } from '../../src/scenario/index.ts'
import { ARTIFACTS, openFourAnswers, seriousViolations } from './harness.ts'
import { openHighway } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-presenter-compare-test')
const suite = browserSuite(OUT)

interface SideCheck {
  side: string
  cards: number
  /** Cards (or their names) outside the side's box, cards on another card, names outside their card. */
  problems: string[]
  lane6: number
}

/** What is wrong with each side's highway now (empty `problems`: nothing). Runs in the page. */
function checkSides(page: Page): Promise<SideCheck[]> {
  return page.locator('section.compare-side').evaluateAll((sides) =>
    sides.map((s) => {
      const letter = s.querySelector('.side-letter')?.textContent ?? '?'
      const box = s.getBoundingClientRect()
      const problems: string[] = []
      const within = (r: DOMRect, o: DOMRect, slack = 0.5): boolean =>
        r.left >= o.left - slack && r.right <= o.right + slack && r.top >= o.top - slack && r.bottom <= o.bottom + slack
      const hw = s.querySelector('[data-testid="highway"]')!
      const cards = [...hw.querySelectorAll('g.consumer')].map((g) => ({ name: (g.getAttribute('aria-label') ?? '').split(':')[0]!, r: g.querySelector('rect.box')!.getBoundingClientRect() }))
      for (const c of cards) if (!within(c.r, box)) problems.push(`${c.name} card outside the side`)
      for (let i = 0; i < cards.length; i++)
        for (let j = i + 1; j < cards.length; j++) {
          const a = cards[i]!.r
          const b = cards[j]!.r
          // Their strokes may touch; their boxes may not cross (1 px of slack).
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) problems.push(`${cards[i]!.name} on ${cards[j]!.name}`)
        }
      // A card's words (its name, its phase) stay inside its card (the labels are drawn in the same order).
      const labels = [...hw.querySelectorAll('g.consumer-label')]
      labels.forEach((g, i) => {
        const card = cards[i]
        if (card === undefined) return
        for (const t of g.querySelectorAll('text')) {
          if ((t.textContent ?? '') === '') continue
          if (!within(t.getBoundingClientRect(), card.r, 2)) problems.push(`${card.name}'s "${t.textContent}" outside its card`)
        }
      })
      const caption = hw.querySelector('text.consumer-caption')
      if (caption !== null && !within(caption.getBoundingClientRect(), box)) problems.push('caption outside the side')
      // Every lane, its road and its name, inside the side's box (not cut off at its bottom).
      const roads = [...hw.querySelectorAll('rect.road')]
      roads.forEach((r, i) => {
        if (!within(r.getBoundingClientRect(), box)) problems.push(`lane ${i} outside the side`)
      })
      for (const t of hw.querySelectorAll('text.p')) if ((t.textContent ?? '') !== '' && !within(t.getBoundingClientRect(), box)) problems.push(`label ${t.textContent} outside the side`)
      return { side: letter, cards: cards.length, problems, lane6: roads[6]?.getBoundingClientRect().height ?? 0 }
    }),
  )
}

interface NamesCheck {
  side: string
  /** What each lane's name says to a screen reader ("P6"), '' for a lane without one shown. */
  names: string[]
  problems: string[]
  /** The side's label: its words, and whether it is drawn whole (not cut with "…"), inside the side. */
  label: string
  labelWhole: boolean
}

/** Every side's lane names and label as drawn now. Runs in the page. */
function checkNames(page: Page): Promise<NamesCheck[]> {
  return page.locator('section.compare-side').evaluateAll((sides) =>
    sides.map((s) => {
      const hw = s.querySelector('[data-testid="highway"]')!
      const problems: string[] = []
      const roads = [...hw.querySelectorAll('rect.road')].map((r) => r.getBoundingClientRect())
      const pitch = roads.length > 1 ? roads[1]!.top - roads[0]!.top : 0
      const texts = [...hw.querySelectorAll<SVGTextElement>('text.p')]
      const shown = texts.map((t) => (t.getAttribute('display') !== 'none' && (t.textContent ?? '') !== '' ? t : null))
      const names = shown.map((t) => (t === null ? '' : (t.getAttribute('aria-label') ?? t.textContent ?? '')))
      const boxes = shown.map((t) => t?.getBoundingClientRect() ?? null)
      boxes.forEach((b, i) => {
        const road = roads[i]
        if (b === null || road === undefined) return
        // On its lane's row (its middle within a quarter of the pitch of the lane's), left of the lanes, in projector type.
        if (Math.abs(b.top + b.height / 2 - (road.top + road.height / 2)) > pitch / 4) problems.push(`${names[i]} off its lane`)
        if (b.right > Math.min(...roads.map((r) => r.left)) + 0.5) problems.push(`${names[i]} over the lanes`)
        if (parseFloat(getComputedStyle(shown[i]!).fontSize) < 20) problems.push(`${names[i]} under 20 px`)
        for (let j = i + 1; j < boxes.length; j++) {
          const o = boxes[j]
          if (o && b.left < o.right - 1 && o.left < b.right - 1 && b.top < o.bottom - 1 && o.top < b.bottom - 1) problems.push(`${names[i]} on ${names[j]}`)
        }
      })
      const label = s.querySelector<HTMLElement>('.side-label')!
      const lb = label.getBoundingClientRect()
      const sb = s.getBoundingClientRect()
      const labelWhole = label.scrollWidth <= label.clientWidth + 1 && label.scrollHeight <= label.clientHeight + 1 && lb.left >= sb.left && lb.right <= sb.right + 0.5
      return { side: s.querySelector('.side-letter')?.textContent ?? '?', names, problems, label: label.textContent ?? '', labelWhole }
    }),
  )
}

async function expectEveryName(page: Page, where: string): Promise<void> {
  const twelve = Array.from({ length: 12 }, (_, i) => `P${i}`)
  await expect.poll(async () => (await checkNames(page)).map((s) => s.names), { timeout: 10_000 }).toEqual([twelve, twelve, twelve, twelve])
  const sides = await checkNames(page)
  expect(sides.flatMap((s) => s.problems.map((p) => `${where} ${s.side}: ${p}`))).toEqual([])
  expect(sides.map((s) => [s.label, s.labelWhole]), where).toEqual([
    ['salting', true],
    ['share group', true],
    ['parallel consumer', true],
    ['lag-aware', true],
  ])
}

async function expectReadable(page: Page, where: string): Promise<void> {
  // (The sides redraw at their new size and type: wait until all four show twelve lanes and their cards.)
  await expect
    .poll(async () => (await checkSides(page)).map((s) => s.cards), { timeout: 15_000 })
    .toEqual([4, 24, 4, 4])
  // A frame or two after a resize the header's line may still be moving; the layout settles then.
  await expect.poll(async () => (await checkSides(page)).flatMap((s) => s.problems.map((p) => `${where} ${s.side}: ${p}`)), { timeout: 5_000 }).toEqual([])
  for (const s of await checkSides(page)) expect(s.lane6, `${where} side ${s.side} lane 6`).toBeGreaterThanOrEqual(10)
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `${where} scrolls sideways`).toBe(false)
}

describe('presenter mode in compare mode, four sides', () => {
  it('at 1024×768 and 1280×800 with the lesson open: every lane of every side shows its name in 20 px type, none on another, and each side its whole label', async () => {
    const { preview, browser } = suite()
    const { page, errors } = await openFourAnswers(browser, preview.url)
    await page.keyboard.press('p')
    await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
    await expectEveryName(page, '1024x768')
    await page.screenshot({ path: join(ARTIFACTS, 'presenter-compare-names-1024.png') })
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectEveryName(page, '1280x800')
    await page.screenshot({ path: join(ARTIFACTS, 'presenter-compare-names-1280.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('at 1024×768 with the lesson open (and without it), and at 1280×720: cards inside their side, on no other card, names inside them; lane 6 ≥ 10 px, no lane cut off', async () => {
    const { preview, browser } = suite()
    const { page, errors, panel } = await openFourAnswers(browser, preview.url)
    await page.keyboard.press('p')
    await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
    await expectReadable(page, '1024x768 lesson')
    // Too many members for named cards at 20 px: the share group says how many, in the type's size.
    const caption = page.locator('section.compare-side').nth(1).locator('text.consumer-caption')
    expect(await caption.textContent()).toBe('24 members')
    expect(parseFloat(await caption.evaluate((t) => getComputedStyle(t).fontSize))).toBeGreaterThanOrEqual(20)
    // The chips are still the members' buttons, and the strip's short words are not read twice.
    expect(await page.locator('section.compare-side').nth(1).getByRole('button', { name: /^consumer-13: / }).count()).toBe(1)
    expect(await page.locator('section.compare-side').nth(0).locator('[data-row="duplicates"] dt').evaluate((d) => [getComputedStyle(d, '::before').content, d.textContent])).toEqual(['"dups" / ""', 'duplicates'])
    expect(await seriousViolations(page)).toEqual([])

    await page.setViewportSize({ width: 1280, height: 720 })
    await expectReadable(page, '1280x720 lesson')

    await page.setViewportSize({ width: 1024, height: 768 })
    await panel.getByRole('button', { name: 'Close lesson' }).click()
    await expect.poll(() => panel.count()).toBe(0)
    await expectReadable(page, '1024x768 no lesson')
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)

  // Normal mode too (its 15 px header had "Rebalance cluster…" beside the label, pushing Strategy or ×
  // onto a line of their own, and its summary wrapped to two more lines: side C's strip and lanes sat
  // 2 px below side D's, each header three or four lines high).
  for (const presenter of [true, false]) {
    const mode = presenter ? 'presenter mode' : 'normal mode'
    it(`${mode}, after Compare → "Four answers" on a cluster at 1024×768: every side's label one line high, its header two (summary, Rebalance…, Strategy and × on one), the broker strips and the lanes of the sides in a row level, no tooltip left over side B`, async () => {
      const hash = `#s=${encodeURIComponent(encodeScenario(brokerHotspotScenario()))}`
      const { page, errors } = await openHighway(suite(), hash, { width: 1024, height: 768 })
      if (presenter) {
        await page.keyboard.press('p')
        await page.locator('.app.presenter').waitFor({ timeout: 10_000 })
      }
      await page.locator('details.fork > summary').click()
      await page.locator('.fork-menu button', { hasText: 'Four answers' }).click()
      await page.locator('section.compare-side').nth(3).locator('[data-testid="highway"] rect.road').first().waitFor({ timeout: 30_000 })
      await page.locator(presenter ? '.compare-app.presenter' : '.compare-app:not(.presenter)').waitFor({ timeout: 10_000 })
      // Boxes of each side: its label (and its line height), its header's second line, its broker strip, its first lane.
      const layout = () =>
        page.locator('section.compare-side').evaluateAll((sides) =>
          sides.map((s) => {
            const label = s.querySelector<HTMLElement>('.side-label')!
            const summary = s.querySelector<HTMLElement>('.side-summary')!
            const middle = (sel: string): number | null => {
              const r = s.querySelector(sel)?.getBoundingClientRect()
              return r === undefined ? null : Math.round(r.top + r.height / 2)
            }
            const strip = s.querySelector('.broker-strip')?.getBoundingClientRect() ?? null
            const road = s.querySelector('[data-testid="highway"] rect.road')?.getBoundingClientRect() ?? null
            const box = s.getBoundingClientRect()
            // Lines of an element's words: the distinct tops of its text's boxes (normal mode's line-height is "normal", no figure).
            const lines = (el: HTMLElement): number => {
              const range = el.ownerDocument.createRange()
              range.selectNodeContents(el)
              return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
            }
            return {
              label: label.textContent,
              labelLines: lines(label),
              summaryLines: lines(summary),
              // The middles of the summary, "Rebalance…", Strategy and ×: one line when they are within a few px.
              second: [middle('.side-summary'), middle('.side-head > .cluster-plan'), middle('.side-head > .side-controls > summary'), middle('.side-head > .side-remove')],
              head: Math.round(s.querySelector('.side-head')!.getBoundingClientRect().height),
              strip: strip === null ? null : { top: Math.round(strip.top), bottom: Math.round(strip.bottom), inside: strip.left >= box.left - 0.5 && strip.right <= box.right + 0.5 },
              laneTop: road === null ? null : Math.round(road.top),
            }
          }),
        )
      await expect.poll(async () => (await layout()).map((x) => x.label), { timeout: 10_000 }).toEqual(['salting', 'share group', 'parallel consumer', 'lag-aware'])
      // The layout settles a frame or two after the sides' first frames.
      await expect.poll(async () => (await layout()).map((x) => [x.labelLines, x.summaryLines]), { timeout: 10_000 }).toEqual([[1, 1], [1, 1], [1, 1], [1, 1]])
      const sides = await layout()
      for (const x of sides) {
        expect(x.second.every((m) => m !== null), `${x.label}: summary, Rebalance…, Strategy and × all there`).toBe(true)
        const ms = x.second as number[]
        expect(Math.max(...ms) - Math.min(...ms), `${x.label}: summary, Rebalance…, Strategy and × on one line (${ms.join(', ')})`).toBeLessThanOrEqual(4)
        expect(x.strip, `${x.label}: broker strip`).not.toBeNull()
        expect(x.strip!.inside, `${x.label}: strip inside its side`).toBe(true)
        expect(x.strip!.bottom, `${x.label}: strip above its lanes`).toBeLessThanOrEqual(x.laneTop! + 1)
      }
      // Two by two: A beside B, C beside D, header by header, strip by strip and lane by lane.
      for (const [l, r] of [[0, 1], [2, 3]] as const) {
        expect(Math.abs(sides[l]!.head - sides[r]!.head), `headers of sides ${l} and ${r}`).toBeLessThanOrEqual(1)
        expect(Math.abs(sides[l]!.strip!.top - sides[r]!.strip!.top), `strips of sides ${l} and ${r}`).toBeLessThanOrEqual(1)
        expect(Math.abs(sides[l]!.laneTop! - sides[r]!.laneTop!), `lanes of sides ${l} and ${r}`).toBeLessThanOrEqual(1)
      }
      // Presenter mode: "Rebalance…" in Strategy's type, not the button's smaller one.
      if (presenter) {
        const sizes = await page.locator('section.compare-side').first().evaluate((s) => [s.querySelector('.side-head > .cluster-plan > button'), s.querySelector('.side-head > .side-controls > summary')].map((e) => getComputedStyle(e!).fontSize))
        expect(sizes[0], 'Rebalance… beside Strategy').toBe(sizes[1])
      }
      // The menu was clicked with the mouse: no tooltip of the focus the new page gave "One highway".
      expect(await page.locator('.title-tip').isVisible()).toBe(false)
      await page.screenshot({ path: join(ARTIFACTS, `${presenter ? 'presenter' : 'normal'}-compare-four-answers-cluster-1024.png`) })
      expect(errors).toEqual([])
      await page.close()
    }, 60_000)
  }
})
