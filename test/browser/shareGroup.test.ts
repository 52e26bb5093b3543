// A share group (KIP-932) in a real browser (Debian's chromium via playwright-core, 1024×768): a
// moment link of the share-group-hot-lane preset opens paused where a crashed member's records are
// still locked; the share-group panel shows what `highway run --json` says at that moment (its
// shareGroup figures and lags), each lane names a reader and counts the other, the crashed member's records say
// when they come back; the group-type control turns it back into a consumer group. Then, with the
// broker holding two lanes' share coordinator down, the acknowledgements waiting for it (KIP-932).

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import type { RunSummary } from '../../src/sim/simulationApi.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { narrationLine } from '../../src/sim/narration.ts'
import type { ScenarioAction } from '../../src/scenario/types.ts'
import { ARTIFACTS, collectErrors, tableLags } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-share-group-test')
const suite = browserSuite(OUT)

/** `highway run --preset share-group-hot-lane --seconds S --json`, in this process. */
function cli(seconds: number): RunSummary {
  const r = runRun(['--preset', 'share-group-hot-lane', '--seconds', String(seconds), '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as RunSummary
}

const fmt = (n: number): string => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

describe('share group on the page', () => {
  it('shows at a moment what the CLI says, names each lane’s readers and a crashed member’s locked records, and switches back', async () => {
    const preset = getPreset('share-group-hot-lane')!
    const at = 35
    const expected = cli(at)
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(preset.build()))}&t=${at}`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await expect.poll(() => tableLags(page), { timeout: 20_000, interval: 250 }).toEqual(expected.partitions.map((p) => p.lag))

    const panel = page.getByRole('region', { name: 'Share group', exact: true })
    const figure = (name: string) => panel.locator(`td[data-figure="${name}"]`).textContent()
    const sg = expected.shareGroup!
    expect(await figure('In flight now')).toBe(fmt(sg.inFlight))
    expect(await figure('Redelivered')).toBe(fmt(sg.redelivered))
    expect(await figure('Archived')).toBe(fmt(sg.archived))
    expect(await figure('Most in flight on one lane')).toBe(fmt(sg.inFlightMax))
    // consumer-3 crashed at 20 s; its locks expire at 50 s: 15 s after the moment shown.
    await panel.getByText(/consumer-3 stopped holding [\d,]+ records: they come back to the others in 15 s/).waitFor({ timeout: 5000 })

    // Every lane names its readers (the simple assignor: 12 members over 6 partitions; Kafka's
    // member order pairs consumer-1 with consumer-9 on partition 1, and consumer-3 with consumer-7 on
    // the hot lane, where only consumer-7 is still running at this moment).
    // A lane names the reader whose colour it carries and counts the other ("c1 +1"); its
    // accessible name lists both.
    const labels = await page.locator('[data-testid="highway"] text.owner').allTextContents()
    expect(labels).toContain('c1 +1')
    expect(labels[0]).toBe('c7')
    expect(await page.locator('[data-testid="highway"] text.owner').nth(1).getAttribute('aria-label')).toBe('P1 read by consumer-1 and consumer-9')
    // The metrics table names both readers ("consumer-1+consumer-9", wrapping after the "+") and
    // still fits its 300 px panel at 1024 px: In-rate and Lag are not pushed out of sight, and
    // neither is the story's config name (group.share.partition.max.record.locks).
    const owners = await page.locator('table[aria-label="Partition metrics"] tbody td:nth-of-type(1)').allTextContents()
    expect(owners[1]).toBe('consumer-1+consumer-9')
    const fit = await page.evaluate(() => {
      const right = document.querySelector('aside.right')!
      const lag = document.querySelector('table[aria-label="Partition metrics"] thead th:last-child')!.getBoundingClientRect()
      const story = document.querySelector('.notice p.story')!
      return { overflow: right.scrollWidth - right.clientWidth, lagRight: lag.right, rightEdge: right.getBoundingClientRect().right, story: story.scrollWidth - story.clientWidth }
    })
    expect(fit.overflow).toBeLessThanOrEqual(0)
    expect(fit.lagRight).toBeLessThanOrEqual(fit.rightEdge)
    expect(fit.story).toBeLessThanOrEqual(0)
    // The panel is 300 px wide at 1920 px too, where the table's type is bigger: it fits there as well.
    await page.setViewportSize({ width: 1920, height: 1080 })
    await expect.poll(() => page.evaluate(() => document.querySelector('aside.right')!.scrollWidth - document.querySelector('aside.right')!.clientWidth)).toBeLessThanOrEqual(0)
    await page.setViewportSize({ width: 1024, height: 768 })

    // In presenter mode's 20 px type the readers' names still end before the consumer cards
    // (squeezed into the room between the lane's end and the consumer column).
    await page.keyboard.press('p')
    await expect.poll(() => page.locator('.app.presenter').count()).toBe(1)
    const clash = async (): Promise<string[]> =>
      page.evaluate(() => {
        const cards = Math.min(...Array.from(document.querySelectorAll('[data-testid="highway"] g.consumer rect.box')).map((r) => r.getBoundingClientRect().left))
        return Array.from(document.querySelectorAll<SVGTextElement>('[data-testid="highway"] text.owner'))
          .filter((t) => getComputedStyle(t).display !== 'none' && t.getBoundingClientRect().right > cards)
          .map((t) => `${t.textContent} ends at ${Math.round(t.getBoundingClientRect().right)}, cards start at ${Math.round(cards)}`)
      })
    await expect.poll(async () => (await page.locator('[data-testid="highway"] text.owner').first().getAttribute('font-size')) === '20').toBe(true)
    expect(await clash()).toEqual([])
    await page.keyboard.press('p')

    // Back to a consumer group: the run restarts as one, and the share-group panel goes away.
    await page.getByLabel('Group type').selectOption('consumer')
    await expect.poll(() => panel.count(), { timeout: 15_000, interval: 250 }).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  }, 25_000)

  it('with broker 3 down, the panel shows the acknowledgements waiting for its share coordinator, the strip and the narration say whose state it held', async () => {
    const preset = getPreset('share-group-hot-lane')!
    const sc = { ...preset.build(), actions: [{ do: 'crashBroker', broker: 3, atSec: 4 } as ScenarioAction, ...(preset.build().actions ?? [])] }
    const at = 9
    // Headless at that moment: acknowledgements wait on the lanes whose state broker 3 held.
    const sim = createSimulation(sc)
    sim.advanceTo(at * 1000)
    const sg = sim.frame(0).shareGroup!
    expect(sg.acksWaiting).toBeGreaterThan(0)
    const lost = sim.drainTrace().find((e) => e.fact.kind === 'shareState.lost')!
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(sc))}&t=${at}`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    const panel = page.getByRole('region', { name: 'Share group', exact: true })
    await expect.poll(() => panel.locator('td[data-figure="Acks waiting for state"]').textContent(), { timeout: 20_000, interval: 250 }).toBe(fmt(sg.acksWaiting))
    expect(await panel.locator('td[data-figure="Acks written late"]').textContent()).toBe('0')
    await expect.poll(() => page.locator('ul[aria-label="Brokers"] > li[data-broker="3"]').getAttribute('aria-label')).toMatch(/\(down\).*share coordinator for 2 partitions' state/)
    const line = narrationLine(lost).replace(/\s+/g, ' ')
    await expect.poll(async () => (await page.getByRole('log').locator('li').allTextContents()).map((l) => l.replace(/\s+/g, ' ').trim()), { timeout: 10_000 }).toContain(line)
    expect(errors).toEqual([])
    await page.close()
  }, 30_000)
})

