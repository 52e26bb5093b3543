// Links from strangers in real Chromium (Debian's chromium via playwright-core, 1280×720): a
// comparison of an imported 10 000-partition cluster whose sides change its brokers, with HTML in
// its name and labels, opens, says each side's dropped placement once (as an edit on the page
// does), shows the HTML as text and runs none of it; a hand-edited link's key given twice, label
// given twice and control characters are named in its banner; a lesson link given two lessons opens
// the last and says so, and one with a moment, scenario or sides names them as replaced by the
// lesson's own. Each failed before its fix.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deflateSync, strToU8 } from 'fflate'
import { toBase64Url } from '../../src/scenario/base64url.ts'
import { crc32 } from '../../src/scenario/crc32.ts'
import { defaultScenario } from '../../src/scenario/index.ts'
import { compareLinkHash, readLinkHash } from '../../src/scenario/links.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { ARTIFACTS } from './harness.ts'
import { openHighway } from './highwayPage.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-stranger-links-test')
const suite = browserSuite(OUT)
const HTML = '<img src=x onerror=alert(1)>'

/** A link's scenario text for JSON as a stranger wrote it (codec.ts's format: deflate, then the CRC-32 of the JSON). */
function linkOfJson(json: string): string {
  const raw = strToU8(json)
  const packed = deflateSync(raw)
  const bytes = new Uint8Array(packed.length + 4)
  bytes.set(packed)
  new DataView(bytes.buffer).setUint32(packed.length, crc32(raw))
  return `v1.${toBase64Url(bytes)}`
}

/** 10 000 partitions on 64 brokers (RF 3) as a real cluster printed them: a kept placement. */
function imported(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: HTML,
    start: 'warm',
    topic: { ...s.topic, partitions: 10_000 },
    cluster: {
      brokers: 64,
      'replication.factor': 3,
      'min.insync.replicas': 2,
      brokerCapacityPerSec: null,
      assignment: Array.from({ length: 10_000 }, (_, p) => [0, 1, 2].map((k) => ((p * 7 + k) % 64) + 1)),
    },
  }
}

const dropped = (what: string) => `The imported replica placement was dropped (${what}): replicas and leaders are now placed by KRaft's StripedReplicaPlacer.`
const notes = (page: Awaited<ReturnType<typeof openHighway>>['page']) => page.locator('.banner').allTextContents()

describe('a stranger’s comparison link', () => {
  it('an imported 10 000-partition cluster, sides changing its brokers and replication factor, HTML labels: one note per side, text only, no script', async () => {
    const sides = [
      { label: '<script>alert(1)</script>', set: {} },
      { label: '<b>fifty</b>', set: { 'cluster.brokers': 50 } },
      { label: 'rf 2', set: { 'cluster.replication.factor': 2 } },
    ]
    const { page, errors } = await openHighway(suite(), `#${compareLinkHash(imported(), sides)}`)
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await page.locator('.compare-side').nth(2).waitFor({ timeout: 30_000 })
    expect(await page.locator('.compare-side .side-label').allTextContents()).toEqual(sides.map((s) => s.label))
    await expect.poll(() => notes(page), { timeout: 20_000 }).toEqual([
      `Side “<b>fifty</b>” was changed:${dropped('64 → 50 brokers')}×`,
      `Side “rf 2” was changed:${dropped('replication factor 3 → 2')}×`,
    ])
    // The HTML is text: no element came of it, and nothing ran.
    const made = await page.evaluate(() => ({
      img: document.querySelectorAll('img').length,
      bold: Array.from(document.querySelectorAll('b')).filter((b) => b.textContent === 'fifty').length,
      scripts: Array.from(document.querySelectorAll('script')).filter((x) => (x.textContent ?? '').includes('alert')).length,
    }))
    expect(made).toEqual({ img: 0, bold: 0, scripts: 0 })
    // The page keeps going: the shared clock moves.
    const clock = () => page.getByRole('timer', { name: 'Simulated time' }).first().textContent()
    const before = await clock()
    await expect.poll(clock, { timeout: 20_000 }).not.toBe(before)
    expect(dialogs).toEqual([])
    expect(errors).toEqual([])
  }, 90_000)

  it('a key given twice, a label given twice and a label with a bidi override are each named in the banner', async () => {
    const s = `s=${encodeURIComponent(linkOfJson('{"name":"first","topic":{"partitions":3,"partitions":4},"name":"second"}'))}`
    const v = (text: string) => `v=${encodeURIComponent(text)}`
    const { page, errors } = await openHighway(suite(), `#${[s, v('a:'), v('a: dynamic.salting.enabled=true'), v('abc\u202eDEF:')].join('&')}`)
    await page.locator('.compare-side').nth(1).waitFor({ timeout: 30_000 })
    expect(await page.locator('.compare-side .side-label').allTextContents()).toEqual(['a', 'a 2'])
    // The link's warnings (the shared scenario's), then what was not used of it as written.
    await expect
      .poll(() => page.locator('.banner li').allTextContents(), { timeout: 20_000 })
      .toEqual([
        'topic.partitions: given twice (JSON keeps the last value; the earlier one is ignored)',
        'name: given twice (JSON keeps the last value; the earlier one is ignored)',
        `side 3 ("abc\\u202eDEF:") was left out: a variant's label must be printable text (no control or invisible characters), got "abc\\u202eDEF"`,
        'side B has side A’s label "a": shown as "a 2"',
      ])
    expect(errors).toEqual([])
  }, 60_000)
})


describe('a lesson link given two lessons', () => {
  it('opens the last, as a t given twice does, and says so: in compare mode as a note, on one highway as a banner', async () => {
    const twice = (a: string, b: string) => `Parts of this link were ignored:the link gives lesson twice ("${a}", then "${b}"): the last is used×`
    const compare = await openHighway(suite(), '#lesson=hot-key&lesson=eager-vs-cooperative')
    await compare.page.locator('.compare-side').nth(1).waitFor({ timeout: 30_000 })
    await expect.poll(() => notes(compare.page), { timeout: 20_000 }).toEqual([twice('hot-key', 'eager-vs-cooperative')])
    expect(compare.errors).toEqual([])
    await compare.page.close()
    const single = await openHighway(suite(), '#lesson=eager-vs-cooperative&lesson=hot-key')
    await single.page.locator('[data-testid="highway"]').first().waitFor({ timeout: 30_000 })
    await expect.poll(() => notes(single.page), { timeout: 20_000 }).toEqual([twice('eager-vs-cooperative', 'hot-key')])
    expect(await single.page.locator('.compare-side').count()).toBe(0)
    expect(single.errors).toEqual([])
  }, 90_000)

  it('an opened lesson names the moment, scenario and sides of the link its own link replaced, as text: on one highway as a banner, in compare mode as a note', async () => {
    const ignored = (params: string, lesson: string, own: string) => `Parts of this link were ignored:the link's ${params} not used: lesson ${lesson} opens with its own ${own} (step 1 at 0 s)×`
    const single = await openHighway(suite(), `#lesson=hot-key&step=1&t=30&v=${encodeURIComponent(`${HTML}:`)}`)
    await expect.poll(() => notes(single.page), { timeout: 20_000 }).toEqual([ignored('v (a side) and t (the moment the link opens at) were', 'hot-key', 'scenario and moment')])
    // The lesson's own link opened (one highway, at 0 s), and the side's HTML made nothing.
    expect(await single.page.locator('.compare-side').count()).toBe(0)
    const opened = readLinkHash(new URL(single.page.url()).hash)
    expect([opened.t ?? 0, opened.v]).toEqual([0, []])
    expect(await single.page.evaluate(() => document.querySelectorAll('img').length)).toBe(0)
    expect(single.errors).toEqual([])
    await single.page.close()
    const compare = await openHighway(suite(), '#t=30&lesson=eager-vs-cooperative&mark=12')
    await compare.page.locator('.compare-side').nth(1).waitFor({ timeout: 30_000 })
    await expect.poll(() => notes(compare.page), { timeout: 20_000 }).toEqual([ignored('t (the moment the link opens at) and mark (where the counts start) were', 'eager-vs-cooperative', 'scenario, sides and moment')])
    expect(readLinkHash(new URL(compare.page.url()).hash).t ?? 0).toBe(0)
    expect(compare.errors).toEqual([])
  }, 90_000)
})
