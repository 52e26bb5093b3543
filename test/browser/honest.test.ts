// Honest screens in a real browser (Debian's chromium via playwright-core, 1280×720): the status
// bar counts rebalances since the mark (the CLI's rebalance log is the oracle), "Which lane?"
// answers with the partitions a script added (the CLI's `partition` is the oracle), and injected
// faults can be undone from the consumer menu (revive a crashed consumer, restore a slowed one).
// Two page opens, both moment links (opened paused at the moment, computed by the worker).

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runPartition } from '../../src/cli/partitionCommand.ts'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { ARTIFACTS, collectErrors, waitForSimTime } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-honest-test')
const VIEWPORT = { width: 1280, height: 720 }

const suite = browserSuite(OUT)


function preset(name: string): Scenario {
  const p = getPreset(name)
  if (p === undefined) throw new Error(`no preset ${name}`)
  return p.build()
}

/**
 * consumer-crash, sped up so the page need not compute 80 s: the crash at 8 s and a 6 s session
 * timeout (group.min.session.timeout.ms), so the coordinator removes consumer-2 at about 13 s.
 */
function quickCrash(): Scenario {
  const s = preset('consumer-crash')
  return {
    ...s,
    group: { ...s.group, config: { ...s.group.config, 'session.timeout.ms': 6000, 'heartbeat.interval.ms': 1000 } },
    actions: [{ atSec: 8, do: 'crashConsumer', consumer: 'consumer-2' }],
  }
}

/** Opens a moment link and waits until the page shows that moment, paused. */
async function openAt(scenario: Scenario, sec: number): Promise<{ page: Page; errors: string[] }> {
  const page = await suite().browser.newPage({ viewport: VIEWPORT })
  const errors = collectErrors(page)
  await page.goto(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(scenario))}&t=${sec}`)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  await waitForSimTime(page, sec, 20_000)
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
  return { page, errors }
}

interface RebalanceEntry {
  startMs: number
}

function cliRebalanceLog(scenario: Scenario, seconds: number): RebalanceEntry[] {
  const r = runRun(['--scenario', encodeScenario(scenario), '--seconds', String(seconds), '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(r.stderr)
  return (JSON.parse(r.stdout) as { rebalanceLog: RebalanceEntry[] }).rebalanceLog
}

async function statusRebalances(page: Page): Promise<number> {
  return Number(await page.locator('.status [data-count="rebalances"]').getAttribute('data-value'))
}

async function markMs(page: Page): Promise<number> {
  return Number(await page.locator('.status .since-mark').getAttribute('data-mark'))
}

function consumer(page: Page, name: string) {
  return page.locator(`[data-testid="highway"] g.consumer[aria-label^="${name}:"]`)
}

async function menuFor(page: Page, name: string) {
  await consumer(page, name).click()
  const menu = page.getByRole('menu', { name: `Actions for ${name}` })
  await menu.waitFor()
  return menu
}

describe('honest screens', () => {
  it('counts since the mark, revive after a crash, restore speed after a slow-down (consumer-crash, crash at 8 s, 6 s session timeout)', async () => {
    const scenario = quickCrash()
    const { page, errors } = await openAt(scenario, 16)
    // Default mark: the group first settled, which a warm start has at 0 s. Only the crash's
    // rebalance is after it, as the CLI's log says.
    const mark = await markMs(page)
    expect(scenario.start).toBe('warm')
    expect(mark).toBe(0)
    const after = cliRebalanceLog(scenario, 16).filter((r) => r.startMs > mark)
    expect(after.length).toBe(1)
    await expect.poll(() => statusRebalances(page), { timeout: 5_000 }).toBe(after.length)
    await expect(page.locator('.status .since-label').textContent()).resolves.toContain(`since ${(mark / 1000).toFixed(1)} s`)

    // Mark now: nothing has happened since.
    await page.locator('.status').getByRole('button', { name: 'Mark now' }).click()
    await expect.poll(() => statusRebalances(page), { timeout: 5_000 }).toBe(0)
    await expect(page.locator('.status .since-label').textContent()).resolves.toContain('since 16.0 s')

    // consumer-2 crashed at 8 s and was removed at about 13 s: revive it.
    await expect(consumer(page, 'consumer-2').getAttribute('aria-label')).resolves.toMatch(/: gone/)
    await (await menuFor(page, 'consumer-2')).getByRole('menuitem', { name: /^Revive/ }).click()
    // Slow consumer-1 down.
    await (await menuFor(page, 'consumer-1')).getByRole('menuitem', { name: /^Slow down/ }).click()
    await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(10)))
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await waitForSimTime(page, 24, 20_000)
    // The revived consumer rejoined: a rebalance since the mark, and it is no longer gone.
    await expect.poll(() => statusRebalances(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
    await expect.poll(() => consumer(page, 'consumer-2').getAttribute('aria-label'), { timeout: 10_000 }).not.toMatch(/: gone/)
    await expect.poll(() => page.getByRole('log').textContent(), { timeout: 5_000 }).toMatch(/consumer-2 is back up and rejoins/)
    await expect.poll(() => consumer(page, 'consumer-1').getAttribute('aria-label'), { timeout: 5_000 }).toMatch(/slowed to 0\.25× speed/)

    // Restore speed: the menu offers it instead of another slow-down, and the card says so.
    const menu = await menuFor(page, 'consumer-1')
    expect(await menu.getByRole('menuitem', { name: /^Slow down/ }).count()).toBe(0)
    await menu.getByRole('menuitem', { name: 'Restore normal speed' }).click()
    await expect.poll(() => consumer(page, 'consumer-1').getAttribute('aria-label'), { timeout: 10_000 }).not.toMatch(/slowed/)
    await expect.poll(() => page.getByRole('log').textContent(), { timeout: 5_000 }).toMatch(/consumer-1/)
    expect(errors).toEqual([])
    await page.close()
  })

  it('"Which lane?" after a scripted addPartitions answers with the new count, as `highway partition` does (add-partitions)', async () => {
    const { page, errors } = await openAt(preset('add-partitions'), 31)
    const key = 'order-4711'
    await page.getByLabel('Record key').fill(key)
    const cli = runPartition(['--partitions', '12', key], null)
    expect(cli.code).toBe(0)
    const partition = /\d+\s*$/.exec(cli.stdout.trim())?.[0]?.trim()
    expect(partition).toBeDefined()
    const answer = page.locator('.which-result')
    await expect.poll(() => answer.textContent(), { timeout: 5_000 }).toContain(`mod 12 → P${partition}`)
    await expect(page.getByLabel('Partitions', { exact: true }).inputValue()).resolves.toBe('12')
    expect(errors).toEqual([])
    await page.close()
  })
})
