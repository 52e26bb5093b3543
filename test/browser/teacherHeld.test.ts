// broker-hotspot, then Compare → "Four answers", on a 1024×768 projector in real Chromium (Debian's
// chromium via playwright-core), paused at 42 s. Broker 1 stays at capacity on the share group, the
// Parallel Consumer and lag-aware sides: ~35 000 records wait in their producers, counted in no lag
// and no p99 (both start at the append), and the strip starred those sides' lag and p99 without a
// word of it. Only salting moves the hot key's records off broker 1. The strip's "held by producers"
// row says so, as `highway run --json` counts producerBuffered on each side.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { applyOverrides } from '../../src/scenario/overrides.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import type { RunSummary } from '../../src/sim/simulationApi.ts'
import { hotLaneAnswerSides } from '../../src/store/compareEdits.ts'
import { fmt } from '../../src/ui/MetricsTable.tsx'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-held-test')
const suite = browserSuite(OUT)

function runJson(s: Scenario, t: number): RunSummary {
  const r = runRun(['--scenario', encodeScenario(s), '--seconds', String(t), '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as RunSummary
}

describe('broker-hotspot’s four answers at 42 s, 1024×768', () => {
  it('each side’s strip says how many records its producers hold, as run --json does, salting (none) starred', async () => {
    const s = getPreset('broker-hotspot')!.build()
    const sides = hotLaneAnswerSides(s)!
    expect(sides.map((v) => v.label)).toEqual(['salting', 'share group', 'parallel consumer', 'lag-aware'])
    const held = sides.map((v) => {
      const side = applyOverrides(s, v.set)
      if (!side.ok) throw new Error(side.message)
      return runJson(side.scenario, 42).producerBuffered
    })
    expect(held[0]).toBe(0)
    for (const h of held.slice(1)) expect(h).toBeGreaterThan(20_000)

    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#${compareLinkHash(s, sides, { t: 42 })}`)
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 60_000, interval: 100 }).toEqual(['42', 'false'])
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    const cells = page.locator('.diff-strip [data-row="held"]')
    await expect.poll(async () => (await cells.locator('dd').allInnerTexts()).map((t) => t.split(' ')[0]), { timeout: 10_000 }).toEqual(held.map((h) => fmt(h)))
    expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-best')))).toEqual(['true', 'false', 'false', 'false'])
    expect(await cells.first().locator('dt').textContent()).toBe('held by producers')
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-held.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)
})
