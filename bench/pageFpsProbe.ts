// Where a page's frame time goes (PAGEFPS), in headless chromium: the worker's ms per answer and the
// gaps between frames as the page receives them, then, for the same seconds, the main thread's
// JavaScript self time (CDP Profiler) and every thread's trace events (CDP Tracing: the worker's
// tasks, paint, layout, compositing). A diagnostic, not part of the suite or of bench:browser.
// `npx tsx bench/pageFpsProbe.ts [preset|default] [speed] [seconds] [--nobuild]`

import { join } from 'node:path'
import { ARTIFACTS, buildApp, launchBrowser, startPreview } from '../test/browser/harness.ts'
import { SCALE_COUNTERS, setSpeed } from '../scripts/benchScale.ts'

const preset = process.argv[2] ?? 'scale-10k'
const speed = Number(process.argv[3] ?? 10)
const seconds = Number(process.argv[4] ?? 5)
const OUT = join(ARTIFACTS, 'dist-probe')

/** Records each frame message's worker ms and arrival time while `__probe.on`. */
const PROBE = `(() => {
  const add = Worker.prototype.addEventListener
  window.__probe = { eng: [], at: [], on: false }
  Worker.prototype.addEventListener = function (type, listener, ...rest) {
    if (type !== 'message') return add.call(this, type, listener, ...rest)
    return add.call(this, type, function (ev) {
      const p = window.__probe
      if (p.on && ev.data && ev.data.type === 'frame') { p.eng.push(ev.data.engineMs); p.at.push(performance.now()) }
      return listener.call(this, ev)
    }, ...rest)
  }
})()`

interface TraceEvent {
  name: string
  ph: string
  dur?: number
  tid: number
  pid: number
  args?: { name?: string }
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>
  samples: number[]
  timeDeltas: number[]
}

const quantile = (xs: number[], f: number): string => ([...xs].sort((a, b) => a - b)[Math.floor(f * (xs.length - 1))] ?? Number.NaN).toFixed(1)
const spread = (xs: number[]): string => `median ${quantile(xs, 0.5)}, p90 ${quantile(xs, 0.9)}, max ${quantile(xs, 1)}`

if (!process.argv.includes('--nobuild')) buildApp(OUT)
const preview = await startPreview(OUT)
const browser = await launchBrowser()
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await page.addInitScript(SCALE_COUNTERS)
  await page.addInitScript(PROBE)
  await page.goto(preview.url)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  if (preset !== 'default') await page.getByLabel('Preset', { exact: true }).selectOption(preset)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor({ timeout: 60_000 })
  await setSpeed(page, speed)
  await page.waitForTimeout(2500)
  await page.evaluate('window.__probe.on = true')
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.start')
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]))
  })
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,__metadata', transferMode: 'ReportEvents' })
  await page.waitForTimeout(seconds * 1000)
  const traced = new Promise((res) => cdp.once('Tracing.tracingComplete', res))
  await cdp.send('Tracing.end')
  await traced
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
  const r = (await page.evaluate('window.__probe')) as { eng: number[]; at: number[] }

  const gaps = r.at.slice(1).map((t, i) => t - r.at[i]!)
  console.log(`${preset} at ${speed}×: ${r.eng.length} frames in ${seconds} s = ${(r.eng.length / seconds).toFixed(1)}/s`)
  console.log(`worker ms per answer: ${spread(r.eng)}`)
  console.log(`gap between frames (ms): ${spread(gaps)}; over 50 ms: ${gaps.filter((g) => g > 50).length}, over 100 ms: [${gaps.filter((g) => g > 100).map((g) => g.toFixed(0)).join(' ')}]`)

  const threads = new Map<string, string>()
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?')
  const byName = new Map<string, number>()
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue
    const k = `${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} ${e.name}`
    byName.set(k, (byName.get(k) ?? 0) + e.dur)
  }
  console.log('trace events, inclusive ms per s:')
  for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(v / 1000 / seconds).toFixed(1)} ${k}`)

  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const cf = byId.get(id)!.callFrame
    const k = `${cf.functionName || '(anonymous)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`
    self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  console.log('main thread, self time:')
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${((v / total) * 100).toFixed(1)} % ${(v / 1000 / seconds).toFixed(0)} ms/s ${k}`)
} finally {
  await browser.close()
  await preview.stop()
}
