// Issue 12's broker follow-ups on a 1024×768 projector in real Chromium (Debian's chromium via
// playwright-core): the lanes the brokers pause are counted (the line beside "Rebalance cluster…",
// the status bar's broker-paused lane·s, compare's difference strip), as `highway run --json` counts
// them; after an addPartitions the controller refused, the Partitions field says the 12 the topic
// kept; in presenter mode lanes name their leader in its 20 px, and a lesson step's lanes are named
// on a compare side's 7 px lanes.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { getLesson } from '../../src/scenario/lessons/catalog.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { applyOverrides } from '../../src/scenario/overrides.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import type { RunSummary } from '../../src/sim/simulationApi.ts'
import { ARTIFACTS, collectErrors, scenarioInUrl } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-broker-pauses-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }

/** `highway run --scenario <encoded> --seconds t --json`, in this process. */
function runJson(s: Scenario, t: number): RunSummary {
  const r = runRun(['--scenario', encodeScenario(s), '--seconds', String(t), '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as RunSummary
}

/** Opens `s` paused at `t` s on a projector-sized page. */
async function openAt(s: Scenario, t: number): Promise<{ page: Page; errors: string[] }> {
  const page = await suite().browser.newPage({ viewport: PROJECTOR })
  const errors = collectErrors(page)
  await page.goto(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(s))}&t=${t}`)
  const slider = page.getByRole('slider', { name: 'Timeline' })
  await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 30_000, interval: 100 }).toEqual([String(t), 'false'])
  return { page, errors }
}

/** The visible lane tags of class `cls` on the highway: their words and font size. */
function laneTexts(page: Page, cls: string): Promise<Array<{ text: string; px: number }>> {
  return page
    .locator(`[data-testid="highway"] text.${cls}`)
    .evaluateAll((els) => els.filter((e) => e.getAttribute('display') !== 'none' && (e.textContent ?? '') !== '').map((e) => ({ text: e.textContent ?? '', px: Number(e.getAttribute('font-size')) })))
}

describe('lanes paused by the brokers, counted', () => {
  it('broker-failure at 24 s: “paused 12 lanes” (4 no leader, 8 waiting for broker 2 as follower) on one line beside Rebalance cluster, broker-paused lane·s as run --json; presenter mode keeps the count on its line and names leaders in 20 px', async () => {
    const s = getPreset('broker-failure')!.build()
    const cli = runJson(s, 24).pausedLanes!
    expect(cli).toMatchObject({ lanes: 12, noLeader: 4, followerDown: 8 })
    const { page, errors } = await openAt(s, 24)
    const note = page.locator('.paused-lanes')
    await expect.poll(() => note.getAttribute('data-lanes'), { timeout: 10_000 }).toBe('12')
    expect([await note.getAttribute('data-no-leader'), await note.getAttribute('data-follower-down')]).toEqual(['4', '8'])
    expect(await note.innerText()).toBe('paused 12 lanes: 4 no leader · 8 follower down')
    // Whole on its line at 1024 px (the reasons cut with "…" would still be whole in the tooltip).
    expect(await note.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
    expect(await note.getAttribute('title')).toContain('acks=all writes waiting for a crashed broker still in the ISR: 8.')
    // The status bar counts since the mark (the warm start's 0 s): what run --json counts to 24 s.
    expect(await page.locator('.status [data-count="paused"] b').innerText()).toBe(cli.partitionSeconds.toFixed(1))
    for (const presenter of [false, true]) {
      if (presenter) {
        await page.keyboard.press('p')
        await page.locator('.app.presenter').waitFor({ timeout: 10_000 })
      }
      // On the button's line: no row of its own (the lanes keep their height), inside the column.
      const [box, button, panel] = await Promise.all([note.boundingBox(), page.locator('.cluster-plan > button').boundingBox(), page.locator('.cluster-plan').boundingBox()])
      expect(box!.y + box!.height / 2).toBeGreaterThan(button!.y)
      expect(box!.y + box!.height / 2).toBeLessThan(button!.y + button!.height)
      expect(box!.x + box!.width).toBeLessThanOrEqual(panel!.x + panel!.width)
      await page.screenshot({ path: join(ARTIFACTS, `broker-pauses-${presenter ? 'presenter' : 'page'}.png`) })
    }
    // Presenter mode: the count stays, its reasons go to the tooltip; leaders named in the lanes' 20 px.
    expect(await note.innerText()).toBe('paused 12 lanes')
    expect(await note.getAttribute('title')).toContain('OfflinePartitionsCount 0')
    const leaders = await laneTexts(page, 'leader')
    expect(leaders.length).toBe(8)
    expect(new Set(leaders.map((l) => l.px))).toEqual(new Set([20]))
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('the hot-brokers lesson’s sides at 32 s: the difference strip’s broker-paused row is what run --json counts on each side, acks 1 best, in two lines as before', async () => {
    const lesson = getLesson('hot-brokers')!
    const page = await suite().browser.newPage({ viewport: PROJECTOR })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#${compareLinkHash(lesson.scenario, lesson.variants, { t: 32 })}`)
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 30_000, interval: 100 }).toEqual(['32', 'false'])
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    await page.keyboard.press('p')
    await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
    const expected = lesson.variants.map((v) => {
      const side = applyOverrides(lesson.scenario, v.set)
      if (!side.ok) throw new Error(side.message)
      return runJson(side.scenario, 32).pausedLanes!.partitionSeconds.toFixed(1)
    })
    const cells = page.locator('.diff-strip [data-row="paused"] dd')
    await expect.poll(async () => (await cells.allInnerTexts()).map((t) => t.split(' ')[0]), { timeout: 10_000 }).toEqual(expected)
    expect(Number(expected[1]) / Number(expected[0])).toBeGreaterThan(1.8)
    expect(await page.locator('.diff-strip [data-row="paused"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-best')))).toEqual(['true', 'false'])
    // The strip's words fit two lines of its type (the row's long label took a third, and the lanes' room).
    const lines = await page.locator('.diff-strip').evaluateAll((els) => els.map((e) => new Set(Array.from(e.querySelectorAll('.diff-cell')).map((c) => Math.round(c.getBoundingClientRect().top))).size))
    expect(lines).toEqual([2, 2])
    await page.screenshot({ path: join(ARTIFACTS, 'broker-pauses-lesson.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})

describe('an addPartitions the controller refused', () => {
  it('every broker fenced: the Partitions field shows the 12 partitions the topic kept, as run --json does, not the 18 asked for', async () => {
    const s: Scenario = {
      ...getPreset('broker-failure')!.build(),
      name: 'refused-add',
      cluster: { brokers: 3, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: null },
      actions: [
        { atSec: 1, do: 'crashBroker', broker: 1 },
        { atSec: 2, do: 'crashBroker', broker: 2 },
        { atSec: 3, do: 'crashBroker', broker: 3 },
        { atSec: 20, do: 'addPartitions', count: 6 },
      ],
    }
    const cli = runJson(s, 25)
    expect(cli.partitions).toHaveLength(12)
    expect(cli.refusedPartitionAdds?.[0]?.error).toBe('All brokers are currently fenced.')
    const { page, errors } = await openAt(s, 25)
    await expect.poll(() => page.getByLabel('Partitions', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('12')
    expect(await page.locator('[data-testid="highway"] rect.road').count()).toBe(12)
    // 18 asked for again is 6 more than the topic has (not "no change" against the settings' 18):
    // refused again (every broker still fenced), and the link records the second add of 6.
    const field = page.getByLabel('Partitions', { exact: true })
    await field.fill('18')
    await field.press('Enter')
    await expect.poll(() => (scenarioInUrl(page.url())?.actions ?? []).filter((a) => a.do === 'addPartitions').map((a) => (a as { count: number }).count), { timeout: 10_000 }).toEqual([6, 6])
    // Refused again: left, the field says the 12 the topic has (it kept the typed 18: its value never changed).
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('12')
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    // Compare mode's shared field too (side A's run): acks 1 vs acks all, both refused.
    const sides = getLesson('hot-brokers')!.variants
    await page.goto(`${suite().preview.url}#${compareLinkHash(s, sides, { t: 25 })}`)
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 30_000, interval: 100 }).toEqual(['25', 'false'])
    await expect.poll(() => page.getByLabel('Partitions', { exact: true }).inputValue(), { timeout: 10_000 }).toBe('12')
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})

describe('a lesson step’s lanes on a compare side’s thin lanes, presenter mode', () => {
  it('hot-brokers step 2 (“Watch lanes 1, 4, 6, 11”): both sides name P1, P4, P6 and P11, none covering another', async () => {
    const page = await suite().browser.newPage({ viewport: PROJECTOR })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#lesson=hot-brokers&step=2`)
    await expect.poll(() => page.locator('.compare-side [data-testid="highway"]').count(), { timeout: 30_000 }).toBe(2)
    await page.keyboard.press('p')
    await page.locator('.compare-app.presenter').waitFor({ timeout: 10_000 })
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    const sides = () =>
      page.locator('.compare-side [data-testid="highway"]').evaluateAll((hws) =>
        hws.map((hw) => {
          const names = Array.from(hw.querySelectorAll('text.p')).filter((e) => e.getAttribute('display') !== 'none')
          const boxes = names.map((e) => ({ text: e.textContent ?? '', r: e.getBoundingClientRect() }))
          const overlaps = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom - 2 && b.r.top < a.r.bottom - 2).map((b) => `${a.text}/${b.text}`))
          const road = hw.querySelector('rect.road')!.getBoundingClientRect().height
          return { names: boxes.map((b) => b.text), overlaps, road }
        }),
      )
    await expect.poll(async () => (await sides()).map((s) => s.names), { timeout: 10_000 }).toEqual([
      ['P1', 'P4', 'P6', 'P11'],
      ['P1', 'P4', 'P6', 'P11'],
    ])
    for (const s of await sides()) {
      expect(s.road).toBeLessThan(10)
      expect(s.overlaps).toEqual([])
    }
    await page.screenshot({ path: join(ARTIFACTS, 'broker-pauses-lesson-names.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
