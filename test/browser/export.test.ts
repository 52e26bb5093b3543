// Take it home, in a real browser (Debian's chromium via playwright-core, 1280×720): the run data
// downloaded at a paused moment is byte for byte what `highway run --scenario LINK --seconds T --csv`
// prints (computed here, the oracle), the client configuration dialog shows the scenario's assignor,
// the picture is a PNG of the highway, and an embed=1 link shows the lanes without the side panels.

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { ARTIFACTS, collectErrors, downloadBytes, scenarioInUrl, waitForSimTime } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-export-test')
const VIEWPORT = { width: 1280, height: 720 }
const PRESET = 'consumer-joins-cooperative'

const suite = browserSuite(OUT)

function presetHash(name: string): string {
  return `#s=${encodeURIComponent(encodeScenario(getPreset(name)!.build()))}`
}

async function open(hash: string): Promise<{ page: Page; errors: string[] }> {
  const { preview, browser } = suite()
  const page = await browser.newPage({ viewport: VIEWPORT, acceptDownloads: true })
  const errors = collectErrors(page)
  await page.goto(preview.url + hash)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  return { page, errors }
}

/** Chooses Export → `item` and returns the file it downloads (name and bytes). */
async function exportFile(page: Page, item: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('menuitem', { name: item }).click()])
  return { name: download.suggestedFilename(), bytes: await downloadBytes(download) }
}

describe('export', () => {
  it('downloads the CLI\'s CSV for the paused moment, a PNG of the highway, and the client configuration', async () => {
    const { page, errors } = await open(presetHash(PRESET))
    await page.getByLabel('Speed', { exact: true }).fill('2') // 100×
    await waitForSimTime(page, 6)
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()

    const csv = await exportFile(page, 'Run data (CSV)')
    const m = /^partition-highway-consumer-joins-cooperative-(\d+(?:\.\d+)?)s\.csv$/.exec(csv.name)
    expect(m, csv.name).not.toBeNull()
    const seconds = m![1]!
    expect(Number(seconds)).toBeGreaterThanOrEqual(6)
    // The oracle: the CLI on the page's own link, for the moment the file is named after.
    const cli = runRun(['--scenario', page.url(), '--seconds', seconds, '--csv'], noFiles as Parameters<typeof runRun>[1])
    expect(cli.code).toBe(0)
    expect(csv.bytes.toString('utf8')).toBe(cli.stdout)
    expect(cli.stdout.split('\n').length).toBeGreaterThan(6 * 12)

    const png = await exportFile(page, 'Picture (PNG)')
    expect(png.name).toBe(`partition-highway-consumer-joins-cooperative-${seconds}s.png`)
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    expect(png.bytes.length).toBeGreaterThan(20_000)
    await writeFile(join(ARTIFACTS, 'export-picture.png'), png.bytes) // for a look by eye
    // IHDR: the picture is as wide as the highway on screen (at the screen's pixel ratio).
    const box = await page.getByTestId('highway').boundingBox()
    const dpr = await page.evaluate(() => window.devicePixelRatio)
    expect(png.bytes.readUInt32BE(16)).toBe(Math.round(box!.width * dpr))

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Client configuration…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Client configuration' })
    const text = await dialog.getByLabel('Configuration').inputValue()
    expect(text).toMatch(/^partition\.assignment\.strategy=org\.apache\.kafka\.clients\.consumer\.CooperativeStickyAssignor$/m)
    await dialog.getByLabel('Client').selectOption('kafka-python')
    expect(await dialog.getByLabel('Configuration').inputValue()).toMatch(/# kafka-python has no cooperative rebalancing/)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('an embed=1 link shows the lanes with a compact toolbar and no side panels', async () => {
    const hash = presetHash('hot-key')
    const { page, errors } = await open(`${hash}&embed=1`)
    expect(await page.getByRole('complementary', { name: 'Scenario controls' }).count()).toBe(0)
    expect(await page.getByRole('complementary', { name: 'Details' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Export', exact: true }).count()).toBe(0)
    await expect.poll(async () => Number.parseFloat((await page.getByRole('timer', { name: 'Simulated time' }).textContent()) ?? '0')).toBeGreaterThan(0.5)
    await page.getByRole('button', { name: 'Pause', exact: true }).click()
    const link = page.getByRole('link', { name: 'Open in Partition Highway' })
    const href = (await link.getAttribute('href')) ?? ''
    expect(href).not.toContain('embed=1')
    expect(scenarioInUrl(href)?.name).toBe('hot-key')
    // The page left its frame's URL as given (so a reload stays embedded).
    expect(page.url()).toContain('&embed=1')
    const lanes = await page.getByTestId('highway').boundingBox()
    expect(lanes!.width).toBeGreaterThan(VIEWPORT.width * 0.9)
    expect(errors).toEqual([])
    await page.close()
  })
})
