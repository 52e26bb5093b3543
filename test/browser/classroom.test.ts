// The page in a classroom (Debian's chromium via playwright-core): it fits a 1024×768 projector and
// a 1920×1080 screen without sideways scrolling, a consumer's menu stays on screen, presenter mode
// sets the highway's, narration's and status's text at ≥ 20 px and hides the developer readouts,
// the shortcuts work after a mouse click, PageDown goes to the next timeline marker, and axe-core
// finds no serious or critical violation in the default page, the shortcuts dialog, a consumer
// menu, presenter mode and compare mode. One build, preview and browser for the file.

import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runCompare } from '../../src/cli/compareCommand.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-classroom-test')
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
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

/** axe-core's serious and critical violations on the page as it is now ("rule: target" lines). */
async function seriousViolations(page: Page): Promise<string[]> {
  if ((await page.evaluate(() => 'axe' in window)) === false) await page.addScriptTag({ path: AXE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe
    const r = await axe.run(document)
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${JSON.stringify(n.target)}`))
  })
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.scrollingElement!
    return el.scrollWidth - el.clientWidth
  })
}

/** Controls (role, name) whose box is not wholly inside the viewport. */
async function offScreen(page: Page, controls: Array<[Parameters<Page['getByRole']>[0], string]>): Promise<string[]> {
  const vp = page.viewportSize()!
  const out: string[] = []
  for (const [role, name] of controls) {
    const box = await page.getByRole(role, { name, exact: true }).first().boundingBox()
    if (box === null || box.x < 0 || box.y < 0 || box.x + box.width > vp.width + 0.5 || box.y + box.height > vp.height + 0.5)
      out.push(`${role} ${name}: ${JSON.stringify(box)}`)
  }
  return out
}

const KEY_CONTROLS: Array<[Parameters<Page['getByRole']>[0], string]> = [
  ['button', 'Pause'],
  ['button', 'Step'],
  ['button', 'Restart'],
  ['slider', 'Speed'],
  ['combobox', 'Preset'],
  ['button', 'Share'],
  ['button', 'Compare'],
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
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await offScreen(page, KEY_CONTROLS)).toEqual([])
    expect(await seriousViolations(page)).toEqual([])

    await page.keyboard.press('?')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
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
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.count()).toBe(0)

    await page.setViewportSize(WIDE)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await offScreen(page, KEY_CONTROLS)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('shortcuts after a mouse click: Space plays after clicking Step, B and . pause, PageDown / PageUp go to the next / previous marker', async () => {
    const { page, errors } = await open(LAPTOP)
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

    // The start-up rebalance is on the timeline: from 0 s, PageDown goes to its first marker.
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await slider.press('Home')
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('0')
    await page.keyboard.press('Escape')
    await page.keyboard.press('PageDown')
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
    await expect.poll(() => slider.getAttribute('aria-busy')).toBe('false')
    // The slider's words name the marker it sits on ("2.1 s of 9.3 s: rebalance …").
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/ s of [\d.]+ s: /)
    await page.keyboard.press('PageUp')
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('0')
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
    const sizes = await page.evaluate(() => {
      const px = (sel: string): number[] =>
        Array.from(document.querySelectorAll(sel))
          .filter((e) => (e as HTMLElement | SVGElement).getClientRects().length > 0 && (e.textContent ?? '') !== '')
          .map((e) => parseFloat(getComputedStyle(e).fontSize))
      return {
        lanes: px('[data-testid="highway"] text.p'),
        consumers: px('[data-testid="highway"] g.consumer text.name'),
        narration: px('.narration li'),
        status: px('.status > span'),
      }
    })
    for (const [where, list] of Object.entries(sizes)) {
      expect(list.length, where).toBeGreaterThan(0)
      expect(Math.min(...list), where).toBeGreaterThanOrEqual(20)
    }
    expect(await page.locator('.perf').isVisible()).toBe(false)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })

  it('compare mode fits 1024×768 and axe finds nothing serious', async () => {
    const r = await runCompare(
      ['--preset', 'consumer-joins-eager', '--variant', 'eager: group.protocol=eager', '--variant', 'cooperative: group.protocol=cooperative, group.assignor=cooperative-sticky', '--link', '--base-url', suite().preview.url],
      noFiles,
      { parallel: false },
    )
    expect(r.code).toBe(0)
    const { page, errors } = await open(PROJECTOR, r.stdout.trim())
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  })
})
