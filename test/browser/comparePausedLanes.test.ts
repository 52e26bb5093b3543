// A compare side says how many of its lanes its brokers pause now, and why, as one highway's line
// under the broker strip does ("paused 12 lanes: 4 no leader · 8 follower down"), on a 1024×768
// projector in real Chromium, normal and presenter mode, two sides stacked and four two by two: broker
// 2 crashes at 20 s on one side only (its own action). The line shows on that side alone, with the
// figures `highway run --json` counts for that side at that moment, inside the side, on its label's
// line (the header is as high as without it, so the lanes keep their room and the sides of a row
// stay level), over no other header text and above the lanes, its count whole, and axe finds
// nothing serious in the headers. Before: no side showed it.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { variantScenario, type Variant } from '../../src/scenario/overrides.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import type { RunSummary } from '../../src/sim/simulationApi.ts'
import { ARTIFACTS, collectErrors, seriousViolations } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-compare-paused-lanes-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }

/** broker-failure (acks=all, RF 3, min ISR 2) with nothing in its shared script: no side crashes unless it says so. */
const BASE: Scenario = { ...getPreset('broker-failure')!.build(), actions: [] }
const CRASHED: Variant = { label: 'b2 crashes', set: {}, actions: [{ atSec: 20, do: 'crashBroker', broker: 2 }] }
const TWO: Variant[] = [{ label: 'acks all', set: {} }, CRASHED]
const FOUR: Variant[] = [{ label: 'acks all', set: {} }, { label: 'acks 1', set: { 'producerConfig.acks': '1' } }, CRASHED, { label: 'salting', set: { 'dynamic.salting.enabled': true } }]

/** The crashed side's pausedLanes from `highway run --scenario <its scenario> --seconds t --json`. */
function cliPaused(t: number): NonNullable<RunSummary['pausedLanes']> {
  const side = variantScenario(BASE, CRASHED)
  if (!side.ok) throw new Error(side.message)
  const r = runRun(['--scenario', encodeScenario(side.scenario), '--seconds', String(t), '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(r.stderr)
  return (JSON.parse(r.stdout) as RunSummary).pausedLanes!
}

async function openSides(sides: readonly Variant[], t: number): Promise<{ page: Page; errors: string[] }> {
  const page = await suite().browser.newPage({ viewport: PROJECTOR })
  const errors = collectErrors(page)
  await page.goto(`${suite().preview.url}#${compareLinkHash(BASE, sides, { t })}`)
  const slider = page.getByRole('slider', { name: 'Timeline' })
  await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 30_000, interval: 100 }).toEqual([String(t), 'false'])
  await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
  return { page, errors }
}

async function presenter(page: Page): Promise<void> {
  await page.keyboard.press('p')
  await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
}

interface SideLayout {
  head: number
  /** Lanes whose road is not inside the highway and the side. */
  lanesOut: number
  /** The line's place, or null when the side has none. */
  line: null | { text: string; data: string[]; inside: boolean; aboveLanes: boolean; inHead: boolean; countWhole: boolean; overlaps: string[] }
}

/** Each side's header height, first lane's top, lanes cut off, and where its paused-lanes line is. Runs in the page. */
function layout(page: Page): Promise<SideLayout[]> {
  return page.locator('section.compare-side').evaluateAll((sides) =>
    sides.map((s) => {
      const box = s.getBoundingClientRect()
      const head = s.querySelector('.side-head')!
      const hw = s.querySelector('[data-testid="highway"]')!.getBoundingClientRect()
      const roads = Array.from(s.querySelectorAll('[data-testid="highway"] rect.road')).map((r) => r.getBoundingClientRect())
      const within = (r: DOMRect, o: DOMRect): boolean => r.left >= o.left - 0.5 && r.right <= o.right + 0.5 && r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5
      const base = { head: Math.round(head.getBoundingClientRect().height), lanesOut: roads.filter((r) => !within(r, hw) || !within(r, box)).length }
      const note = s.querySelector<HTMLElement>('.paused-lanes')
      if (note === null) return { ...base, line: null }
      const r = note.getBoundingClientRect()
      // "paused 12 lanes": everything before the reasons, which may be cut with "…" (the tooltip has them).
      const count = document.createRange()
      count.setStartBefore(note.firstChild!)
      const why = note.querySelector('.paused-why')
      if (why === null) count.setEndAfter(note.lastChild!)
      else count.setEndBefore(why)
      const c = count.getBoundingClientRect()
      const hit = (o: DOMRect): boolean => r.left < o.right - 0.5 && o.left < r.right - 0.5 && r.top < o.bottom - 0.5 && o.top < r.bottom - 0.5
      // The header's other words and controls.
      const overlaps = Array.from(head.querySelectorAll('.side-letter, .side-label, .side-summary, .side-sync, .cluster-plan > button, .cluster-progress, .side-controls > summary, .side-remove'))
        .filter((e) => e.getBoundingClientRect().width > 1 && hit(e.getBoundingClientRect()))
        .map((e) => e.className)
      return {
        ...base,
        line: {
          text: note.textContent ?? '',
          data: ['lanes', 'noLeader', 'underMinIsr', 'followerDown', 'offline'].map((k) => note.dataset[k] ?? ''),
          inside: within(r, box),
          aboveLanes: r.bottom <= hw.top + 0.5 && r.bottom <= roads[0]!.top,
          inHead: within(r, head.getBoundingClientRect()),
          countWhole: c.width > 0 && c.right <= r.right + 0.5 && getComputedStyle(note).visibility === 'visible',
          overlaps,
        },
      }
    }),
  )
}

describe('compare sides: the lanes a side’s brokers pause now', () => {
  for (const [name, sides, crashed] of [['two sides stacked', TWO, 1], ['four sides two by two', FOUR, 2]] as const) {
    it(`${name} at 1024×768, broker 2 crashed on side ${'ABCD'[crashed]} alone at 20 s: at 24 s its line says what run --json counts, on its label's line, in both modes; no other side has one`, async () => {
      const cli = cliPaused(24)
      expect(cli).toMatchObject({ lanes: 12, noLeader: 4, followerDown: 8, underMinIsr: 0 })
      // Before the crash: no line anywhere, the headers and lanes as they were.
      const before = await openSides(sides, 15)
      const plain = [await layout(before.page)]
      await presenter(before.page)
      plain.push(await layout(before.page))
      for (const l of plain) expect(l.map((x) => x.line)).toEqual(sides.map(() => null))
      expect(before.errors).toEqual([])
      await before.page.close()

      const { page, errors } = await openSides(sides, 24)
      for (const [mode, on] of [['normal', false], ['presenter', true]] as const) {
        if (on) await presenter(page)
        const want = ['12', '4', '0', '8', '0']
        await expect.poll(async () => (await layout(page)).map((x) => x.line?.data ?? null), { timeout: 10_000 }).toEqual(sides.map((_, i) => (i === crashed ? want : null)))
        const now = await layout(page)
        await page.screenshot({ path: join(ARTIFACTS, `compare-paused-lanes-${sides.length}-${mode}-1024.png`) })
        const line = now[crashed]!.line!
        expect(line.text).toBe(`paused ${cli.lanes} lanes: ${cli.noLeader} no leader · ${cli.followerDown} follower down`)
        expect(line, `${mode}: inside the side, in its header, above its lanes, its count whole, on no other header text`).toMatchObject({ inside: true, inHead: true, aboveLanes: true, countWhole: true, overlaps: [] })
        // Readable for everyone: axe finds nothing serious in the headers (contrast of the line and its red count).
        expect(await seriousViolations(page, '.side-head')).toEqual([])
        const was = plain[on ? 1 : 0]!
        for (const [i, x] of now.entries()) {
          expect(x.lanesOut, `${mode}, side ${'ABCD'[i]}: lanes cut off`).toBe(0)
          // No row of its own: each header as high as before the crash, so the lanes keep their room.
          expect(Math.abs(x.head - was[i]!.head), `${mode}, side ${'ABCD'[i]}: header ${was[i]!.head} → ${x.head} px`).toBeLessThanOrEqual(1)
        }
      }
      expect(errors).toEqual([])
      await page.close()
    }, 120_000)
  }
})
