// "Rebalance cluster" in a real browser (Debian's chromium via playwright-core): the panel lists the
// plan the headless simulation computes at that moment, "Run the plan" records a live
// rebalanceCluster in the run's link, and the page narrates the same moves, at the same moment, as a
// headless run of that link does. One build, preview, browser and page for the file.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { narrationLine } from '../../src/sim/narration.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { ARTIFACTS, collectErrors, scenarioInUrl, simTime, waitForSimTime } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-cluster-rebalance-test')
const suite = browserSuite(OUT)

describe('cluster rebalance on the page', () => {
  it('shows the headless plan, runs it live, and narrates the same moves the link replays', async () => {
    // The preset without its scripted rebalance: the page's button is the only one.
    const scenario = { ...getPreset('cluster-rebalance')!.build(), actions: [] }
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(scenario))}`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(25)))
    await waitForSimTime(page, 2.5, 30_000)
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
    const t = await simTime(page)

    // The plan at that moment, headless (the last metrics window is the same whole second).
    const sim = createSimulation(scenario)
    sim.advanceTo(t * 1000)
    const plan = sim.clusterPlan()
    expect(plan.leaderMoves).toBe(3)
    const toggle = page.getByRole('button', { name: 'Rebalance cluster…' })
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    const moves = page.getByRole('list', { name: 'Planned moves' }).getByRole('listitem')
    await expect.poll(() => moves.allTextContents(), { timeout: 10_000 }).toEqual(plan.moves.map((m) => `P${m.partition}: leader broker ${m.from + 1} → broker ${m.to + 1}`))

    // For a look at 1024×768 (test/artifacts is not committed).
    await page.screenshot({ path: join(ARTIFACTS, 'cluster-rebalance.png') })
    await page.getByLabel('Copy throttle').selectOption('10000000')
    await page.getByRole('button', { name: 'Run the plan' }).click()
    // The link records the command at the moment it ran.
    await expect
      .poll(() => scenarioInUrl(page.url())?.actions.filter((a) => a.do === 'rebalanceCluster') ?? [], { timeout: 15_000 })
      .toEqual([expect.objectContaining({ do: 'rebalanceCluster', throttleBytesPerSec: 10_000_000 })])
    const link = scenarioInUrl(page.url())!
    const at = link.actions[0]!.atSec

    // Headless, the link narrates these cluster lines; the page's narration shows the same ones.
    const replay = createSimulation(link)
    replay.advanceTo(at * 1000 + 1)
    const expected = replay
      .drainTrace()
      .filter((e) => e.fact.kind.startsWith('cluster.'))
      .map((e) => narrationLine(e).replace(/\s+/g, ' '))
    expect(expected.length).toBe(5) // plan, three elections, done
    const lines = async (): Promise<string[]> =>
      (await page.getByRole('log').locator('li').allTextContents())
        .map((l) => l.replace(/\s+/g, ' ').trim())
        .filter((l) => /cluster rebalance|preferred-leader election/.test(l))
        .reverse()
    await expect.poll(lines, { timeout: 15_000 }).toEqual(expected)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})

describe('the cluster plan on a 1024×768 projector, presenter mode', () => {
  it('is in the broker strip’s 16 px (it was 13 px, its button 12 px), and every lane stays inside the highway', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(getPreset('cluster-rebalance')!.build()))}&t=3`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await page.keyboard.press('p')
    await page.locator('.app.presenter').waitFor()
    const toggle = page.getByRole('button', { name: 'Rebalance cluster…' })
    await toggle.click()
    await expect.poll(() => page.getByRole('list', { name: 'Planned moves' }).getByRole('listitem').count(), { timeout: 10_000 }).toBe(3)
    const sizes = await page.locator('.cluster-plan').evaluate((panel) =>
      Array.from(panel.querySelectorAll('button, p, li, label, select')).map((e) => `${(e.textContent ?? '').trim().slice(0, 24)}: ${getComputedStyle(e).fontSize}`),
    )
    for (const s of sizes) expect(parseFloat(s.split(': ').at(-1)!), s).toBeGreaterThanOrEqual(16)
    const lanes = await page.evaluate(() => {
      const hw = document.querySelector('[data-testid="highway"]')!.getBoundingClientRect()
      return Array.from(document.querySelectorAll('[data-testid="highway"] rect.road')).map((r) => {
        const b = r.getBoundingClientRect()
        return b.top >= hw.top - 0.5 && b.bottom <= hw.bottom + 0.5 ? Math.round(b.height) : -1
      })
    })
    expect(lanes).toHaveLength(12)
    for (const h of lanes) expect(h).toBeGreaterThanOrEqual(8)
    await page.screenshot({ path: join(ARTIFACTS, 'cluster-plan-presenter.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 30_000)
})
