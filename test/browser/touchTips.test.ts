// A workshop's shared links and touch screens in real Chromium (Debian's chromium via
// playwright-core): a compare link with problems shows one highway's warnings, as text; a title's
// words (a status figure, a slider, a difference-strip cell) show on a tap and on keyboard focus;
// a tap near a Timeline marker lands on it and the marker says its words. Each failed before its fix.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { defaultScenario, encodeScenario } from '../../src/scenario/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { openHighway, WARM } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-touch-tips-test')
const suite = browserSuite(OUT)
const PROJECTOR = { width: 1024, height: 768 }
const PHONE = { width: 390, height: 844 }

/** A page on a touch screen of `viewport` at `hash`, its highway drawn. */
const touchPage = (viewport: { width: number; height: number }, hash = '') => openHighway(suite(), hash, viewport, { hasTouch: true, isMobile: true })

/** The bubble's words, or null while it is hidden; and whether it lies inside the window. */
async function tip(page: Page): Promise<{ text: string; inside: boolean } | null> {
  return page.evaluate(() => {
    const b = document.querySelector<HTMLElement>('.title-tip')
    if (b === null || b.hidden) return null
    const r = b.getBoundingClientRect()
    return { text: b.textContent ?? '', inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight && r.width > 0 }
  })
}


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

describe('a title’s words on a touch screen and from the keyboard', () => {
  it('phone: a tap on a status figure or a slider’s label shows its words (the slider stays); a tap elsewhere hides them', async () => {
    const { page, errors } = await touchPage(PHONE, WARM)
    const stopped = page.locator('.status [data-count="stopped"]')
    await stopped.tap()
    await expect.poll(() => tip(page)).toEqual({ text: await stopped.getAttribute('title'), inside: true })

    const slider = page.getByLabel('Hot-key share')
    await slider.scrollIntoViewIfNeeded()
    const before = await slider.inputValue()
    await page.locator('label', { hasText: 'Hot-key share' }).tap()
    await expect.poll(() => tip(page)).toEqual({ text: 'Fraction of all records that carry the one hot key', inside: true })
    expect(await slider.inputValue()).toBe(before)

    await page.locator('label', { hasText: 'Salt hot keys' }).tap()
    await expect.poll(async () => (await tip(page))?.text).toBe(await page.locator('label', { hasText: 'Salt hot keys' }).getAttribute('title'))
    await page.locator('h2', { hasText: /^Load$/i }).first().tap()
    await expect.poll(() => tip(page)).toBeNull()
    expect(errors).toEqual([])
  }, 60_000)

  it('tablet, compare mode: a tap on a difference-strip cell shows what it counts', async () => {
    const hash = `#${compareLinkHash({ ...defaultScenario(), start: 'warm' }, [{ label: 'eager', set: {} }, { label: 'coop', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } }])}`
    const { page, errors } = await touchPage(PROJECTOR, hash)
    const cell = page.locator('.diff-cell[data-row]').first()
    await cell.waitFor()
    const words = await cell.getAttribute('title')
    expect(words).toBeTruthy()
    await cell.tap()
    await expect.poll(() => tip(page)).toEqual({ text: words, inside: true })
    expect(errors).toEqual([])
  }, 60_000)

  it('keyboard: Tab onto a button or a checkbox shows its words while it has focus; Escape hides them', async () => {
    const { page, errors } = await openHighway(suite(), WARM, PROJECTOR)
    const step = page.getByRole('button', { name: 'Step', exact: true })
    for (let i = 0; i < 10 && !(await step.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect.poll(async () => (await tip(page))?.text).toBe(await step.getAttribute('title'))
    await page.keyboard.press('Escape')
    await expect.poll(() => tip(page)).toBeNull()
    const salt = page.getByRole('checkbox', { name: 'Salt hot keys' })
    for (let i = 0; i < 40 && !(await salt.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect.poll(async () => (await tip(page))?.text).toBe('Spread each flagged key over several partitions (key#0 … key#k-1)')
    await page.keyboard.press('Tab')
    await expect.poll(async () => (await tip(page))?.text).not.toBe('Spread each flagged key over several partitions (key#0 … key#k-1)')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('a finger’s tap near a Timeline marker lands on it, and the marker says its words', async () => {
    const { page, errors } = await touchPage(PROJECTOR, WARM)
    await page.getByRole('button', { name: 'Add a consumer' }).tap()
    await page.locator('.status .pill', { hasText: 'gen 2' }).waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Pause', exact: true }).tap()
    const track = page.getByRole('slider', { name: 'Timeline' })
    // The first marker's tick, and a tap 8 px to its right (a finger's width is far more than a 3 px tick).
    const at = await page.evaluate(() => {
      const r = document.querySelector('.timeline-track g.marker rect')!.getBoundingClientRect()
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 }
    })
    const titles = await page.locator('.timeline-track g.marker title').allTextContents()
    await page.touchscreen.tap(at.x + 8, at.y)
    await expect.poll(() => page.locator('.timeline-here').count(), { timeout: 20_000 }).toBe(1)
    // "0.4 s: Rebalance started …": the moment of the marker landed on, then its words (every marker's there).
    const here = (await page.locator('.timeline-here').textContent())!
    const [moment, ...rest] = here.split(': ')
    expect(titles.some((t) => t.startsWith(`${moment}: `))).toBe(true)
    for (const words of rest.join(': ').split(' · ')) expect(titles).toContain(`${moment}: ${words}`)
    expect(await track.getAttribute('aria-valuetext')).toContain(rest.join(': ').split(' · ')[0])
    expect(await tip(page)).toBeNull()
    expect(errors).toEqual([])
  }, 60_000)
})
