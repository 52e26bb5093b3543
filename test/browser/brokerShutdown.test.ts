// A controlled shutdown from the page, as a teacher would show it on a 1024×768 projector (Debian's
// chromium via playwright-core): the broker menu shuts broker 2 down; the narration says the
// controller moved its leaders first; no lane ever says "no leader" (a crash's lanes do, for
// broker.session.timeout.ms); the strip says DOWN once it stopped; the link records the action.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { ARTIFACTS, collectErrors, scenarioInUrl, simTime, waitForSimTime } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-broker-shutdown-test')
const suite = browserSuite(OUT)

const visibleText = (page: Page, sel: string) =>
  page.locator(`[data-testid="highway"] ${sel}`).evaluateAll((els) => els.filter((e) => e.getAttribute('display') !== 'none').map((e) => e.textContent ?? ''))

describe('controlled shutdown on the page', () => {
  it('shut down broker 2 from the strip at 1024×768: leaders move first, no lane is ever leaderless, then it is DOWN', async () => {
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    // broker-failure's cluster (RF 3, min.insync.replicas 2, acks=all) without its scripted crash.
    const s = { ...getPreset('broker-failure')!.build(), actions: [] }
    await page.goto(`${preview.url}#s=${encodeURIComponent(encodeScenario(s))}`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await waitForSimTime(page, 3)
    await page.getByRole('button', { name: 'Broker 2, b2: crash, shut down, restart or slow disk' }).click()
    const item = page.getByRole('menuitem', { name: 'Shut down broker (controlled: its leaders move first)' })
    // The menu's three items fit the projector's width, each on its own line.
    const menuBox = await page.getByRole('menu').boundingBox()
    expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(1024)
    await page.screenshot({ path: join(ARTIFACTS, 'broker-shutdown-open-menu-1024.png') })
    await item.click()
    // Paused at once: about 2 s of simulated time pass before the controller lets it stop (at 1×, 2 s of wall time).
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    const log = page.getByRole('log')
    await expect.poll(() => log.textContent(), { timeout: 10_000 }).toContain('broker 2 shuts down cleanly (controlled.shutdown.enable)')
    const box = page.getByRole('listitem', { name: /^Broker 2/ })
    if (!(await log.textContent())!.includes('broker 2 stopped')) {
      await expect.poll(() => box.textContent(), { timeout: 5_000 }).toMatch(/STOPPING/)
      await page.screenshot({ path: join(ARTIFACTS, 'broker-shutdown-stopping-1024.png') })
    }
    expect(await visibleText(page, 'text.no-leader')).toEqual([])
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    // Sample the lanes while the broker stops and after: never a "no leader" lane.
    let noLeader = 0
    const start = await simTime(page)
    while ((await simTime(page)) < start + 4) {
      noLeader += (await visibleText(page, 'text.no-leader')).length
      await page.waitForTimeout(50)
    }
    expect(noLeader).toBe(0)
    await expect.poll(() => box.textContent(), { timeout: 10_000 }).toMatch(/DOWN/)
    expect(await visibleText(page, 'text.leader')).not.toContain('b2')
    expect(await log.textContent()).toMatch(/broker 2 stopped \(controlled shutdown, \d+(\.\d)? s after it asked\)/)
    expect(scenarioInUrl(page.url())?.actions.find((a) => a.do === 'shutdownBroker')).toMatchObject({ do: 'shutdownBroker', broker: 2 })
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.screenshot({ path: join(ARTIFACTS, 'broker-shutdown-1024.png') })
    // The menu of the stopped broker offers the restart.
    await page.getByRole('button', { name: 'Broker 2, b2: crash, shut down, restart or slow disk' }).click()
    await page.getByRole('menuitem', { name: 'Restart broker (it catches up and rejoins)' }).waitFor()
    await page.screenshot({ path: join(ARTIFACTS, 'broker-shutdown-menu-1024.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})
