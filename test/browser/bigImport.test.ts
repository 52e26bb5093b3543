// A big real cluster imported in the page at 1024×768: a kafka-consumer-groups.sh --describe of
// 10 000 partitions read by 5 consumers (generated: test/fixtures/import/bigDescribe.ts) is over
// the simulator's budget as measured. The dialog says why in the cluster's terms and offers the
// scaled copy; the copy opened is the one `highway import --scale 4` builds, its 10 000 lanes drawn
// in lane groups, and it plays.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runImport } from '../../src/cli/importCommand.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { bigDescribe } from '../fixtures/import/bigDescribe.ts'
import { ARTIFACTS, collectErrors, openImportDialog, scenarioInUrl } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-big-import-test')
const suite = browserSuite(OUT)
const PASTE = bigDescribe(10_000, 5)

function cliScenario(): Scenario {
  const r = runImport(['-', '--scale', '4', '--json'], { readFile: () => ({ ok: false as const, problem: 'no files' }), readStdin: () => ({ ok: true as const, text: PASTE }) })
  if (r.code !== 0) throw new Error(r.stderr)
  return (JSON.parse(r.stdout) as { scenario: Scenario }).scenario
}

describe('a big cluster imported in the page (real browser, 1024×768)', () => {
  it('10 000 partitions / 5 consumers: the refusal in the cluster\'s terms, "Simulate a scaled copy", the CLI\'s copy opened in lane groups, and it plays', async () => {
    const cli = cliScenario()
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    const dialog = await openImportDialog(page, preview.url)
    // 1.3 MB: set as a paste lands (one input event), not typed key by key as fill() does.
    await dialog.getByLabel('paste 1', { exact: true }).evaluate((el, text) => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, text)
      el.dispatchEvent(new Event('input', { bubbles: true }))
    }, PASTE)
    const alert = dialog.getByRole('alert')
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toMatch(/^10,000 partitions read by 5 consumers at 3,000 records\/s .*budget 0\.60 s.*A copy at 1\/4 of the rate fits/)
    expect(await alert.textContent()).not.toContain('group.config')
    await dialog.getByRole('button', { name: 'Simulate a scaled copy (1/4 of the rate)' }).click()
    await expect.poll(() => dialog.locator('.import-story').textContent(), { timeout: 20_000 }).toMatch(/^Simulated at 1\/4 of the assumed rate/)
    const first = dialog.locator('table.field-account tbody tr').first().locator('th, td')
    expect((await first.allTextContents()).slice(0, 3)).toEqual(['scale', '1/4', 'derived'])
    await page.screenshot({ path: join(ARTIFACTS, 'big-import-1024.png') })

    await dialog.getByRole('button', { name: 'Open scenario' }).click()
    await expect.poll(() => scenarioInUrl(page.url()), { timeout: 10_000 }).toEqual(cli)
    await page.getByTestId('lane-groups').waitFor({ timeout: 30_000 })
    const highway = page.getByTestId('highway')
    const t0 = Number(await highway.getAttribute('data-t'))
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await expect.poll(async () => Number(await highway.getAttribute('data-t')), { timeout: 15_000 }).toBeGreaterThan(t0 + 2000)
    await page.screenshot({ path: join(ARTIFACTS, 'big-import-lanes-1024.png') })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)
})
