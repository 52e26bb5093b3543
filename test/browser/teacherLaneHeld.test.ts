// broker-hotspot on one highway at 1024×768 in real Chromium (Debian's chromium via playwright-core),
// paused at 30 s. Broker 1 is at capacity, so the producers of the lanes it leads (1, 4, 6, 11) hold
// records it cannot append yet. A teacher opens lane P6 (the hot key's) from the metrics table: its
// details say how many records its producers hold and how long ago the oldest was sent, as
// `highway run --json`'s partitions[6] does at the same moment; a lane on another broker says nothing.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import type { RunSummary } from '../../src/sim/simulationApi.ts'
import { fmt } from '../../src/ui/LaneInspector.tsx'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-lane-held-test')
const suite = browserSuite(OUT)

const SEC = 30

describe('broker-hotspot at 30 s, 1024×768: lane P6’s details', () => {
  it('say what its producers hold and since when, as run --json does; P0 (broker 2’s) says nothing of it', async () => {
    const link = encodeScenario(getPreset('broker-hotspot')!.build())
    const r = runRun(['--scenario', link, '--seconds', String(SEC), '--json'], noFiles as Parameters<typeof runRun>[1])
    expect(r.code).toBe(0)
    const parts = (JSON.parse(r.stdout) as RunSummary).partitions
    const p6 = parts[6]!
    expect(p6.heldByProducers).toBeGreaterThan(10_000)
    expect(parts[0]!.heldByProducers).toBeUndefined()

    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#s=${encodeURIComponent(link)}&t=${SEC}`)
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 60_000, interval: 100 }).toEqual([String(SEC), 'false'])

    const details = page.getByRole('region', { name: 'Lane P6' })
    const heldRow = details.locator('dt', { hasText: /^Held by producers$/ }).locator('xpath=following-sibling::dd[1]')
    await page.getByRole('button', { name: 'Inspect lane P6' }).click()
    await expect.poll(() => heldRow.textContent({ timeout: 500 }).catch(() => null), { timeout: 10_000, interval: 200 }).toBe(`${fmt(p6.heldByProducers!)} records · oldest sent ${p6.heldOldestSec!.toFixed(1)} s ago`)
    // In sight on the projector's screen once opened.
    const box = (await heldRow.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(768)
    expect(box.x + box.width).toBeLessThanOrEqual(1024)
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-lane-held.png') })

    await page.getByRole('button', { name: 'Inspect lane P0' }).click()
    const p0 = page.getByRole('region', { name: 'Lane P0' })
    await p0.waitFor()
    expect(await p0.locator('dt').allTextContents()).not.toContain('Held by producers')
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)
})
