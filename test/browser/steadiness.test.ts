// A page that stays up through a workshop (issue 10), in a real browser (Debian's chromium via
// playwright-core, 1280×720): the heavy preset at top speed keeps its memory bounded (the renderer
// process under 1 GB, the main-thread heap not growing once warm) and the worker never runs ahead
// of what the page has drawn (one frame request unanswered at most); a hidden tab holds the
// simulated clock and shown again resumes from where it was; a page held still for seconds (what a
// suspended laptop looks like to it) resumes with one ordinary step, not a burst of catch-up.

import { join } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { heavyHash, jsHeapUsed, mb, readSimSec, rendererRss, topSpeed } from '../../scripts/benchMemory.ts'
import { SLEEP_GAP_MS } from '../../src/app/driver.ts'
import { ARTIFACTS, collectErrors, waitForSimTime } from './harness.ts'
import { browserSuite } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-steadiness-test')
const VIEWPORT = { width: 1280, height: 720 }
/** The bound for the whole tab. */
const TAB_MAX_BYTES = 1024 * 1024 * 1024
/** Wall ms of the soak (the bench runs the same for minutes: npm run bench:browser -- --only memory). */
const SOAK_MS = 9_000
/** Wall ms the page is frozen (a laptop's suspend, as the page sees it: no animation frames, then a jump). */
const FREEZE_MS = 3000

const suite = browserSuite(OUT)

/**
 * Records, from before the app's first line runs: frame requests to the worker still unanswered
 * (and the most ever), every `advance` asked (wall ms, toT), the sim time of the newest frame, and
 * the timestamps animation frames ran with. Bounded lists: the recorder must not be the leak.
 */
const RECORDER = `(() => {
  const s = { outstanding: 0, maxOutstanding: 0, frames: 0, frameT: 0, adv: [], rafs: [] }
  window.__steady = s
  const keep = (list, item) => { list.push(item); if (list.length > 4000) list.splice(0, 2000) }
  const ASKS = new Set(['init', 'advance', 'step', 'seek', 'command'])
  const post = Worker.prototype.postMessage
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (msg && ASKS.has(msg.type)) { s.outstanding++; s.maxOutstanding = Math.max(s.maxOutstanding, s.outstanding) }
    if (msg && msg.type === 'advance') keep(s.adv, [performance.now(), msg.toT, s.frameT])
    return post.call(this, msg, ...rest)
  }
  const add = Worker.prototype.addEventListener
  Worker.prototype.addEventListener = function (type, listener, ...rest) {
    if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, ...rest)
    return add.call(this, type, function (ev) {
      const d = ev.data
      if (d && (d.type === 'frame' || d.type === 'error')) {
        s.outstanding = Math.max(0, s.outstanding - 1)
        s.frames++
        if (d.frame) s.frameT = d.frame.t
      }
      return listener.call(this, ev)
    }, ...rest)
  }
  const raf = window.requestAnimationFrame.bind(window)
  window.requestAnimationFrame = (cb) => raf((t) => { keep(s.rafs, [performance.now(), t]); cb(t) })
})()`

interface Recorded {
  outstanding: number
  maxOutstanding: number
  frames: number
  frameT: number
  /** [wall ms, toT, sim ms of the newest frame then] of every advance asked. */
  adv: Array<[number, number, number]>
  /** [wall ms the callback ran, the timestamp it was given] of every animation frame callback. */
  rafs: Array<[number, number]>
}

const recorded = (page: Page): Promise<Recorded> => page.evaluate('({ ...window.__steady })') as Promise<Recorded>

/** Emulates the tab going behind another one (or coming back): the property the app reads, and the event. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') })
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

/** The main-thread heap after a full collection (what is really held, not garbage not yet collected). */
async function heldHeap(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  return jsHeapUsed(cdp)
}

/**
 * The first `advance` asked from animation frame `first` on (the first after a gap: hidden, held
 * still), how far past the frame on screen it asks, and how far the wall time since the gap allows:
 * the ask's wall time (or the timestamp of the frame that asked) − `first`'s timestamp, × speed. A
 * driver that caught up any of the gap, or went on from a target that had run ahead of the screen,
 * asks for more.
 */
function firstAskFrom(r: Recorded, first: [number, number], speed: number): { ahead: number; allowance: number } {
  const ask = r.adv.find(([wall]) => wall >= first[0])
  const asking = ask === undefined ? undefined : r.rafs.filter(([ran]) => ran <= ask[0]).at(-1)
  if (ask === undefined || asking === undefined) throw new Error('no advance after the gap')
  // The driver also asks when an answer arrives after a tick found the worker busy (PAGEFPS), at
  // that moment's wall time, which is past the last frame's timestamp: the bound is the wall time
  // since the gap ended, whichever asked (seconds of catch-up would still be far beyond it).
  return { ahead: ask[1] - ask[2], allowance: Math.max(0, Math.max(asking[1], ask[0]) - first[1]) * speed }
}

describe('a page that stays up', () => {
  it('the heavy preset at top speed: the renderer stays under 1 GB, the heap stops growing, the worker never runs ahead of the page', async () => {
    const { browser, preview } = suite()
    const page = await browser.newPage({ viewport: VIEWPORT })
    const errors = collectErrors(page)
    await page.addInitScript(RECORDER)
    await page.goto(preview.url + heavyHash())
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await topSpeed(page)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    const started = Date.now()
    const heaps: number[] = []
    const rss: number[] = []
    const sims: number[] = []
    while (Date.now() - started < SOAK_MS) {
      await page.waitForTimeout(SOAK_MS / 3)
      heaps.push(await heldHeap(cdp))
      rss.push(...rendererRss())
      sims.push(await readSimSec(page))
    }
    const r = await recorded(page)
    console.log(
      `steadiness: sim ${sims.map((s) => s.toFixed(0)).join(' → ')} s; held heap ${heaps.map(mb).join(' → ')}; ` +
        `renderer ${rss.length > 0 ? mb(Math.max(...rss)) : 'n/a'}; ${r.frames} frames, at most ${r.maxOutstanding} request(s) unanswered`,
    )
    // It really ran (a stalled run holds little memory for the wrong reason). How far depends on how
    // busy the machine is (the worker cannot keep up with heavy at 100× anywhere): that it moved.
    expect(sims.at(-1)!).toBeGreaterThan(sims[0]!)
    expect(r.frames).toBeGreaterThan(10)
    // Flow control: the page asks for the next frame only once the last one is in.
    expect(r.maxOutstanding).toBe(1)
    // Warm after the first third: what is held then may wobble but not climb.
    expect(heaps.at(-1)!).toBeLessThanOrEqual(heaps[0]! * 1.25 + 8 * 1024 * 1024)
    if (rss.length > 0) expect(Math.max(...rss)).toBeLessThan(TAB_MAX_BYTES)
    expect(errors).toEqual([])
    await cdp.detach()
    await page.close()
  })

  it('hidden, the clock holds and nothing is asked of the worker; shown again, and after a freeze of seconds (a suspended laptop), it resumes from where it was without catching up', async () => {
    const { browser, preview } = suite()
    const page = await browser.newPage({ viewport: VIEWPORT })
    const errors = collectErrors(page)
    await page.addInitScript(RECORDER)
    await page.goto(preview.url)
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    const speed = 5
    await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(speed)))
    await waitForSimTime(page, 2)

    await setHidden(page, true)
    // Let the frame already asked for land, then watch: headless chromium keeps running animation
    // frames for an emulated hidden tab, so only the app's own choice keeps the clock still.
    await page.waitForTimeout(300)
    const hidden = await recorded(page)
    const hiddenAt = await readSimSec(page)
    await page.waitForTimeout(2000)
    const stillHidden = await recorded(page)
    expect(stillHidden.adv.length).toBe(hidden.adv.length)
    expect(stillHidden.frames).toBe(hidden.frames)
    expect(await readSimSec(page)).toBe(hiddenAt)
    // Paused by the tab, not by the user: the button still offers Pause.
    expect(await page.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(1)

    const shownAt = (await page.evaluate('performance.now()')) as number
    await setHidden(page, false)
    await waitForSimTime(page, hiddenAt + 1, 15_000)
    const shown = await recorded(page)
    const back = firstAskFrom(shown, shown.rafs.find(([ran]) => ran > shownAt)!, speed)
    // 2.3 s hidden at 5× would be 11.5 s of catch-up; the first ask is one frame's worth past the frame shown.
    expect(back.ahead).toBeLessThanOrEqual(back.allowance + 1)

    // A suspended laptop, as the page sees it: seconds of wall time pass between two animation
    // frames (here the main thread is held busy; Page.setWebLifecycleState cannot freeze a visible page).
    const frozenAt = (await page.evaluate('performance.now()')) as number
    await page.evaluate((ms) => {
      const until = performance.now() + ms
      while (performance.now() < until) {
        // the laptop is asleep
      }
    }, FREEZE_MS)
    await waitForSimTime(page, (await readSimSec(page)) + 1, 15_000)
    const after = await recorded(page)
    // The gap: the longest pause between the timestamps of animation frames since `frozenAt` (the
    // first frame run after it may carry a timestamp from before it).
    const rafs = after.rafs.filter(([ran]) => ran >= frozenAt - 100)
    let gapEnd = 1
    for (let i = 1; i < rafs.length; i++) if (rafs[i]![1] - rafs[i - 1]![1] > rafs[gapEnd]![1] - rafs[gapEnd - 1]![1]) gapEnd = i
    expect(rafs[gapEnd]![1] - rafs[gapEnd - 1]![1]).toBeGreaterThan(SLEEP_GAP_MS)
    const woke = firstAskFrom(after, rafs[gapEnd]!, speed)
    // Seconds frozen at 5× would be many seconds of catch-up (clamped, still a jump): one frame's worth instead.
    expect(woke.ahead).toBeLessThanOrEqual(woke.allowance + 1)
    expect(errors).toEqual([])
    await page.close()
  })
})
