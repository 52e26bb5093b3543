// broker-hotspot on one highway, presenter mode, a 1024×768 projector, in real Chromium (Debian's
// chromium via playwright-core), paused 5 s after broker 1 crashed (the controller's countdown on
// its box). Every lane keeps its whole name in one column ("P7", not the two staggered columns of
// "7" that thinner lanes take: the countdown's extra line in the strip had made the lanes just that
// thinner, in the room's sight, at the crash), and on each lane its words ("no leader", the leader,
// HOT, the lag) stay apart: "no leader" ran into the hot lane's "lag 2.0k". The broker strip is in
// type the room reads, each box on two lines, and the story's "Edited" note keeps to two lines.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { encodeScenario } from '../../src/scenario/index.ts'
import { getLesson } from '../../src/scenario/lessons/catalog.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-teacher-hotspot-test')
const suite = browserSuite(OUT)

describe('broker-hotspot, broker 1 crashed, presenter mode at 1024×768', () => {
  it('every lane named in one column, no lane’s words on each other, the broker strip in 16 px on two lines, the Edited note in two', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    // hot-brokers' scenario: broker-hotspot with broker 1 crashing at 20 s (the controller notices at 29 s).
    const s = getLesson('hot-brokers')!.scenario
    await page.goto(`${suite().preview.url}#s=${encodeURIComponent(encodeScenario(s))}&t=25`)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await page.getByRole('button', { name: 'Presenter mode' }).click()
    await page.locator('.app.presenter').waitFor()
    await expect.poll(() => page.locator('.broker-countdown').count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => page.locator('[data-testid="highway"] text.no-leader:not([display="none"])').count(), { timeout: 10_000 }).toBe(4)

    const names = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="highway"] text.p'))
          .filter((t) => t.getAttribute('display') !== 'none')
          .map((t) => `${t.textContent}@${t.getAttribute('x')}`),
      )
    await expect.poll(names, { timeout: 5_000 }).toEqual(Array.from({ length: 12 }, (_, i) => `P${i}@8`))

    const clashes = await page.evaluate(() => {
      const words = Array.from(document.querySelectorAll('[data-testid="highway"] :is(text.no-leader, text.leader, text.hot, text.lag)'))
        .filter((t) => t.getAttribute('display') !== 'none' && (t.textContent ?? '') !== '')
        .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }))
      const out: string[] = []
      for (let i = 0; i < words.length; i++)
        for (let j = i + 1; j < words.length; j++) {
          const a = words[i]!.r
          const b = words[j]!.r
          if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 3) out.push(`"${words[i]!.text}" × "${words[j]!.text}"`)
        }
      return out
    })
    // The strip in type the room reads (it was 12 px, its badges 10.5 px), each box on two lines.
    const strip = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.broker-strip li')).map((li) => {
        const px = (sel: string) => Array.from(li.querySelectorAll(sel)).filter((e) => e.getBoundingClientRect().width > 0).map((e) => parseFloat(getComputedStyle(e).fontSize))
        const lines = new Set(
          Array.from(li.querySelectorAll('b, .broker-badge, .broker-figures span, .broker-countdown'))
            .filter((e) => e.getBoundingClientRect().width > 0)
            .map((e) => Math.round(e.getBoundingClientRect().top / 8)),
        ).size
        return { names: px('.broker-name b'), badges: px('.broker-badge'), figures: px('.broker-figures, .broker-countdown'), lines }
      }),
    )
    expect(strip).toHaveLength(3)
    for (const b of strip) {
      expect(Math.min(...b.names, ...b.figures)).toBeGreaterThanOrEqual(16)
      if (b.badges.length > 0) expect(Math.min(...b.badges)).toBeGreaterThanOrEqual(14)
      expect(b.lines).toBeLessThanOrEqual(2)
    }
    // The run is edited (a fault): the story's note says so in two lines, not six, so the narration
    // of the crash is in view under it.
    const note = page.locator('.notice .edited')
    expect(await note.textContent()).toMatch(/^Edited/)
    const lineH = await note.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight))
    expect((await note.boundingBox())!.height).toBeLessThanOrEqual(2 * lineH + 1)
    const newest = (await page.locator('.narration .log li').first().boundingBox())!
    expect(newest.y + newest.height).toBeLessThanOrEqual(768)
    await page.screenshot({ path: join(ARTIFACTS, 'teacher-hotspot-crash.png') })
    expect(clashes).toEqual([])
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})

describe('broker-hotspot’s story and controls name the same hot key', () => {
  it('the story quotes the key the Load section names (it said “the hot key of "hot-key"”, the preset’s name, in quotes)', async () => {
    const page = await suite().browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    await page.goto(suite().preview.url)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await page.getByRole('combobox', { name: 'Preset' }).selectOption('broker-hotspot')
    const note = page.getByText(/^hot key: /)
    await expect.poll(() => note.textContent(), { timeout: 10_000 }).toBe('hot key: global-marketplace')
    const story = page.locator('.notice')
    await expect.poll(() => story.textContent(), { timeout: 10_000 }).toContain('Broker hotspot')
    const quoted = [...((await story.textContent()) ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1])
    expect(quoted).toEqual(['global-marketplace'])
    expect(errors).toEqual([])
    await page.close()
  }, 30_000)
})
