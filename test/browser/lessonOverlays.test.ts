// A lesson open at 1024×768 (the projector's size) in real Chromium: its panel docks over the right
// column, where a consumer's menu opens and a dialog's right half lies. The menu and the dialogs
// are on top of the panel, so every menu item and every line of the shortcuts list can be read and
// clicked (under the panel, "Crash (no goodbye)" was cut in half and the shortcuts' words hidden).

import { join } from 'node:path'
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-lesson-overlays-test')
const suite = browserSuite(OUT)

/** Points of `el` (its corners inset by 3 px, and its centre) where something else is on top. */
async function covered(el: Locator): Promise<string[]> {
  const box = (await el.boundingBox())!
  const pts = [
    [box.x + 3, box.y + 3],
    [box.x + box.width - 3, box.y + 3],
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + 3, box.y + box.height - 3],
    [box.x + box.width - 3, box.y + box.height - 3],
  ]
  return el.evaluate(
    (node, points) =>
      points
        .filter(([x, y]) => {
          const top = document.elementFromPoint(x!, y!)
          return top === null || !(node === top || node.contains(top))
        })
        .map(([x, y]) => `${Math.round(x!)},${Math.round(y!)}: ${document.elementFromPoint(x!, y!)?.className ?? 'nothing'}`),
    pts,
  )
}

describe('a lesson panel and the page’s menus and dialogs at 1024×768', () => {
  it('a consumer’s menu and the shortcuts dialog lie over the lesson panel', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(`${suite().preview.url}#lesson=hot-key&step=1`)
    const panel = page.getByRole('region', { name: 'Lesson', exact: true })
    await expect.poll(() => panel.textContent(), { timeout: 20_000 }).toContain('Step 1 of 4')
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()

    await page.getByRole('button', { name: /^consumer-3:/ }).click()
    const menu = page.getByRole('menu')
    await menu.waitFor()
    // The menu reaches into the panel's column (else this test would prove nothing).
    const panelBox = (await panel.boundingBox())!
    const menuBox = (await menu.boundingBox())!
    expect(menuBox.x + menuBox.width).toBeGreaterThan(panelBox.x + 20)
    for (const item of await menu.getByRole('menuitem').all()) expect(await covered(item)).toEqual([])
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click()
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await dialog.waitFor()
    for (const row of await dialog.locator('dd').all()) expect(await covered(row)).toEqual([])
    // Modal: a click where the panel is lands on the dialog's backdrop, not on the lesson.
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.lesson-panel') !== null, [panelBox.x + panelBox.width / 2, panelBox.y + panelBox.height - 20])
    expect(hit).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
