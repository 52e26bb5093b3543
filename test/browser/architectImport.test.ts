// An architect's import at 1024×768: kafka-topics.sh --describe plus kafka-consumer-groups.sh
// --describe of a 48-partition topic pasted in the dialog. The field account fits the dialog (a long JSON value such as a
// lag per partition used to widen its column and cut the Why column off), the scenario opened is
// the one `highway import` builds (brokers, replication and the measured owners included), and its
// link reopens it with the same brokers and the lags `highway run` computes.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runImport } from '../../src/cli/importCommand.ts'
import { encodeScenario } from '../../src/scenario/codec.ts'
import { cleanName } from '../../src/scenario/import/memberNames.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { ARTIFACTS, collectErrors, openImportDialog, scenarioInUrl, tableLags } from './harness.ts'
import { browserSuite, runLags } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-architect-import-test')
const suite = browserSuite(OUT)
/**
 * The architect's own cluster, as Kafka's tools print it: 48 partitions on 3 brokers (replication
 * factor 3, min.insync.replicas=2, one partition short of its ISR) read by 6 consumers of 'billing'
 * (range, 8 each), the lag piled on partitions 5, 17 and 33. Layouts as TopicCommand and
 * ConsumerGroupCommand print them (tabs; printf columns padded to at least 15).
 */
const P = 48
const HOT: Record<number, number> = { 5: 250_000, 17: 180_000, 33: 90_000 }
function topicsPaste(): string {
  const lines = ['Topic: orders\tTopicId: 8xH0cY3_Rr2cC0sW3f1QeA\tPartitionCount: 48\tReplicationFactor: 3\tConfigs: min.insync.replicas=2,segment.bytes=1073741824']
  for (let p = 0; p < P; p++) {
    const r = [0, 1, 2].map((i) => ((p + i) % 3) + 1)
    const isr = p === 7 ? r.slice(0, 2) : r
    lines.push(`\tTopic: orders\tPartition: ${p}\tLeader: ${r[0]}\tReplicas: ${r.join(',')}\tIsr: ${isr.join(',')}\tElr: N/A\tLastKnownElr: N/A`)
  }
  return lines.join('\n') + '\n'
}
function groupsPaste(clientId = (c: number) => `consumer-billing-${c}`): string {
  const col = (xs: Array<string | number>) => xs.map((x, i) => (i === xs.length - 1 ? String(x) : String(x).padEnd(i === 6 ? 48 : 15))).join(' ')
  const lines = ['', col(['GROUP', 'TOPIC', 'PARTITION', 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'CONSUMER-ID', 'HOST', 'CLIENT-ID'])]
  for (let p = 0; p < P; p++) {
    const c = Math.floor(p / 8) + 1
    const lag = HOT[p] ?? (p * 7) % 41
    const cur = 1_000_000 + p * 137
    lines.push(col(['billing', 'orders', p, cur, cur + lag, lag, `consumer-billing-${c}-6f1c${c}e2a-77b0-4c1e-9d3f-0a1b2c3d4e5${c}`, `/10.0.1.${10 + c}`, clientId(c)]))
  }
  return lines.join('\n') + '\n'
}
const PASTES: Record<string, string> = { 'topics.txt': topicsPaste(), 'groups.txt': groupsPaste() }

function cliScenario(): Scenario {
  const r = runImport(['topics.txt', 'groups.txt', '--json'], { readFile: (f: string) => ({ ok: true as const, text: PASTES[f]! }) })
  if (r.code !== 0) throw new Error(r.stderr)
  return (JSON.parse(r.stdout) as { scenario: Scenario }).scenario
}

describe('an architect imports their cluster (real browser, 1024×768)', () => {
  it('kafka-topics + consumer-groups pastes: a field account that fits, the CLI\'s scenario, a link that reopens it', async () => {
    const cli = cliScenario()
    expect(cli.cluster).toMatchObject({ brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2 })
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    const dialog = await openImportDialog(page, preview.url)
    await dialog.getByLabel('paste 1', { exact: true }).fill(PASTES['topics.txt']!)
    await dialog.getByRole('button', { name: 'Add a paste' }).click()
    await dialog.getByLabel('paste 2', { exact: true }).fill(PASTES['groups.txt']!)
    await expect.poll(() => dialog.locator('.paste-status').allTextContents()).toEqual(['Read as kafka-topics.sh --describe', 'Read as kafka-consumer-groups.sh --describe'])

    // Every cell of the account inside the dialog's box: nothing to scroll sideways for, no Why cut off.
    const table = dialog.locator('table.field-account')
    await table.scrollIntoViewIfNeeded()
    const fit = await dialog.evaluate((d) => {
      const box = d.getBoundingClientRect()
      const cells = Array.from(d.querySelectorAll('table.field-account td, table.field-account th'))
      const out = cells.filter((c) => c.getBoundingClientRect().right > box.right - 1).map((c) => c.textContent?.slice(0, 30))
      return { sideways: d.scrollWidth - d.clientWidth, out }
    })
    expect(fit).toEqual({ sideways: 0, out: [] })
    const row = (path: string) => table.locator('tbody tr', { has: page.locator(`th:text-is("${path}")`) }).locator('td')
    expect((await row('cluster.brokers').allTextContents()).slice(0, 3)).toEqual(['3', 'measured', 'paste 1'])
    expect((await row('group.initialAssignment').allTextContents()).slice(1, 3)).toEqual(['measured', 'paste 2'])
    expect(cli.group.initialAssignment).toEqual(Array.from({ length: 6 }, (_, c) => Array.from({ length: 8 }, (_, i) => c * 8 + i)))
    await page.screenshot({ path: join(ARTIFACTS, 'architect-import-1024.png') })

    await dialog.getByRole('button', { name: 'Open scenario' }).click()
    await expect.poll(() => scenarioInUrl(page.url()), { timeout: 5000 }).toEqual(cli)
    const strip = page.getByText(/^Broker \d+$/)
    await expect.poll(() => strip.allTextContents()).toEqual(['Broker 1', 'Broker 2', 'Broker 3'])

    // The Share link, opened by a colleague at 5 s: the same scenario and the CLI's lags then.
    const reopened = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors2 = collectErrors(reopened)
    await reopened.goto(`${page.url()}&t=5`)
    await expect.poll(() => scenarioInUrl(reopened.url()), { timeout: 5000 }).toEqual(cli)
    const expected = runLags(['--scenario', encodeScenario(cli), '--seconds', '5'])
    await expect.poll(() => tableLags(reopened), { timeout: 15_000, interval: 250 }).toEqual(expected)
    expect(Math.max(...expected)).toBe(expected[5])
    await expect.poll(() => reopened.getByText(/^Broker \d+$/).allTextContents()).toEqual(['Broker 1', 'Broker 2', 'Broker 3'])
    expect([...errors, ...errors2]).toEqual([])
    await reopened.close()
    await page.close()
  }, 90_000)

  it("names the consumers by their client ids (a stranger's markup shown as text), says why more partitions will not help, and offers what does", async () => {
    // Consumer 6's client.id is markup: the page must show it as characters, never build an element from it.
    const hostile = '<img src=x onerror=window.__pwned=1>'
    const names = [1, 2, 3, 4, 5].map((c) => `consumer-billing-${c}`).concat(cleanName(hostile))
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    const dialog = await openImportDialog(page, preview.url)
    await dialog.getByLabel('paste 1', { exact: true }).fill(groupsPaste((c) => (c === 6 ? hostile : `consumer-billing-${c}`)))
    await expect.poll(() => dialog.locator('.paste-status').allTextContents()).toEqual(['Read as kafka-consumer-groups.sh --describe'])
    const story = dialog.locator('.import-story')
    await expect.poll(() => story.textContent()).toContain('99 % of the lag sits on partitions 5, 17 and 33: more partitions would not drain it')
    await dialog.getByRole('button', { name: 'Open scenario' }).click()
    await expect.poll(() => scenarioInUrl(page.url())?.group.consumerNames, { timeout: 5000 }).toEqual(names)

    // The metrics table's owners, the consumer cards and the lane owner labels say the client ids.
    const owners = () => page.locator('table[aria-label="Partition metrics"] tbody td.owner').allTextContents()
    await expect.poll(owners, { timeout: 10_000 }).toEqual(Array.from({ length: P }, (_, p) => names[Math.floor(p / 8)]))
    await page.screenshot({ path: join(ARTIFACTS, 'architect-import-names-1024.png') })
    // Long client ids do not push the Lag column out of the panel (it was cut off at its right edge):
    // a long name keeps its end ("…r-billing-2"), the whole name the cell's text and tooltip.
    const fit = await page.getByRole('table', { name: 'Partition metrics' }).evaluate((t) => {
      const panel = t.closest('.right')!.getBoundingClientRect()
      const lags = Array.from(t.querySelectorAll('td[data-lag]')).map((td) => td.getBoundingClientRect())
      return { out: lags.filter((r) => r.right > panel.right - 1).length, tooltip: t.querySelector('td.owner')?.getAttribute('title') }
    })
    expect(fit).toEqual({ out: 0, tooltip: names[0] })
    const cards = await page.locator('[data-testid="highway"] [aria-label$="Open actions"]').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label')?.split(':')[0]))
    expect(cards).toEqual(names)
    // A card too narrow for a whole client id shows its end, where the instances differ ("…r-billing-1"), not "cbilling-1".
    const shown = await page.locator('[data-testid="highway"] g.consumer-label text.name').allTextContents()
    expect(shown).toHaveLength(6)
    shown.forEach((t, i) => expect(t === names[i] || (t.startsWith('…') && names[i]!.endsWith(t.slice(1)) && t.length >= 10), `${t} for ${names[i]}`).toBe(true))
    await expect.poll(() => page.getByRole('region', { name: 'What just happened' }).textContent()).toContain('consumer-billing-1 [0,1,2,3,4,5,6,7]')
    expect(await page.evaluate(() => ({ pwned: (window as unknown as { __pwned?: number }).__pwned, imgs: document.querySelectorAll('img[src="x"]').length }))).toEqual({ pwned: undefined, imgs: 0 })

    // The offers: what drains the three piled-up lanes, and no "96 partitions" button.
    const offers = page.getByRole('group', { name: 'Compare fixes side by side' }).getByRole('button')
    await expect.poll(() => offers.allTextContents()).toEqual([
      'Parallel Consumer, 16 keys at once',
      'Lag-aware assignment for partitions 5, 17 and 33',
      'A share group of 96 on the hot lanes',
      'Cooperative rebalancing when a consumer joins',
    ])
    await expect.poll(() => page.locator('.story').first().textContent()).toContain('more partitions would not drain it')
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)
})
