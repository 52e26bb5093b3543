// A trainer building the four answers to broker-hotspot's hot lane from the page, in real Chromium
// (Debian's chromium via playwright-core) at 1024×768. The Compare menu offers them in one click (it
// offered only salting to fork to; the share group, the Parallel Consumer and the lag-aware assignor
// took Add side and a Strategy each). Fork to compare (salting) gives "before" and "salted"; turning
// "before" into the lag-aware assignor with its Strategy renames it "lag-aware" (it kept saying
// "before" over a lag-aware run, and the difference strip, the Timeline's markers and the Share
// link said so too). A side turned into a share group says why, with as many members as lanes, it
// runs as before; the fork's changed side, refused one, says to copy the other side instead.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { forkChoices, forkVariants } from '../../src/store/compareEdits.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-compare-test')
const suite = browserSuite(OUT)

describe('a fork’s “before” side changed with its Strategy', () => {
  it('is renamed for its new strategy, on the page and in the link', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    const s = getPreset('broker-hotspot')!.build()
    const salting = forkChoices(s).find((c) => c.id === 'salting')!
    await page.goto(`${suite().preview.url}#${compareLinkHash(s, forkVariants(salting, 5), { t: 5 })}`)
    const a = page.getByRole('region', { name: /^Side A: / })
    await expect.poll(() => a.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Side A: before')

    await a.getByText('Strategy', { exact: true }).click()
    await a.getByLabel('Assignor', { exact: true }).selectOption('lag-aware')
    const sideA = page.locator('.compare-side').first()
    await expect.poll(() => sideA.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Side A: lag-aware')
    expect(await sideA.locator('.side-label').textContent()).toBe('lag-aware')
    // The link the page writes reopens it under its new name.
    await expect.poll(() => decodeURIComponent(page.url()), { timeout: 10_000 }).toContain('v=lag-aware: group.assignor=lag-aware')
    // Side B keeps the fork's name for its change.
    expect(await page.getByRole('region', { name: /^Side B: / }).getAttribute('aria-label')).toBe('Side B: salted')
    // Turned into a share group, a side's Strategy says why four members on twelve lanes change nothing.
    await sideA.getByLabel('Group type', { exact: true }).selectOption('share')
    await expect.poll(() => sideA.locator('.side-strategy').textContent(), { timeout: 10_000 }).toContain('several members only when members outnumber lanes (4 members, 12 lanes)')
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-compare-renamed.png') })
    // The fork's changed side (salting from 5 s) cannot take a setting that holds from 0 s: the note
    // says what to do instead, not only the link's words ("no @SEC").
    await sideA.getByText('Strategy', { exact: true }).click()
    const b = page.locator('.compare-side').nth(1)
    await b.getByText('Strategy', { exact: true }).click()
    await b.getByLabel('Group type', { exact: true }).selectOption('share')
    await expect.poll(() => page.locator('.banner').allTextContents(), { timeout: 10_000 }).toContainEqual(expect.stringContaining('Add side, copy the other side and change the copy'))
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})

describe('the Compare menu’s four answers to the hot lane', () => {
  it('opens salting, a share group, the Parallel Consumer and a lag-aware assignor on one clock; absent without a hot key', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(getPreset('steady')!.build()))}`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await page.getByText('Compare', { exact: true }).click()
    await page.locator('.fork-menu').waitFor()
    expect(await page.getByRole('button', { name: /^Four answers to the hot lane/ }).count()).toBe(0)
    await page.getByText('Compare', { exact: true }).click()

    await page.getByRole('combobox', { name: 'Preset' }).selectOption('broker-hotspot')
    await page.getByText('Compare', { exact: true }).click()
    await page.getByRole('button', { name: /^Four answers to the hot lane/ }).click()
    const labels = () => page.locator('.compare-side .side-label').allTextContents()
    await expect.poll(labels, { timeout: 20_000 }).toEqual(['salting', 'share group', 'parallel consumer', 'lag-aware'])
    // The share group has two members a lane (a lane gets ceil(members / partitions) readers).
    expect(decodeURIComponent(page.url())).toContain('v=share group: group.type=share, group.consumers=24')
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-compare-answers.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
