// Real-browser harness: build the app with vite, serve it with `vite preview`, drive Debian's
// chromium through playwright-core. Used by test/browser/*.test.ts and scripts/bench-browser.ts.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type ConsoleMessage, type Download, type Locator, type Page } from 'playwright-core'
import { decodeScenario, type Scenario } from '../../src/scenario/index.ts'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const ARTIFACTS = join(ROOT, 'test/artifacts')
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js')

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Fails with a message saying how to get the browser, rather than a stack trace from deep inside. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Browser tests need Debian's chromium at ${CHROMIUM}, and it is missing. ` +
        `Install it with: apt-get update && apt-get install -y chromium ` +
        `(npm test does this via scripts/test.sh), or set CHROMIUM_PATH.`,
    )
  }
}

/** Builds the app into `outDir` (its own folder, so parallel builds elsewhere are not disturbed). */
export function buildApp(outDir: string): void {
  mkdirSync(dirname(outDir), { recursive: true })
  const r = spawnSync(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`)
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', rej)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0
      srv.close(() => res(port))
    })
  })
}

export interface Preview {
  url: string
  stop(): Promise<void>
}

/** Serves `outDir` with `vite preview` on a free port; `stop` kills exactly that process. */
export async function startPreview(outDir: string): Promise<Preview> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    [VITE, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let log = ''
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()))
  const url = `http://127.0.0.1:${port}/`
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview exited early:\n${log}`)
    try {
      const r = await fetch(url)
      if (r.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`vite preview did not start on ${url}:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res()
        child.once('exit', () => res())
        child.kill('SIGTERM')
        setTimeout(() => {
          if (child.exitCode === null) child.kill('SIGKILL')
        }, 3000).unref()
      }),
  }
}

export async function launchBrowser(): Promise<Browser> {
  requireChromium()
  return chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, headless: true })
}

/**
 * A finished download's bytes. Read through playwright's stream, since `download.path()` throws
 * on a browser the test connected to (the 'browser' project shares one chromium).
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Collects console errors and uncaught page errors from the moment it is called. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  return errors
}

/** Counts non-background pixels in the highway's particle canvas (0 = blank). */
export async function canvasInk(page: Page): Promise<number> {
  return page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="highway"] canvas')
    const ctx = c?.getContext('2d')
    if (!c || !ctx || c.width === 0) return 0
    const d = ctx.getImageData(0, 0, c.width, c.height).data
    let ink = 0
    for (let i = 3; i < d.length; i += 4) if ((d[i] ?? 0) > 0) ink++
    return ink
  })
}

/** Lag per partition as the "Partition metrics" table shows it. */
export async function tableLags(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('table[aria-label="Partition metrics"] tbody tr')).map((tr) =>
      Number(tr.querySelector('td[data-lag]')?.getAttribute('data-lag') ?? 'NaN'),
    ),
  )
}

export async function simTime(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Simulated time' }).textContent()) ?? '0'
  return Number.parseFloat(text)
}

/** Waits until the sim clock reads at least `seconds` (polled in the page on every animation frame). */
/** Sets the page's speed control (a log10 slider) to `speed`× real time. */
export async function setSpeed(page: Page, speed: number): Promise<void> {
  await page.getByLabel('Speed', { exact: true }).fill(String(Math.log10(speed)))
}

export async function waitForSimTime(page: Page, seconds: number, timeoutMs = 60_000): Promise<void> {
  try {
    await page.waitForFunction(
      (s) => Number.parseFloat(document.querySelector('[role="timer"][aria-label="Simulated time"]')?.textContent ?? '0') >= s,
      seconds,
      { timeout: timeoutMs },
    )
  } catch (err) {
    throw new Error(`sim time did not reach ${seconds} s in ${timeoutMs} ms (at ${await simTime(page)} s): ${String(err)}`)
  }
}

/**
 * Waits for `n` animation frames in the page. The app's frame driver runs on requestAnimationFrame,
 * so after n frames it has had n chances to advance the simulation: a wait on the app's own ticks,
 * not on a guessed wall-clock delay.
 */
export async function animationFrames(page: Page, n: number): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick))
        requestAnimationFrame(tick)
      }),
    n,
  )
}

/** The scenario the page has written into its URL (`#s=…`), or null while there is none that decodes. */
export function scenarioInUrl(url: string): Scenario | null {
  const hash = url.split('#')[1] ?? ''
  const param = hash.split('&').find((part) => part.startsWith('s='))
  if (param === undefined) return null
  let payload = param.slice(2)
  try {
    payload = decodeURIComponent(payload)
  } catch {
    // not percent-encoded: decode it as it stands
  }
  const r = decodeScenario(payload)
  return r.ok ? r.scenario : null
}

/**
 * The four-answers lesson (four sides two by two) opened at its first step on a new page at
 * 1024×768, the projector's size; returns the page, its error collector and the lesson panel.
 */
export async function openFourAnswers(browser: Browser, url: string): Promise<{ page: Page; errors: string[]; panel: Locator }> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
  const errors = collectErrors(page)
  await page.goto(`${url}#lesson=hot-lane-answers&step=1`)
  const panel = page.getByRole('region', { name: 'Lesson', exact: true })
  await page.waitForFunction(() => document.querySelector('[role="region"][aria-label="Lesson"]')?.textContent?.includes('Step 1 of 4') === true, undefined, { timeout: 20_000 })
  return { page, errors, panel }
}

/** The page at `url`, paused (pasting is less for two cores to do then), with its Import dialog open. */
export async function openImportDialog(page: Page, url: string): Promise<Locator> {
  await page.goto(url)
  await page.locator('[data-testid="highway"] rect.road').first().waitFor()
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  return page.getByRole('dialog', { name: 'Import a cluster' })
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * axe-core's serious and critical violations ("rule: target" lines) in the page as it is now, or
 * only in `scope` (a dialog or menu just opened over a page already checked).
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  if ((await page.evaluate(() => 'axe' in window)) === false) await page.addScriptTag({ path: AXE })
  return page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document | string, opts: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe
    const r = await axe.run(scope ?? document, { resultTypes: ['violations'] })
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${JSON.stringify(n.target)}`))
  }, scope)
}
