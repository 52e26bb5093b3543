// The page in a classroom (Debian's chromium via playwright-core): it fits a 1024×768 projector and
// a 1920×1080 screen without sideways scrolling, a consumer's menu stays on screen, presenter mode
// sets the highway's, narration's and status's text at ≥ 20 px and hides the developer readouts,
// the shortcuts work after a mouse click, PageDown goes to the next timeline marker, and axe-core
// finds no serious or critical violation in the default page, the shortcuts dialog, a consumer
// menu, presenter mode and compare mode. One build, preview and browser for the file.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { compareHashFor } from '../../src/app/compareLinks.ts'
import { getPreset } from '../../src/scenario/index.ts'
import { ARTIFACTS, collectErrors, seriousViolations } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-classroom-test')
const PROJECTOR = { width: 1024, height: 768 }
const WIDE = { width: 1920, height: 1080 }
const LAPTOP = { width: 1280, height: 720 }

const suite = browserSuite(OUT)

async function open(viewport: { width: number; height: number }, url = suite().preview.url): Promise<{ page: Page; errors: string[] }> {
  const page = await suite().browser.newPage({ viewport })
  const errors = collectErrors(page)
  await page.goto(url)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.scrollingElement!
    return el.scrollWidth - el.clientWidth
  })
}

/** Page regions whose content is wider than they are (cut off, or scrolled sideways inside). */
async function clippedRegions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ['.toolbar', '.status', '.left', '.right', '.timeline']
      .map((sel) => [sel, document.querySelector(sel)] as const)
      .filter(([, el]) => el !== null && el.scrollWidth > el.clientWidth + 1)
      .map(([sel, el]) => `${sel}: ${el!.scrollWidth} > ${el!.clientWidth}`),
  )
}

/** Controls (role, name) whose box is not wholly inside the viewport. */
async function offScreen(page: Page, controls: Array<[Parameters<Page['getByRole']>[0], string | RegExp]>): Promise<string[]> {
  const vp = page.viewportSize()!
  const out: string[] = []
  for (const [role, name] of controls) {
    const box = await page.getByRole(role, { name, exact: true }).first().boundingBox()
    if (box === null || box.x < 0 || box.y < 0 || box.x + box.width > vp.width + 0.5 || box.y + box.height > vp.height + 0.5)
      out.push(`${role} ${name}: ${JSON.stringify(box)}`)
  }
  return out
}

const KEY_CONTROLS: Array<[Parameters<Page['getByRole']>[0], string | RegExp]> = [
  ['button', /^(Play|Pause)$/],
  ['button', 'Step'],
  ['button', 'Restart'],
  ['slider', 'Speed'],
  ['combobox', 'Preset'],
  ['button', 'Share'],
  ['button', 'Presenter mode'],
  ['button', 'Keyboard shortcuts'],
  ['slider', 'Timeline'],
  ['heading', 'What just happened'],
]

async function playing(page: Page): Promise<boolean> {
  return (await page.getByRole('button', { name: /^(Play|Pause)$/ }).first().textContent())?.includes('Pause') === true
}

describe('the classroom', () => {
  it('fits 1024×768 (controls on screen, a consumer menu clamped, axe clean with its dialog and menu) and 1920×1080', async () => {
    const { page, errors } = await open(PROJECTOR)
    // Paused (B): nothing on the page changes for axe, and the machine's cores go to it.
    await page.keyboard.press('b')
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await offScreen(page, KEY_CONTROLS)).toEqual([])
    expect(await clippedRegions(page)).toEqual([])
    expect(await page.locator('summary', { hasText: 'Compare' }).isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])

    await page.keyboard.press('?')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    expect(await seriousViolations(page, '.backdrop')).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    // The last consumer sits at the highway's bottom right corner: its menu must open on screen.
    await page.locator('g.consumer').last().click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    const box = (await menu.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PROJECTOR.width)
    expect(box.y + box.height).toBeLessThanOrEqual(PROJECTOR.height)
    expect(await seriousViolations(page, '[role="menu"]')).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)

    await page.setViewportSize(WIDE)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await offScreen(page, KEY_CONTROLS)).toEqual([])
    expect(await clippedRegions(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('shortcuts after a mouse click: Space plays after clicking Step, B and . pause, PageDown / PageUp go to the next / previous marker', async () => {
    const { page, errors } = await open(LAPTOP)
    // ] twice: 4× (the speed keys double it), so the start-up rebalance is over soon.
    const speed = page.getByRole('slider', { name: 'Speed' })
    const before = Number(await speed.inputValue())
    await page.keyboard.press(']')
    await page.keyboard.press('+')
    await expect.poll(async () => Number(await speed.inputValue()) - before).toBeCloseTo(2 * Math.log10(2), 1)
    await page.locator('.status .pill', { hasText: 'Group Stable' }).waitFor({ timeout: 20_000 })
    // Step pauses; were focus left on it, Space would step again and stay paused.
    await page.getByRole('button', { name: 'Step', exact: true }).click()
    await expect.poll(() => playing(page)).toBe(false)
    await page.keyboard.press(' ')
    await expect.poll(() => playing(page)).toBe(true)
    await page.keyboard.press('b')
    await expect.poll(() => playing(page)).toBe(false)
    // B pauses, never plays.
    await page.keyboard.press('b')
    await expect.poll(() => playing(page)).toBe(false)
    // A clicked checkbox leaves Space to play / pause too.
    const check = page.getByRole('checkbox', { name: 'Pause at next rebalance' })
    await check.click()
    await page.keyboard.press(' ')
    await expect.poll(() => playing(page)).toBe(true)
    expect(await check.isChecked()).toBe(true)
    await page.keyboard.press('.')
    await expect.poll(() => playing(page)).toBe(false)

    // The start-up rebalance is on the timeline: from 0 s, PageDown goes from marker to marker
    // (its start lies within the first 0.1 s, so the first press may stay at "0.0 s") to its end.
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await slider.press('Home')
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('0')
    await page.keyboard.press('Escape')
    for (let i = 0; i < 2 && (await slider.getAttribute('aria-valuetext'))?.includes('finished') !== true; i++) {
      const was = await slider.getAttribute('aria-valuetext')
      await page.keyboard.press('PageDown')
      await expect.poll(() => slider.getAttribute('aria-valuetext')).not.toBe(was)
    }
    // The slider's words name the marker it sits on ("6.0 s of 9.3 s: Rebalance … finished …").
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/ s of [\d.]+ s: Rebalance .*finished/)
    const atEnd = Number(await slider.getAttribute('aria-valuenow'))
    expect(atEnd).toBeGreaterThan(0)
    await page.keyboard.press('PageUp')
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeLessThan(atEnd)
    expect(errors).toEqual([])
    await page.close()
  })

  it('presenter mode (P): highway, narration and status text ≥ 20 px at 1280×720, no developer readouts, axe clean', async () => {
    const { page, errors } = await open(LAPTOP)
    const toggle = page.getByRole('button', { name: 'Presenter mode' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await page.keyboard.press('p')
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true')
    await page.locator('.narration li').nth(1).waitFor()
    await page.keyboard.press('.')
    const sizes = await page.evaluate(() => {
      const px = (sel: string): number[] =>
        Array.from(document.querySelectorAll(sel))
          .filter((e) => (e as HTMLElement | SVGElement).getClientRects().length > 0 && (e.textContent ?? '') !== '')
          .map((e) => parseFloat(getComputedStyle(e).fontSize))
      return {
        lanes: px('[data-testid="highway"] text.p'),
        consumers: px('[data-testid="highway"] g.consumer-label text.name'),
        narration: px('.narration li'),
        status: px('.status > span'),
      }
    })
    for (const [where, list] of Object.entries(sizes)) {
      expect(list.length, where).toBeGreaterThan(0)
      expect(Math.min(...list), where).toBeGreaterThanOrEqual(20)
    }
    expect(await page.locator('.perf').isVisible()).toBe(false)
    expect(await clippedRegions(page)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('compare mode fits 1024×768 and axe finds nothing serious', async () => {
    const preset = getPreset('consumer-joins-eager')!
    const { page, errors } = await open(PROJECTOR, `${suite().preview.url}#${compareHashFor(preset.build())}`)
    await expect.poll(() => page.locator('.compare-side').count()).toBe(2)
    await page.keyboard.press('b')
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})
