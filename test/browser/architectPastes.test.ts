// An architect's other pastes at 1024×768: kcat -L without -J (its lines), a client's .properties
// file with it (its settings in the field account, the unknown key named), the page's own Export →
// Summary, a binary file chosen by mistake, and a topic whose name is markup. Each is read, or named
// for what it is, in the dialog; markup stays text after Open.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixture } from '../fixtures/import/fixture.ts'
import { ARTIFACTS, collectErrors, openImportDialog, scenarioInUrl } from './harness.ts'
import { browserSuite } from './suite.ts'

const suite = browserSuite(join(ARTIFACTS, 'dist-architect-pastes-test'))
const KCAT_L = fixture('kcat-metadata', 'metadata.txt')
const PROPS = ['# consumer.properties', 'bootstrap.servers = kafka-1:9092', '  max.poll.records : 200', 'my.custom.key=1'].join('\r\n')
const SUMMARY = JSON.stringify({ scenario: 'hot-key', seed: 42, simSeconds: 3, produced: 9000, consumed: 9000, lag: 0, latencyMs: { p50: 4 } })
const MARKUP = '<img src=x onerror="window.__pwned=1">'
const TOPICS = [`Topic: ${MARKUP}\tTopicId: q\tPartitionCount: 2\tReplicationFactor: 1\tConfigs: `, ...[0, 1].map((p) => `\tTopic: ${MARKUP}\tPartition: ${p}\tLeader: 1\tReplicas: 1\tIsr: 1`)].join('\n')

describe('an architect’s other pastes (real browser, 1024×768)', () => {
  it('kcat -L and a .properties file are read; a run summary and a binary file are named for what they are; a markup topic name stays text', async () => {
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    const dialog = await openImportDialog(page, preview.url)
    const paste = dialog.getByLabel('paste 1', { exact: true })
    const status = () => dialog.locator('.paste-status').allTextContents()

    await paste.fill(KCAT_L)
    await expect.poll(status).toEqual(['Read as kcat -L (or -L -J)'])
    const row = (path: string) => dialog.locator('table.field-account tbody tr', { has: page.locator(`th:text-is("${path}")`) }).locator('td')
    expect((await row('cluster.brokers').allTextContents()).slice(0, 3)).toEqual(['3', 'measured', 'paste 1'])

    await dialog.getByRole('button', { name: 'Add a paste' }).click()
    await dialog.getByLabel('paste 2', { exact: true }).fill(PROPS)
    await expect.poll(status).toEqual(['Read as kcat -L (or -L -J)', 'Read as Java client .properties (its settings)'])
    const rows = await dialog.locator('table.field-account tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent)))
    expect(rows.find((r) => r[0] === 'group.config["max.poll.records"]')?.slice(1, 5)).toEqual(['200', 'measured', 'paste 2', 'line 3: max.poll.records=200'])
    expect(await dialog.locator('.import-notes').textContent()).toContain('paste 2: not settings the simulator models (ignored): my.custom.key (line 4)')
    await page.screenshot({ path: join(ARTIFACTS, 'architect-pastes-properties-1024.png') })
    await dialog.getByRole('button', { name: 'Remove' }).last().click()
    await paste.fill(SUMMARY)
    await expect.poll(status).toEqual([
      "paste 1 (line 1): not recognised as any tool's output: the summary of a simulated run (Export → Summary, highway run --json), not a cluster's state: paste what Kafka's tools print",
    ])
    expect(await dialog.getByRole('button', { name: 'Open scenario' }).isDisabled()).toBe(true)

    await dialog.locator('input[type="file"]').setInputFiles({ name: 'dump.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0x7b, 0, 0x93, 0xff, 0x0a]) })
    await expect.poll(() => dialog.locator('.import-add [role="status"]').textContent()).toBe('Not read: dump.bin is binary, not text (it contains NUL bytes)')

    await paste.fill(TOPICS)
    await expect.poll(status).toEqual(['Read as kafka-topics.sh --describe'])
    await dialog.getByRole('button', { name: 'Open scenario' }).click()
    await expect.poll(() => scenarioInUrl(page.url())?.topic.name, { timeout: 5000 }).toBe('_img_src_x_onerror__window.__pwned_1__')
    await expect.poll(() => page.getByRole('region', { name: 'What just happened' }).textContent()).toContain('broker 1 leads 2')
    expect(await page.evaluate(() => ({ pwned: (window as unknown as { __pwned?: number }).__pwned, imgs: document.querySelectorAll('img[src="x"]').length }))).toEqual({ pwned: undefined, imgs: 0 })
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})
