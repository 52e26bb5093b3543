// Compare mode in a real browser (Debian's chromium via playwright-core, 1280×720): the link
// `highway compare --link` prints opens two sides on one clock whose lags at a paused moment are
// the straight headless runs' lags, a fault clicked on one side happens on both at one moment and is
// in the link, the difference strip stars the better side and nothing overflows, and "Fork to
// compare" opens paused at the moment it was chosen; "Rebalance cluster…" on side B rebalances side B
// alone and its link replays that. One build, preview and browser for the file.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MAX_WALL_STEP_MS } from '../../src/app/driver.ts'
import { runCompare } from '../../src/cli/compareCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { compareLinkHash, readLinkHash } from '../../src/scenario/links.ts'
import { parseVariant } from '../../src/scenario/overrides.ts'
import { animationFrames, ARTIFACTS, collectErrors, scenarioInUrl, setSpeed, simTime, tableLags, waitForSimTime } from './harness.ts'
import { cardClashes } from './highwayPage.ts'
import { browserSuite, noFiles, runLags } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-compare-test')
const VIEWPORT = { width: 1280, height: 720 }
const PRESET = 'consumer-joins-eager'
/** The two sides, as `--variant` texts and as `run --set` flags. */
const SIDES = [
  { label: 'eager', set: ['group.protocol=eager', 'group.assignor=range'] },
  { label: 'cooperative', set: ['group.protocol=cooperative', 'group.assignor=cooperative-sticky'] },
]

const suite = browserSuite(OUT)

/** `highway compare --preset consumer-joins-eager --variant … --variant … --link --base-url <preview>`, in this process. */
async function compareLink(): Promise<string> {
  const args = ['--preset', PRESET]
  for (const s of SIDES) args.push('--variant', `${s.label}: ${s.set.join(', ')}`)
  const r = await runCompare([...args, '--link', '--base-url', suite().preview.url], noFiles, { parallel: false })
  if (r.code !== 0) throw new Error(`highway compare --link failed: ${r.stderr}`)
  return r.stdout.trim()
}

/** `highway run ARGS --set (side's overrides) --seconds SEC --json`'s partitions[].lag. */
function cliLags(args: string[], side: (typeof SIDES)[number] | null, seconds: number): number[] {
  const sets = side === null ? [] : side.set.flatMap((s) => ['--set', s])
  return runLags([...args, ...sets, '--seconds', String(seconds)])
}

async function open(url: string, viewport = VIEWPORT): Promise<{ page: Page; errors: string[] }> {
  const page = await suite().browser.newPage({ viewport })
  const errors = collectErrors(page)
  await page.goto(url)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}

async function pause(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
}

/** Lags of the side labelled `label`, from its table "Partition metrics: LABEL". */
async function sideLags(page: Page, label: string): Promise<number[]> {
  return page.evaluate(
    (l) =>
      Array.from(document.querySelectorAll(`table[aria-label="Partition metrics: ${l}"] tbody tr`)).map((tr) =>
        Number(tr.querySelector('td[data-lag]')?.getAttribute('data-lag') ?? 'NaN'),
      ),
    label,
  )
}

/**
 * The paused moment in ms: compare mode writes it into its link (t=, whole ms) once paused. Waits
 * until the clock has held still over 20 frames and the link names it.
 */
async function pausedMoment(page: Page): Promise<number> {
  let ms = -1
  await expect
    .poll(
      async () => {
        const before = readLinkHash(new URL(page.url()).hash).t
        await animationFrames(page, 20)
        const after = readLinkHash(new URL(page.url()).hash).t
        if (after === undefined || before !== after) return false
        ms = Math.round(after * 1000)
        return (await page.getByRole('timer', { name: 'Simulated time' }).textContent()) === `${(Math.round(ms / 100) / 10).toFixed(1)} s`
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true)
  return ms
}

/** Both sides, paused at `ms`, show exactly the headless runs' lags (the tables refresh twice a second). */
async function expectSideLags(page: Page, ms: number, scenarioArgs: string[]): Promise<Array<number[]>> {
  const all: Array<number[]> = []
  for (const side of SIDES) {
    const expected = cliLags(scenarioArgs, side, ms / 1000)
    expect(expected.length).toBeGreaterThan(0)
    await expect.poll(() => sideLags(page, side.label), { timeout: 15_000, interval: 250 }).toEqual(expected)
    all.push(expected)
  }
  return all
}

/** Per animation frame for `n` frames: the sim ms each side's highway shows (its data-t). */
async function sideTimes(page: Page, n: number): Promise<Array<[number, number]>> {
  return page.evaluate(
    (count) =>
      new Promise<Array<[number, number]>>((resolve) => {
        const out: Array<[number, number]> = []
        const tick = (): void => {
          const ts = Array.from(document.querySelectorAll<HTMLElement>('.compare-side [data-testid="highway"]')).map((e) => Number(e.dataset['t']))
          out.push([ts[0] ?? Number.NaN, ts[1] ?? Number.NaN])
          if (out.length >= count) resolve(out)
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    n,
  )
}

/** Pairs of the lanes' column titles ("Lane", "Records flow →", …) that run into each other, per highway. */
async function overlappingTitles(page: Page): Promise<string[]> {
  return page.locator('.compare-side [data-testid="highway"]').evaluateAll((els) =>
    els.flatMap((e, side) => {
      const boxes = Array.from(e.querySelectorAll<SVGTextElement>('text.title'))
        .filter((t) => (t.textContent ?? '') !== '' && t.getAttribute('visibility') !== 'hidden')
        .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }))
        .sort((a, b) => a.r.left - b.r.left)
      return boxes.slice(1).flatMap((b, i) => (boxes[i]!.r.right > b.r.left ? [`side ${side}: "${boxes[i]!.text}" runs into "${b.text}"`] : []))
    }),
  )
}

async function consumerLabel(page: Page, side: number, name: string): Promise<string> {
  const labels = await page.locator('.compare-side').nth(side).locator('g.consumer').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label') ?? ''))
  return labels.find((l) => l.startsWith(`${name}:`)) ?? ''
}

/** Side `side`'s broker strip: each broker's in-rate (records/s) and how many partitions it leads. */
async function brokerLoads(page: Page, side: number): Promise<Array<{ inRate: number; leaders: number }>> {
  return page
    .locator('.compare-side')
    .nth(side)
    .locator('ul[aria-label="Brokers"] > li')
    .evaluateAll((lis) => lis.map((li) => ({ inRate: Number((li as HTMLElement).dataset['inRate']), leaders: Number((li as HTMLElement).dataset['leaders']) })))
}

/** The busiest broker's in-rate minus the quietest's. */
const spread = (bs: Array<{ inRate: number }>): number => Math.max(...bs.map((b) => b.inRate)) - Math.min(...bs.map((b) => b.inRate))

/**
 * Sides whose strategy summary is cut (wider than its box) or sticks out of its header, or whose
 * box runs into another of the header's items (the label, Rebalance cluster…, Strategy).
 */
async function cutSummaries(page: Page): Promise<string[]> {
  return page.locator('.compare-side .side-head').evaluateAll((heads) =>
    heads.flatMap((head, side) => {
      const s = head.querySelector<HTMLElement>('.side-summary')
      if (s === null) return [`side ${side}: no summary`]
      const out: string[] = []
      const r = s.getBoundingClientRect()
      const h = head.getBoundingClientRect()
      if (s.scrollWidth > s.clientWidth + 1) out.push(`side ${side}: "${s.textContent}" cut (${s.scrollWidth} > ${s.clientWidth} px)`)
      if (r.left < h.left - 0.5 || r.right > h.right + 0.5 || r.top < h.top - 0.5 || r.bottom > h.bottom + 0.5) out.push(`side ${side}: summary outside its header`)
      for (const other of Array.from(head.children)) {
        if (other === s || !(other instanceof HTMLElement) || other.offsetParent === null) continue
        const o = other.getBoundingClientRect()
        if (o.width > 0 && r.left < o.right - 0.5 && o.left < r.right - 0.5 && r.top < o.bottom - 0.5 && o.top < r.bottom - 0.5)
          out.push(`side ${side}: summary runs into ${other.className || other.tagName}`)
      }
      return out
    }),
  )
}

async function horizontalScroll(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const el = document.scrollingElement!
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }
  })
}

describe('compare mode', () => {
  it('`compare --link` opens eager and cooperative on one clock, each side’s lags at a paused moment = `run --set … --seconds t`; the strip stars the better side and fits 1280×720 and 1024×768', async () => {
    const link = await compareLink()
    expect(link.startsWith(`${suite().preview.url}#`)).toBe(true)
    const { page, errors } = await open(link)
    expect(await page.getByRole('table', { name: `Partition metrics: ${SIDES[0]!.label}`, exact: true }).count()).toBe(1)
    expect(await page.getByRole('table', { name: `Partition metrics: ${SIDES[1]!.label}`, exact: true }).count()).toBe(1)
    expect(await page.locator('.compare-side .side-label').allTextContents()).toEqual(SIDES.map((s) => s.label))
    // One clock for both sides.
    expect(await page.getByRole('timer', { name: 'Simulated time' }).count()).toBe(1)

    // While playing, both highways show the same moment, give or take the one driver tick in which
    // one side's frame has arrived and the other's is on its way.
    const speed = 5
    await setSpeed(page, speed)
    await waitForSimTime(page, 2)
    const samples = await sideTimes(page, 60)
    expect(samples.at(-1)![0]).toBeGreaterThan(samples[0]![0])
    expect(samples.at(-1)![1]).toBeGreaterThan(samples[0]![1])
    // (+2: the sides run to whole ms of fractional targets, and under load the lagging side may be
    // two short ticks behind that add up to one longest step: 502 was seen once in a loaded run.)
    for (const [ta, tb] of samples) expect(Math.abs(ta - tb)).toBeLessThanOrEqual(MAX_WALL_STEP_MS * speed + 2)
    // How often both frames are in at one instant depends on the machine's load; they meet at least once.
    expect(samples.some(([ta, tb]) => ta === tb)).toBe(true)

    // Past the fourth consumer joining at 30 s: eager stops every lane, cooperative only the moved ones.
    await setSpeed(page, 25)
    const t0 = await simTime(page)
    await waitForSimTime(page, 37, 90_000)
    expect(await simTime(page)).toBeGreaterThan(t0)
    await pause(page)
    const ms = await pausedMoment(page)
    expect(ms).toBeGreaterThanOrEqual(37_000)
    const lags = await expectSideLags(page, ms, ['--preset', PRESET])
    // (Lags alone may coincide once both groups have caught up; the strip below shows the two sides
    // ran different strategies: at least one of its rows differs.)
    // Paused means paused: every side holds still.
    await animationFrames(page, 30)
    expect(readLinkHash(new URL(page.url()).hash).t).toBe(ms / 1000)
    for (const [i, s] of SIDES.entries()) expect(await sideLags(page, s.label)).toEqual(lags[i])

    // The difference strip: where the sides' figures differ, the lower one carries ★ best; a tie, neither.
    const strips = await page.locator('.compare-side dl.diff-strip').evaluateAll((dls) =>
      dls.map((dl) =>
        Array.from(dl.querySelectorAll<HTMLElement>('.diff-cell[data-row]')).map((c) => ({
          row: c.dataset['row'] ?? '',
          value: (c.querySelector('dd')?.firstChild?.textContent ?? '').replace(/,/g, ''),
          best: c.dataset['best'] === 'true',
          star: (c.textContent ?? '').includes('★'),
        })),
      ),
    )
    expect(strips).toHaveLength(2)
    const [a, b] = strips as [typeof strips[0], typeof strips[0]]
    expect(a.map((c) => c.row)).toEqual(b.map((c) => c.row))
    let differing = 0
    for (const [i, ca] of a.entries()) {
      const cb = b[i]!
      expect(ca.star).toBe(ca.best)
      expect(cb.star).toBe(cb.best)
      const va = Number.parseFloat(ca.value)
      const vb = Number.parseFloat(cb.value)
      if (Number.isNaN(va) || Number.isNaN(vb) || va === vb) {
        expect([ca.row, ca.best, cb.best]).toEqual([ca.row, false, false])
        continue
      }
      differing++
      expect([ca.row, ca.best, cb.best]).toEqual([ca.row, va < vb, vb < va])
    }
    // Eager stopped every lane at the join, cooperative did not: at least that row differs.
    expect(differing).toBeGreaterThan(0)
    const stopped = (cells: typeof a) => Number.parseFloat(cells.find((c) => c.row === 'stopped')!.value)
    expect(stopped(a)).toBeGreaterThan(stopped(b))

    // Nothing overflows at 1280×720 with two sides; each side's lanes are on screen.
    const scroll = await horizontalScroll(page)
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth)
    const lanes = await page.locator('.compare-side [data-testid="highway"]').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect()
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, roads: e.querySelectorAll('rect.road').length }
      }),
    )
    expect(lanes).toHaveLength(2)
    for (const r of lanes) {
      expect(r.bottom - r.top).toBeGreaterThan(120)
      expect(r.top).toBeGreaterThanOrEqual(0)
      expect(r.bottom).toBeLessThanOrEqual(VIEWPORT.height)
      expect(r.left).toBeGreaterThanOrEqual(0)
      expect(r.right).toBeLessThanOrEqual(VIEWPORT.width)
      expect(r.roads).toBeGreaterThan(0)
    }
    expect(await overlappingTitles(page)).toEqual([])
    await page.screenshot({ path: join(ARTIFACTS, 'compare.png') })

    await page.setViewportSize({ width: 1024, height: 768 })
    await animationFrames(page, 10)
    const small = await horizontalScroll(page)
    expect(small.scrollWidth).toBeLessThanOrEqual(small.clientWidth)
    expect(await overlappingTitles(page)).toEqual([])
    await page.screenshot({ path: join(ARTIFACTS, 'compare-1024.png') })
    expect(errors).toEqual([])
    await page.close()
  })

  it('a crash clicked on one side’s consumer happens on both sides at one moment, and the link carries it for both to replay', async () => {
    const { page, errors } = await open(await compareLink())
    await setSpeed(page, 5)
    await waitForSimTime(page, 8)
    // Side B's (cooperative) consumer-2.
    await page.locator('.compare-side').nth(1).locator('g.consumer').nth(1).click()
    await page.getByRole('menu', { name: 'Actions for consumer-2' }).getByRole('menuitem', { name: /Crash/ }).click()
    for (const side of [0, 1]) await expect.poll(() => consumerLabel(page, side, 'consumer-2'), { timeout: 15_000 }).toMatch(/^consumer-2: gone/)
    expect(await consumerLabel(page, 0, 'consumer-1')).toMatch(/^consumer-1: (?!gone)/)
    // One crashConsumer action in the shared workload's script, none per side.
    await expect
      .poll(() => scenarioInUrl(page.url())?.actions.filter((x) => x.do === 'crashConsumer') ?? [], { timeout: 15_000 })
      .toHaveLength(1)
    const crash = scenarioInUrl(page.url())!.actions.find((x) => x.do === 'crashConsumer')!
    expect(crash).toMatchObject({ do: 'crashConsumer', consumer: 'consumer-2' })
    expect(crash.atSec).toBeGreaterThanOrEqual(8)
    for (const v of readLinkHash(new URL(page.url()).hash).v) expect(v).not.toMatch(/crash/i)

    await setSpeed(page, 25)
    await waitForSimTime(page, crash.atSec + 6)
    await pause(page)
    const ms = await pausedMoment(page)
    const link = page.url()
    // Each side's lags are those of a straight headless run with the crash at the link's moment.
    const lags = await expectSideLags(page, ms, ['--scenario', link])
    const noCrash = cliLags(['--preset', PRESET], SIDES[0]!, ms / 1000)
    expect(lags[0]).not.toEqual(noCrash)

    // The link as it stands (paused: t=) replays the crash on both sides in another page.
    const other = await open(link)
    await other.page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    await expectSideLags(other.page, ms, ['--scenario', link])
    for (const side of [0, 1]) expect(await consumerLabel(other.page, side, 'consumer-2')).toMatch(/^consumer-2: gone/)
    expect(errors).toEqual([])
    expect(other.errors).toEqual([])
    await other.page.close()
    await page.close()
  })

  it('Fork to compare from single mode (salting, from this moment) opens two sides paused at that moment', async () => {
    const preset = getPreset(PRESET)!
    // Single mode at an exact moment: a moment link opens paused at 12.3 s.
    const ms = 12_300
    const { page, errors } = await open(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(preset.build()))}&t=${ms / 1000}`)
    const singleLags = cliLags(['--preset', PRESET], null, ms / 1000)
    await expect.poll(() => tableLags(page), { timeout: 30_000, interval: 250 }).toEqual(singleLags)
    expect(await page.getByRole('timer', { name: 'Simulated time' }).textContent()).toBe('12.3 s')
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()

    await page.locator('details.fork > summary').click()
    await page.getByRole('group', { name: 'Fork to compare' }).getByRole('button', { name: /^Salt hot keys.*from this moment/ }).click()
    await page.getByRole('table', { name: 'Partition metrics: salted', exact: true }).waitFor()
    await page.getByRole('table', { name: 'Partition metrics: before', exact: true }).waitFor()
    expect(await page.locator('.compare-side').count()).toBe(2)
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    expect(await pausedMoment(page)).toBe(ms)
    // Both sides stand at the fork moment: "before" is the single run there; "salted" changes only from it on.
    await expect.poll(() => sideLags(page, 'before'), { timeout: 20_000, interval: 250 }).toEqual(singleLags)
    await expect.poll(() => sideLags(page, 'salted'), { timeout: 20_000, interval: 250 }).toEqual(singleLags)
    const v = readLinkHash(new URL(page.url()).hash).v
    expect(v).toEqual(['before:', `salted@${ms / 1000}: dynamic.salting.enabled=true`])
    // At the fork moment itself the salted side says it salts: its summary and its Strategy's checkbox.
    const salted = page.locator('.compare-side').nth(1)
    expect(await salted.locator('.side-summary').textContent()).toMatch(/salting ×\d+ \(changed at 12\.3 s\)/)
    expect(await salted.getByLabel('Salt hot keys').isChecked()).toBe(true)
    // Side B's Strategy, opened on a 1024×768 page, stays inside the window (above its header, where
    // the room is) and scrolls to its last control.
    await page.setViewportSize({ width: 1024, height: 768 })
    await animationFrames(page, 5)
    await salted.locator('details.side-controls > summary').click()
    const pop = salted.locator('.side-strategy')
    // Hidden until placed (no frame below the header, then above), then shown where it fits.
    await expect.poll(() => pop.isVisible(), { timeout: 2_000 }).toBe(true)
    const box = (await pop.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(768)
    const last = pop.locator('input, select').last()
    await last.scrollIntoViewIfNeeded()
    const lastBox = (await last.boundingBox())!
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(box.y + box.height)
    await salted.locator('details.side-controls > summary').click()
    // In presenter mode side B's header takes two lines (its summary has one of its own), so its
    // consumer cards are short: name and phase share a line and must still keep apart.
    await page.getByRole('button', { name: 'Presenter mode' }).click()
    await expect.poll(() => page.locator('.compare-app.presenter').count()).toBe(1)
    await animationFrames(page, 5)
    expect(await cardClashes(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('“Rebalance cluster…” on side B evens out side B’s brokers and not side A’s, on one clock; the link replays it after a reload', async () => {
    // cluster-rebalance's hot broker (3 brokers, replication factor 2) without its scripted plan: the button is the only one.
    const base = { ...getPreset('cluster-rebalance')!.build(), actions: [] }
    const { page, errors } = await open(`${suite().preview.url}#${compareLinkHash(base, [{ label: 'as is', set: {} }, { label: 'rebalanced', set: {} }])}`)
    await setSpeed(page, 5)
    await waitForSimTime(page, 2.5)
    // Both sides start alike: broker 1 leads 4 partitions, one of them the hot key's, and takes ~3800 records/s.
    for (const side of [0, 1]) await expect.poll(async () => spread(await brokerLoads(page, side)), { timeout: 10_000 }).toBeGreaterThan(2_000)

    // Each side's cluster panel is a landmark of its own name (axe: landmark-unique).
    expect(await page.getByRole('region', { name: /^Cluster rebalance/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      'Cluster rebalance: side A',
      'Cluster rebalance: side B',
    ])
    const b = page.locator('.compare-side').nth(1)
    await b.getByRole('button', { name: 'Rebalance cluster…' }).click()
    await b.getByRole('list', { name: 'Planned moves' }).waitFor()
    await b.getByLabel('Copy throttle').selectOption('10000000')
    await b.getByRole('button', { name: 'Run the plan' }).click()
    // The link records it on side B only (the shared workload's script stays empty).
    const sideActionsInLink = () =>
      readLinkHash(new URL(page.url()).hash).v.map((text) => {
        const r = parseVariant(text)
        return r.ok ? (r.variant.actions ?? []) : null
      })
    await expect.poll(sideActionsInLink, { timeout: 15_000 }).toEqual([[], [expect.objectContaining({ do: 'rebalanceCluster', throttleBytesPerSec: 10_000_000 })]])
    const at = sideActionsInLink()[1]![0]!.atSec
    expect(scenarioInUrl(page.url())?.actions).toEqual([])

    // Three preferred-leader elections (no data copied) move leadership off broker 1 on side B; side A stays as it was.
    await waitForSimTime(page, at + 3)
    await pause(page)
    const ms = await pausedMoment(page)
    expect(ms).toBeGreaterThanOrEqual((at + 3) * 1000)
    let a: Array<{ inRate: number; leaders: number }> = []
    let bl: Array<{ inRate: number; leaders: number }> = []
    await expect
      .poll(
        async () => {
          a = await brokerLoads(page, 0)
          bl = await brokerLoads(page, 1)
          return [a.map((x) => x.leaders), bl[0]?.leaders]
        },
        { timeout: 10_000 },
      )
      .toEqual([[4, 4, 4], 1])
    expect(spread(a)).toBeGreaterThan(2_500)
    expect(spread(bl)).toBeLessThan(spread(a) - 800)
    expect(Math.max(...bl.map((x) => x.inRate))).toBeLessThan(Math.max(...a.map((x) => x.inRate)) - 500)
    await page.locator('.compare-side').nth(1).screenshot({ path: join(ARTIFACTS, 'compare-rebalance.png') })
    // The side's header holds the panel without pushing the page sideways, at 1280 and at 1024 px,
    // and side B's summary ("eager · range · 3 brokers · RF 2 · rebalance the cluster …") reads whole, in presenter mode too.
    expect(await b.locator('.side-summary').textContent()).toMatch(/ · rebalance the cluster/)
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 720 })
      await animationFrames(page, 5)
      const scroll = await horizontalScroll(page)
      expect(scroll.scrollWidth, `${width} px`).toBeLessThanOrEqual(scroll.clientWidth)
      expect(await cutSummaries(page), `${width} px`).toEqual([])
    }
    await page.getByRole('button', { name: 'Presenter mode' }).click()
    await expect.poll(() => page.locator('.compare-app.presenter').count()).toBe(1)
    await animationFrames(page, 5)
    expect(await cutSummaries(page), '1024 px, presenter mode').toEqual([])
    // With the summary on a line of its own, the header's controls stay at its right end.
    const ends = await b.locator('.side-head').evaluate((h) => [h.getBoundingClientRect().right - parseFloat(getComputedStyle(h).paddingRight), h.querySelector('details.side-controls')!.getBoundingClientRect().right])
    expect(ends[1]).toBeGreaterThanOrEqual(ends[0]! - 1)
    expect((await horizontalScroll(page)).scrollWidth).toBeLessThanOrEqual(1024)
    await page.getByRole('button', { name: 'Presenter mode' }).click()

    // The link as it stands (paused: t=) opens another page whose sides show the same brokers at that moment.
    const other = await open(page.url())
    await other.page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    await expect.poll(() => brokerLoads(other.page, 1), { timeout: 30_000, interval: 250 }).toEqual(bl)
    await expect.poll(() => brokerLoads(other.page, 0), { timeout: 10_000, interval: 250 }).toEqual(a)
    expect(await pausedMoment(other.page)).toBe(ms)
    expect(errors).toEqual([])
    expect(other.errors).toEqual([])
    await other.page.close()
    await page.close()
  }, 120_000)
})
