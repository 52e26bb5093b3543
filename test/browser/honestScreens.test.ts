// Honest screens, warm start and countdowns, in a real browser (Debian's chromium via playwright-core,
// 1280×720): a warm preset's first moment shows the group already formed (every consumer consuming
// its lanes, lag as the CLI computes it, no rebalance), and a crash's session countdown on the
// consumer card, in its menu and in the narration says what the engine says at that paused moment.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { countdownShorts, countdownText } from '../../src/sim/countdownWords.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { ARTIFACTS, collectErrors, tableLags } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-honest-screens-test')
const VIEWPORT = { width: 1280, height: 720 }

const suite = browserSuite(OUT)

function presetHash(name: string): string {
  const preset = getPreset(name)
  if (preset === undefined) throw new Error(`no preset ${name}`)
  return `#s=${encodeURIComponent(encodeScenario(preset.build()))}`
}

let shared: { page: Page; errors: string[] } | null = null

/**
 * Opens a moment link: the page runs to `sec` and waits there, paused. One page for the file: a
 * later link is typed into the same page's address (read like a fresh link), as a teacher would.
 */
async function openAt(hash: string, sec: number): Promise<{ page: Page; errors: string[] }> {
  const { preview, browser } = suite()
  if (shared === null) {
    const page = await browser.newPage({ viewport: VIEWPORT })
    shared = { page, errors: collectErrors(page) }
  }
  const { page } = shared
  await page.goto(`${preview.url}${hash}&t=${sec}`)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  await expect.poll(() => page.getByRole('timer', { name: 'Simulated time' }).textContent(), { timeout: 20_000 }).toBe(`${sec.toFixed(1)} s`)
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
  return shared
}

/** The owner column of the "Partition metrics" table, by partition. */
async function tableOwners(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('table[aria-label="Partition metrics"] tbody tr'))
      .sort((a, b) => Number(a.getAttribute('data-partition')) - Number(b.getAttribute('data-partition')))
      .map((tr) => tr.querySelector('td')?.textContent ?? ''),
  )
}

interface CliRun {
  partitions: Array<{ lag: number; owner: string | null }>
  rebalances: number
  generation: number
}

function cli(args: string[]): CliRun {
  const r = runRun([...args, '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(`highway run ${args.join(' ')} failed: ${r.stderr}`)
  return JSON.parse(r.stdout) as CliRun
}

describe('honest screens: warm start and countdowns', () => {
  it('a warm preset opens on its steady state: every consumer consuming its lanes at 0.5 s, lag as headless, no rebalance', async () => {
    expect(getPreset('consumer-crash')?.build().start).toBe('warm')
    const { page, errors } = await openAt(presetHash('consumer-crash'), 0.5)
    const run = cli(['--preset', 'consumer-crash', '--seconds', '0.5'])
    expect(run.rebalances).toBe(0)
    const cards = page.locator('[data-testid="highway"] g.consumer')
    const labels = await cards.evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label') ?? ''))
    expect(labels).toHaveLength(getPreset('consumer-crash')!.build().group.consumers)
    for (const l of labels) expect(l).toMatch(/^consumer-\d+: consuming, owns 4 lanes\. Open actions$/)
    await expect.poll(() => tableLags(page), { timeout: 10_000, interval: 250 }).toEqual(run.partitions.map((p) => p.lag))
    // Lag about zero: what the last few milliseconds produced, nothing built up by a formation.
    expect(Math.max(...run.partitions.map((p) => p.lag))).toBeLessThan(50)
    expect(await tableOwners(page)).toEqual(run.partitions.map((p) => p.owner))
    expect(await page.locator('.status').textContent()).toContain(`Group Stable · gen ${run.generation}`)
    expect(errors).toEqual([])
  })

  it('a crash shows the session running down on the card, in the menu and in the narration, as the engine counts it', async () => {
    const at = 41.3
    const { page, errors } = await openAt(presetHash('consumer-crash'), at)
    const sim = createSimulation(getPreset('consumer-crash')!.build())
    sim.advanceTo(at * 1000)
    const member = sim.frame(0).members.find((m) => m.name === 'consumer-2')!
    expect(member.countdowns).toHaveLength(1)
    const cd = member.countdowns[0]!
    expect(cd).toMatchObject({ kind: 'session', limitMs: 45_000, config: 'session.timeout.ms' })
    const words = countdownText(cd, 'consumer-2')
    expect(words).toMatch(/^consumer-2 missed heartbeats for 1\d s of 45 s \(session\.timeout\.ms\)$/)

    const card = page.locator('[data-testid="highway"] g.consumer').nth(1)
    // The card's words are drawn beside its button (aria-hidden), in the same order as the cards.
    const cardWords = page.locator('[data-testid="highway"] g.consumer-label').nth(1)
    await expect.poll(() => cardWords.locator('text.owned').textContent(), { timeout: 10_000 }).toBe(countdownShorts(cd)[0])
    expect(await card.getAttribute('aria-label')).toContain(countdownText(cd, 'it'))
    const waiting = page.getByRole('list', { name: 'Waiting for' })
    await expect.poll(() => waiting.textContent(), { timeout: 10_000 }).toBe(`now ${words}`)
    await card.click()
    const menu = page.getByRole('menu', { name: 'Actions for consumer-2' })
    // The countdown describes the menu (a menu holds only menu items).
    const about = await menu.getAttribute('aria-describedby')
    expect(about).not.toBeNull()
    expect(await page.locator(`[id="${about}"]`).textContent()).toBe(words)
    expect(errors).toEqual([])
    await page.close()
    shared = null
  })
})
