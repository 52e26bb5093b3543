// The renderer's memory over a long heavy run (issue 10: "for every valid scenario at every speed,
// the tab stays under 1 GB over 30 minutes"): the `heavy` preset at top speed for N minutes,
// sampled every few seconds. Two figures, said for what they are:
// - rss: the renderer process's resident memory (VmRSS from /proc, Linux only): everything the tab
//   holds, the simulation worker, canvas and DOM included. The number the 1 GB bound is about.
// - jsHeap: the page's main-thread JS heap (CDP Performance.getMetrics JSHeapUsedSize). The
//   worker's heap is not in it (it lives in the same process, so rss counts it).
// Shared by scripts/bench-browser.ts and test/browser/steadiness.test.ts.

import { readdirSync, readFileSync } from 'node:fs'
import type { Browser, CDPSession, Page } from 'playwright-core'
import { encodeScenario, getPreset } from '../src/scenario/index.ts'
import { MAX_SPEED } from '../src/store/playbackSlice.ts'

export interface MemorySample {
  wallSec: number
  simSec: number
  /** Main-thread JS heap in use, bytes (after the soak's last GC, whatever V8 chose). */
  jsHeap: number
  /** Resident bytes of the largest renderer process under this one; null where /proc is not there. */
  rss: number | null
}

export interface MemorySoak {
  samples: MemorySample[]
  peakJsHeap: number
  peakRss: number | null
}

/** The `heavy` preset's link (hash, with '#'). */
export function heavyHash(): string {
  const preset = getPreset('heavy')
  if (preset === undefined) throw new Error('no heavy preset')
  return `#s=${encodeURIComponent(encodeScenario(preset.build()))}`
}

/**
 * Resident bytes of each chromium renderer process started (directly or not) by this process, from
 * /proc. Empty when /proc cannot be read (not Linux): then there is no process figure to report.
 */
export function rendererRss(root = process.pid): number[] {
  const children = new Map<number, number[]>()
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  } catch {
    return []
  }
  for (const d of pids) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces) in parentheses: state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const list = children.get(ppid) ?? []
      list.push(Number(d))
      children.set(ppid, list)
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = []
  const walk = (pid: number): void => {
    for (const kid of children.get(pid) ?? []) {
      try {
        if (readFileSync(`/proc/${kid}/cmdline`, 'utf8').includes('--type=renderer')) {
          const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${kid}/status`, 'utf8'))
          if (m !== null) out.push(Number(m[1]) * 1024)
        }
      } catch {
        // gone meanwhile
      }
      walk(kid)
    }
  }
  walk(root)
  return out
}

export async function jsHeapUsed(cdp: CDPSession): Promise<number> {
  const r = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
  return r.metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0
}

export async function readSimSec(page: Page): Promise<number> {
  return Number.parseFloat((await page.getByRole('timer', { name: 'Simulated time' }).textContent()) ?? '0')
}

/** Sets the Speed slider (log10 scale) to the page's top speed. */
export async function topSpeed(page: Page): Promise<void> {
  await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(MAX_SPEED)))
}

/** Opens the heavy preset at top speed and samples memory every `everyMs` for `ms` of wall time. */
export async function memorySoak(browser: Browser, url: string, ms: number, everyMs = 5000, onSample?: (s: MemorySample) => void): Promise<MemorySoak> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  try {
    await page.goto(url + heavyHash())
    await page.locator('[data-testid="highway"] rect.road').first().waitFor()
    await topSpeed(page)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    const samples: MemorySample[] = []
    const started = Date.now()
    while (Date.now() - started < ms) {
      await page.waitForTimeout(Math.min(everyMs, Math.max(0, ms - (Date.now() - started))))
      const rss = rendererRss()
      const s: MemorySample = {
        wallSec: (Date.now() - started) / 1000,
        simSec: await readSimSec(page),
        jsHeap: await jsHeapUsed(cdp),
        rss: rss.length > 0 ? Math.max(...rss) : null,
      }
      samples.push(s)
      onSample?.(s)
    }
    const rssAll = samples.map((s) => s.rss).filter((r): r is number => r !== null)
    return { samples, peakJsHeap: Math.max(...samples.map((s) => s.jsHeap)), peakRss: rssAll.length > 0 ? Math.max(...rssAll) : null }
  } finally {
    await page.close()
  }
}

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** The bench's run: `minutes` of heavy at top speed, a line of progress every half minute. */
export async function runMemoryBench(browser: Browser, url: string, minutes: number): Promise<MemorySoak> {
  console.log(`heavy at top speed for ${minutes} min, measuring memory …`)
  let shown = 0
  return memorySoak(browser, url, minutes * 60_000, 5000, (s) => {
    if (s.wallSec - shown < 30) return
    shown = s.wallSec
    console.log(`  ${s.wallSec.toFixed(0)} s: sim ${s.simSec.toFixed(0)} s, renderer ${s.rss === null ? 'n/a' : mb(s.rss)}, main-thread JS heap ${mb(s.jsHeap)}`)
  })
}

/** The bench table's row for a memory run. */
export function memoryLine(m: MemorySoak, minutes: number): string {
  const last = m.samples.at(-1)
  const rss = m.peakRss === null ? 'process figure n/a (no /proc here)' : `${mb(m.peakRss)} resident (the renderer process with its worker, /proc VmRSS)`
  return `| renderer peak memory, heavy at top speed, ${minutes} min | ${rss}; ${mb(m.peakJsHeap)} main-thread JS heap (CDP JSHeapUsedSize); sim reached ${last?.simSec.toFixed(0) ?? '?'} s (bound: 1 GB) |`
}
