// The classroom's leftovers, in a real browser (Debian's chromium via playwright-core) on a
// 1024×768 projector: a lesson step outlines the lane and consumer it names (the engine says that
// consumer owns that lane then); the highway's header words never overlap, in normal and presenter
// mode; presenter mode restyles the charts (projector colours, ≥ 20 px); the client configuration
// is the settings in force after a live edit (the CLI's text for the page's own link); compare mode
// has Export (per side: the CLI's CSV byte for byte), Lessons and Presenter mode with E, L and P.
// Two page opens, one build, preview and browser.

import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { clientConfig } from '../../src/scenario/clientConfig/index.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { getLesson } from '../../src/scenario/lessons/index.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { variantScenario, type Variant } from '../../src/scenario/overrides.ts'
import { projectorTheme } from '../../src/view/theme.ts'
import { ARTIFACTS, collectErrors, downloadBytes, scenarioInUrl } from './harness.ts'
import { cardClashes } from './highwayPage.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-classroom-more-test')
const PROJECTOR = { width: 1024, height: 768 }
const suite = browserSuite(OUT)

type Box = { x: number; y: number; width: number; height: number }

/** The highway's header words (titles and scale labels) with their boxes, per highway on the page. */
async function headerWords(page: Page): Promise<Array<Array<{ text: string; box: Box; px: number }>>> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="highway"]')).map((hw) =>
      Array.from(hw.querySelectorAll<SVGTextElement>('text.title, text.tick'))
        .filter((t) => (t.textContent ?? '') !== '' && getComputedStyle(t).visibility !== 'hidden')
        .map((t) => {
          const r = t.getBoundingClientRect()
          return { text: t.textContent ?? '', box: { x: r.x, y: r.y, width: r.width, height: r.height }, px: parseFloat(getComputedStyle(t).fontSize) }
        }),
    ),
  )
}

function overlapping(words: Array<{ text: string; box: Box }>): string[] {
  const out: string[] = []
  const hit = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  for (let i = 0; i < words.length; i++) for (let j = i + 1; j < words.length; j++) if (hit(words[i]!.box, words[j]!.box)) out.push(`${words[i]!.text} × ${words[j]!.text}`)
  return out
}

function contains(outer: Box, inner: Box): boolean {
  return outer.x <= inner.x + 0.5 && outer.y <= inner.y + 0.5 && outer.x + outer.width >= inner.x + inner.width - 0.5 && outer.y + outer.height >= inner.y + inner.height - 0.5
}

/**
 * The toolbar's preset select, when the title it shows is wider than its box: the chosen option's
 * text measured in the select's own font against its width less padding and the drop-down arrow
 * (20 px). A native select cuts its text silently, so scrollWidth cannot tell.
 */
async function presetTitleCut(page: Page): Promise<string | null> {
  return page.getByRole('combobox', { name: 'Preset', exact: true }).evaluate((el) => {
    const s = el as HTMLSelectElement
    const cs = getComputedStyle(s)
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
    const text = s.selectedOptions[0]?.textContent ?? ''
    const need = Math.ceil(ctx.measureText(text).width)
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20
    return need > room ? `"${text}" needs ${need} px, has ${room}` : null
  })
}


describe('the classroom, more', () => {
  it('one highway at 1024×768: a lesson outlines its lane and consumer; header words apart in both modes; projector charts; live client configuration', async () => {
    const page = await suite().browser.newPage({ viewport: PROJECTOR })
    const errors = collectErrors(page)
    const lesson = getLesson('load-aware')!
    const step = lesson.lesson.steps[0]!
    const lane = step.highlight!.partitions![0]!
    const consumer = step.highlight!.consumers![0]!
    // The engine's word: that consumer owns that lane at the step's moment.
    const run = runRun(['--scenario', encodeScenario(lesson.scenario), '--seconds', String(step.playToSec), '--json'], noFiles as Parameters<typeof runRun>[1])
    expect((JSON.parse(run.stdout) as { partitions: Array<{ owner: string }> }).partitions[lane]!.owner).toBe(consumer)

    await page.goto(`${suite().preview.url}#lesson=load-aware&step=1`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    const laneMark = page.locator(`g.highlight[data-id="${lane}"] rect.outline`)
    const consumerMark = page.locator(`g.highlight[data-id="${consumer}"] rect.outline`)
    await laneMark.waitFor({ timeout: 10_000 })
    await consumerMark.waitFor()
    // Every box read in one task: frames still arrive (the lesson asks at the start while the group
    // forms) and the page's rows may reflow, while outlines and marks are drawn in the same render,
    // so separate reads could see two frames.
    const now = await page.evaluate(
      ({ lane, name }) => {
        const r = (e: Element | null): Box | null => {
          if (e === null) return null
          const b = e.getBoundingClientRect()
          return { x: b.x, y: b.y, width: b.width, height: b.height }
        }
        const roads = document.querySelectorAll('[data-testid="highway"] rect.road')
        return {
          road: r(roads[lane] ?? null),
          neighbours: [r(roads[lane - 1] ?? null), r(roads[lane + 1] ?? null)],
          outline: r(document.querySelector(`g.highlight[data-id="${lane}"] rect.outline`)),
          card: r(document.querySelector(`g.consumer[aria-label^="${name}:"] rect.box`)),
          mark: r(document.querySelector(`g.highlight[data-id="${name}"] rect.outline`)),
        }
      },
      { lane, name: consumer },
    )
    expect(contains(now.outline!, now.road!)).toBe(true)
    // Only that lane: its neighbours' roads are outside the outline.
    for (const n of now.neighbours) expect(contains(now.outline!, n!)).toBe(false)
    expect(now.card).not.toBeNull()
    expect(contains(now.mark!, now.card!)).toBe(true)
    await page.getByRole('region', { name: 'Lesson', exact: true }).getByRole('button', { name: 'Close lesson' }).click()
    await expect.poll(() => page.locator('g.highlight').count()).toBe(0)

    // Header words apart, normal mode, then presenter mode at 20 px.
    const normal = (await headerWords(page))[0]!
    expect(normal.map((w) => w.text)).toContain('Consumers')
    expect(overlapping(normal)).toEqual([])
    await page.keyboard.press('p')
    await expect.poll(() => page.locator('.app.presenter').count()).toBe(1)
    await expect.poll(async () => Math.min(...(await headerWords(page))[0]!.map((w) => w.px))).toBeGreaterThanOrEqual(20)
    const big = (await headerWords(page))[0]!
    expect(big.map((w) => w.text)).toEqual(expect.arrayContaining(['Lane', 'Consumers']))
    expect(overlapping(big)).toEqual([])
    // Nothing in the side columns is wider than they are in 20 px type (a field's readout wraps under
    // its label: "Hot-key record cost 1× processing" stuck out of the controls by 5 px).
    const wide = await page.evaluate(() =>
      ['.left', '.right', '.status'].flatMap((sel) => {
        const el = document.querySelector(sel)
        return el !== null && el.scrollWidth > el.clientWidth + 1 ? [`${sel}: ${el.scrollWidth} > ${el.clientWidth}`] : []
      }),
    )
    expect(wide).toEqual([])
    // A consumer card's words (name, phase, lanes) in 20 px type do not run into each other.
    expect(await cardClashes(page)).toEqual([])

    // The charts in the projector theme: its colours, every word at 20 px or more.
    const charts = await page.evaluate(() => ({
      axis: document.querySelector('.charts g[color]')?.getAttribute('color'),
      px: Array.from(document.querySelectorAll('.charts text'))
        .filter((t) => (t.textContent ?? '') !== '')
        .map((t) => parseFloat(getComputedStyle(t).fontSize)),
    }))
    expect(charts.axis).toBe(projectorTheme.textDim)
    expect(charts.px.length).toBeGreaterThan(4)
    expect(Math.min(...charts.px)).toBeGreaterThanOrEqual(20)

    // A live edit (the partitioner), then Export → Client configuration: the settings in force now,
    // exactly the text the page's own link gives at that moment.
    await page.getByRole('combobox', { name: 'Partitioner' }).selectOption({ label: 'RoundRobinPartitioner' })
    // The URL write is debounced (and slower on a loaded machine than vitest's 1 s default poll).
    await expect.poll(() => scenarioInUrl(page.url())?.actions.some((a) => a.do === 'setPartitioner') === true, { timeout: 15_000 }).toBe(true)
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Client configuration…' }).click()
    const text = await page.getByRole('dialog', { name: 'Client configuration' }).getByLabel('Configuration').inputValue()
    expect(text).toMatch(/^partitioner\.class=org\.apache\.kafka\.clients\.producer\.RoundRobinPartitioner$/m)
    const at = Number(/in force at ([\d.]+) s of the run/.exec(text)?.[1])
    const oracle = clientConfig(scenarioInUrl(page.url())!, 'java', at * 1000)
    expect(text.split('\n').slice(3)).toEqual(oracle.split('\n').slice(3))
    await page.keyboard.press('Escape')

    // The preset's title reads whole in the toolbar, in presenter mode and in normal mode, the
    // longest title included (and every control still on screen, the menus on the second row).
    for (const presenter of [true, false]) {
      if (!presenter) await page.getByRole('button', { name: 'Presenter mode' }).click()
      await expect.poll(() => page.locator('.app.presenter').count()).toBe(presenter ? 1 : 0)
      for (const preset of ['cluster-rebalance', 'share-group-hot-lane']) {
        await page.getByRole('combobox', { name: 'Preset', exact: true }).selectOption(preset)
        await expect.poll(() => presetTitleCut(page), { timeout: 5_000 }).toBeNull()
        expect(await page.getByRole('combobox', { name: 'Preset', exact: true }).getAttribute('title')).toContain(getPreset(preset)!.title)
        for (const name of ['Share', 'Export', 'Lessons', 'Presenter mode', 'Keyboard shortcuts']) {
          const b = (await page.getByRole('button', { name, exact: true }).boundingBox())!
          expect(b.x + b.width, name).toBeLessThanOrEqual(PROJECTOR.width)
        }
        expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0)
      }
    }
    // With the menus on the toolbar's second row, at its left, their menus still open inside the
    // window (right-aligned they ran off its left edge: Share's by 171 px).
    // Measured once the menu has been placed: the Compare menu is moved inside the window by its
    // <details>' toggle event, which the browser fires a task after the click opened it.
    const inside = async (menu: ReturnType<Page['locator']>, name: string): Promise<void> => {
      const fits = async (): Promise<boolean> => {
        const b = await menu.boundingBox()
        return b !== null && b.x >= 0 && b.x + b.width <= PROJECTOR.width
      }
      await expect.poll(fits, { timeout: 2000 }).toBe(true).catch(() => undefined)
      const b = (await menu.boundingBox())!
      expect(b.x, name).toBeGreaterThanOrEqual(0)
      expect(b.x + b.width, name).toBeLessThanOrEqual(PROJECTOR.width)
    }
    for (const name of ['Share', 'Export']) {
      await page.getByRole('button', { name, exact: true }).click()
      await inside(page.getByRole('menu', { name }), name)
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByRole('menu').count()).toBe(0)
    }
    await page.locator('details.fork > summary').click()
    await inside(page.locator('.fork-menu'), 'Compare')
    await page.locator('details.fork > summary').click()
    // A disabled button (Run the plan with nothing to move, Next while a step plays) looks disabled.
    const look = await page.evaluate(() => {
      const b = document.createElement('button')
      document.querySelector('.toolbar')!.append(b)
      const on = getComputedStyle(b).opacity
      b.disabled = true
      const off = getComputedStyle(b).opacity
      b.remove()
      return { on, off }
    })
    expect(Number(look.off)).toBeLessThan(Number(look.on))
    expect(errors).toEqual([])
    await page.close()
  }, 45_000)

  it('compare mode at 1024×768: Export per side (the CLI\'s CSV), client configuration per side, P and L', async () => {
    const page = await suite().browser.newPage({ viewport: PROJECTOR, acceptDownloads: true })
    const errors = collectErrors(page)
    const base = getPreset('consumer-joins-eager')!.build()
    const sides: Variant[] = [
      { label: 'eager', set: { 'group.protocol': 'eager', 'group.assignor': 'range' } },
      { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
    ]
    await page.goto(`${suite().preview.url}#${compareLinkHash(base, sides)}`)
    await page.locator('.compare-side [data-testid="highway"] rect.road').first().waitFor({ timeout: 10_000 })
    for (const name of ['Export', 'Lessons', 'Presenter mode']) {
      const b = (await page.getByRole('button', { name, exact: true }).boundingBox())!
      expect(b.x + b.width, name).toBeLessThanOrEqual(PROJECTOR.width)
      expect(b.y + b.height, name).toBeLessThanOrEqual(PROJECTOR.height)
    }
    await page.getByRole('slider', { name: 'Speed' }).fill('2') // 100×
    await page.waitForFunction(() => Number.parseFloat(document.querySelector('[role="timer"]')?.textContent ?? '0') >= 4)
    await page.keyboard.press('b')

    await page.keyboard.press('e')
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), page.getByRole('menuitem', { name: 'Run data B · cooperative (CSV)' }).click()])
    const m = /-(\d+(?:\.\d+)?)s\.csv$/.exec(download.suggestedFilename())
    expect(m, download.suggestedFilename()).not.toBeNull()
    const coop = variantScenario(base, sides[1]!)
    if (!coop.ok) throw new Error(coop.message)
    const cli = runRun(['--scenario', encodeScenario(coop.scenario), '--seconds', m![1]!, '--csv'], noFiles as Parameters<typeof runRun>[1])
    expect(cli.code).toBe(0)
    expect((await downloadBytes(download)).toString('utf8')).toBe(cli.stdout)

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Client configuration A · eager…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Client configuration: side A · eager' })
    expect(await dialog.getByLabel('Configuration').inputValue()).toMatch(/^partition\.assignment\.strategy=org\.apache\.kafka\.clients\.consumer\.RangeAssignor$/m)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    await page.keyboard.press('p')
    await expect.poll(() => page.locator('.compare-app.presenter').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Presenter mode' }).getAttribute('aria-pressed')).toBe('true')
    await expect.poll(async () => Math.min(...(await headerWords(page)).flat().map((w) => w.px))).toBeGreaterThanOrEqual(20)
    for (const words of await headerWords(page)) expect(overlapping(words)).toEqual([])
    // Each side's consumer cards (48 px tall here: name and phase on one line) keep their words apart.
    expect(await cardClashes(page)).toEqual([])
    const horizontal = await page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)
    expect(horizontal).toBe(0)

    await page.keyboard.press('l')
    const list = page.getByRole('dialog', { name: 'Lessons' })
    await list.waitFor()
    // A lesson in presenter mode docks in its column: below the toolbar (its Share, Export and Lessons
    // stay clickable), and its long title reads on the panel's width, not in a column beside the buttons.
    const lesson = getLesson('hot-brokers')!.lesson
    await list.getByRole('button', { name: new RegExp(lesson.title) }).click()
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    await expect.poll(() => panel.textContent(), { timeout: 10_000 }).toContain(lesson.steps[0]!.text)
    const toolbar = (await page.locator('header.toolbar').boundingBox())!
    const panelBox = (await panel.boundingBox())!
    expect(panelBox.y).toBeGreaterThanOrEqual(toolbar.y + toolbar.height)
    for (const name of ['Share', 'Export', 'Lessons']) await page.getByRole('button', { name, exact: true }).click({ trial: true, timeout: 2_000 })
    // (Lines counted as the distinct tops of the title text's line boxes.)
    const title = await panel.locator('.lesson-title').evaluate((h) => {
      const range = document.createRange()
      range.selectNodeContents(h)
      return { lines: new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size, text: h.textContent }
    })
    expect(title.text).toBe(lesson.title)
    expect(title.lines).toBeLessThanOrEqual(2)
    expect(errors).toEqual([])
    await page.close()
  }, 45_000)
})
