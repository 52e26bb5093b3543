// A workshop's shared links and touch screens in real Chromium (Debian's chromium via
// playwright-core): a compare link with problems shows one highway's warnings, as text.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultScenario, encodeScenario } from '../../src/scenario/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-touch-tips-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }

/** The default scenario with a typo'd field and a made-up one whose name is HTML. */
function typoScenario(): Scenario {
  const s = defaultScenario() as Scenario & Record<string, unknown>
  Object.assign(s.topic, { partitionz: 6 })
  s['<img src=x onerror="window.__injected=1">'] = 'red'
  return s
}

describe('a compare link with problems', () => {
  it('shows the warnings one highway shows for the same scenario, as text', async () => {
    const page = await suite().browser.newPage({ viewport: PROJECTOR })
    const errors = collectErrors(page)
    const s = encodeURIComponent(encodeScenario(typoScenario()))
    await page.goto(`${suite().preview.url}#s=${s}`)
    const single = page.locator('.banner', { hasText: 'Parts of this link were ignored' })
    await single.waitFor()
    const singleLines = await single.locator('li').allTextContents()
    expect(singleLines).toContain('topic.partitionz: unknown field (ignored); did you mean topic.partitions?')

    const hb = { label: 'slow hb', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky', 'group.config.heartbeat.interval.ms': 20_000 } }
    await page.goto('about:blank')
    await page.goto(`${suite().preview.url}#${compareLinkHash(typoScenario(), [{ label: 'eager', set: {} }, hb])}`)
    const banner = page.locator('.banner', { hasText: 'Parts of this link were ignored' })
    await banner.waitFor({ timeout: 20_000 })
    const lines = await banner.locator('li').allTextContents()
    expect(lines.slice(0, singleLines.length)).toEqual(singleLines)
    expect(lines).toContain('side B (slow hb): group.config["heartbeat.interval.ms"]: should be ≤ 1/3 of session.timeout.ms (15000), as Kafka advises')
    // The made-up field's name is text in the banner, not an element.
    expect(lines.some((l) => l.includes('<img src=x'))).toBe(true)
    expect(await banner.locator('img').count()).toBe(0)
    expect(await page.evaluate('window.__injected')).toBeUndefined()
    await banner.getByRole('button', { name: 'Dismiss message' }).click()
    await expect.poll(() => banner.count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
