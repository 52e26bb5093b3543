// A teacher's links in real Chromium (Debian's chromium via playwright-core, 1024×768): S shares
// the moment on screen while paused in both modes, and the note says what the link opens; a moment
// link far past the run's end opens at the end at once, saying so in the link's warnings; a
// comparison a chat app cut inside a side still opens as a comparison and names the side, and a bad
// mark= is named. Each failed before its fix.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../../src/scenario/index.ts'
import { compareLinkHash, readLinkHash } from '../../src/scenario/links.ts'
import { ARTIFACTS } from './harness.ts'
import { openHighway, WARM } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-links-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }

/** A page (clipboard allowed) at `hash`, its first highway drawn. */
const open = (hash: string) => openHighway(suite(), hash, PROJECTOR, { permissions: ['clipboard-read', 'clipboard-write'] })
const SIDES = [
  { label: 'eager', set: { 'group.protocol': 'eager', 'group.assignor': 'range' } },
  { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
]
const COMPARE = `#${compareLinkHash({ ...defaultScenario(), start: 'warm' }, SIDES)}`
const clock = (page: Page) => page.getByRole('timer', { name: 'Simulated time' }).first().textContent()
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const banners = (page: Page) => page.locator('.banner').allTextContents()

describe('S shares the same thing in both modes', () => {
  it('one highway, paused: S copies the moment and the note says where the link opens', async () => {
    const { page, errors } = await open(`${WARM}&t=4.2`)
    await expect.poll(() => clock(page), { timeout: 20_000 }).toBe('4.2 s')
    await page.keyboard.press('s')
    await expect.poll(() => banners(page), { timeout: 10_000 }).toContain('Link copied: opens paused at 4.2 s×')
    expect(readLinkHash(new URL(await clipboard(page)).hash).t).toBe(4.2)
    // Playing, S copies the run from its start, and says that.
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await page.keyboard.press('s')
    await expect.poll(() => banners(page), { timeout: 10_000 }).toContain('Link copied: opens at the start×')
    expect(readLinkHash(new URL(await clipboard(page)).hash).t).toBeUndefined()
    expect(errors).toEqual([])
  }, 60_000)

  it('compare mode, paused: S and Share copy the moment in the same words', async () => {
    const { page, errors } = await open(`${COMPARE}&t=4.2`)
    await expect.poll(() => clock(page), { timeout: 20_000 }).toBe('4.2 s')
    await page.keyboard.press('S')
    await expect.poll(() => banners(page), { timeout: 10_000 }).toContain('Link copied: opens paused at 4.2 s×')
    expect(readLinkHash(new URL(await clipboard(page)).hash)).toMatchObject({ t: 4.2, v: [expect.stringMatching(/^eager/), expect.stringMatching(/^cooperative/)] })
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    await expect.poll(() => page.locator('.share-note').first().textContent(), { timeout: 10_000 }).toBe('Link copied: opens paused at 4.2 s')
    expect(errors).toEqual([])
  }, 60_000)
})

describe('a moment link far past the run', () => {
  const PAST = "t: 99999 s is past the run's end (120 s): opened at 120 s"

  it('one highway: t=99999 on a 120 s run opens paused at 120 s, said in the link’s warnings', async () => {
    const { page, errors } = await open(`${WARM}&t=99999`)
    await expect.poll(() => clock(page), { timeout: 30_000 }).toBe('120.0 s')
    expect(await page.locator('.banner li').allTextContents()).toEqual([PAST])
    expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1)
    expect(errors).toEqual([])
  }, 60_000)

  it('compare mode: every side opens at 120 s, not replaying toward 99999 s', async () => {
    const { page, errors } = await open(`${COMPARE}&t=99999`)
    await expect.poll(() => clock(page), { timeout: 30_000 }).toBe('120.0 s')
    await expect.poll(() => page.locator('.side-sync').count(), { timeout: 30_000 }).toBe(0)
    expect(await page.locator('.banner li').allTextContents()).toEqual([PAST])
    expect(errors).toEqual([])
  }, 60_000)
})

describe('a link a chat app cut or a stranger edited', () => {
  it('a comparison cut inside its second side opens compare mode and names the side that was cut', async () => {
    // Cut in the middle of a %-escape of side B's text: the side cannot be read.
    const cut = COMPARE.slice(0, COMPARE.lastIndexOf('%') + 2)
    const { page, errors } = await open(cut)
    await page.locator('.compare-side').first().waitFor({ timeout: 30_000 })
    expect(await page.locator('.compare-side .side-label').allTextContents()).toEqual(['eager', 'cooperative'])
    const said = await page.locator('.banner li').allTextContents()
    expect(said[0]).toMatch(/^side 2 \(v=cooperative%3A.*\) is cut short or damaged \(not valid percent-encoding\): it was left out$/)
    expect(said).toContain('a comparison needs two sides: showing eager against cooperative')
    expect(errors).toEqual([])
  }, 60_000)

  it('one highway: a mark= that is not a number of seconds is named in the link’s warnings', async () => {
    const { page, errors } = await open(`${WARM}&mark=-1`)
    await expect.poll(() => page.locator('.banner li').allTextContents()).toEqual(['mark must be a number of seconds (like 42 or 42.5), got "-1"'])
    expect(errors).toEqual([])
  }, 60_000)
})
