// A lesson run from the keyboard in presenter mode at 1024×768, in real Chromium (Debian's chromium
// via playwright-core): while its question is asked, a digit answers it (2: the second choice), and
// while the lesson is open a digit picks no preset. Pressing "3" to answer had swapped the scenario
// for the third preset (salted) under the lesson, which went on asking about the hot key's lane; the
// Preset menu did the same. Picked from the menu, a preset now ends the lesson. In the Lessons list
// ↓ / ↑ (and a remote's Page Down / Page Up) go from lesson to lesson; only Tab did.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-lesson-keys-test')
const suite = browserSuite(OUT)

describe('a lesson from the keyboard', () => {
  it('a digit answers the question asked and picks no preset; the Preset menu ends the lesson', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#lesson=hot-key&step=1`)
    const panel = page.locator('.lesson-panel')
    await panel.waitFor({ timeout: 30_000 })
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('p')
    await page.locator('.app.presenter').waitFor()
    await expect.poll(() => page.locator('.lesson-countdown').textContent(), { timeout: 30_000 }).toMatch(/^Plays on in \d+ s$/)
    const preset = page.getByRole('combobox', { name: 'Preset' })
    expect(await preset.inputValue()).toBe('hot-key')

    await page.keyboard.press('2')
    await expect.poll(() => panel.locator('.lesson-choice.chosen').textContent(), { timeout: 5_000 }).toMatch(/^One lane's lag climbs/)
    await expect.poll(() => panel.textContent(), { timeout: 5_000 }).toMatch(/Playing to 20 s|Answer|Right|Not quite/)
    // Another digit mid-lesson changes nothing: the same preset, the same answer, the lesson open.
    await page.keyboard.press('3')
    await page.keyboard.press('1')
    expect(await preset.inputValue()).toBe('hot-key')
    expect(await panel.locator('.lesson-choice.chosen').textContent()).toMatch(/^One lane's lag climbs/)
    expect(await page.locator('.lesson-panel').count()).toBe(1)
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-lesson-keys.png') })

    // The Preset menu starts another run: the lesson ends with it.
    await preset.selectOption('steady')
    await expect.poll(() => page.locator('.lesson-panel').count(), { timeout: 10_000 }).toBe(0)
    expect(await preset.inputValue()).toBe('steady')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('the Lessons list: ↓, Page Down and ↑ move through the lessons, Enter starts the one in focus', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(suite().preview.url)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await page.keyboard.press('l')
    const dialog = page.getByRole('dialog', { name: 'Lessons' })
    await dialog.waitFor()
    const focused = () => page.evaluate(() => document.activeElement?.querySelector('strong')?.textContent ?? '')
    expect(await focused()).toBe('The hot key and the cost of salting')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('PageDown')
    expect(await focused()).toBe('Hot brokers: a hot key, a crash, a rebalance')
    await page.keyboard.press('ArrowUp')
    expect(await focused()).toBe('Four answers to one hot lane')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.lesson-panel .lesson-title').textContent(), { timeout: 30_000 }).toBe('Four answers to one hot lane')
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})

describe('a compare lesson’s step names the strip’s own words', () => {
  it('four answers, step 3 (the costs), in presenter mode: the figure it says to look at is one the sides show', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#lesson=hot-lane-answers&step=3`)
    const text = page.locator('.lesson-text')
    await text.waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Presenter mode' }).click()
    await page.locator('.app.presenter').waitFor()
    await expect.poll(() => page.locator('.diff-strip').count(), { timeout: 20_000 }).toBe(4)
    // The words it quotes (it said "the ordering-violation row", a row no strip has).
    const quoted = [...((await text.textContent()) ?? '').matchAll(/“([^”]+)”/g)].map((m) => m[1]!)
    expect(quoted.length).toBeGreaterThan(0)
    // Each strip's words as drawn: its long labels where shown, else the short word CSS draws.
    const shown = await page.locator('.diff-strip dt').evaluateAll((dts) =>
      dts.map((dt) => {
        const long = dt.querySelector('.dt-long')!
        return long.getBoundingClientRect().width > 1 ? (long.textContent ?? '') : getComputedStyle(dt, '::before').content.split('"')[1]!
      }),
    )
    expect(quoted.filter((q) => shown.includes(q))).not.toEqual([])
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-lesson-costs.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 30_000)
})
