// The page and the browser a browser test file drives (the project's, from globalSetup.ts, or its
// own when run without it), and the CLI's answers the page is checked against. Test-only (registers
// vitest hooks, so not imported by the bench).

import { mkdirSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { ARTIFACTS, buildApp, launchBrowser, requireChromium, startPreview, type Preview } from './harness.ts'

export interface Suite {
  preview: Preview
  browser: Browser
}

/**
 * Registers the file's beforeAll/afterAll; the getter gives the running preview and browser. The
 * page, its preview and (in the 'browser' project) the chromium are the project's global setup's
 * (test/browser/globalSetup.ts): the file connects to that chromium, and closing its connection
 * closes every context the file opened. Without them, the file builds into `outDir`, serves it and
 * launches a chromium of its own.
 */
export function browserSuite(outDir: string): () => Suite {
  let preview: Preview | null = null
  let browser: Browser | null = null
  beforeAll(async () => {
    requireChromium()
    mkdirSync(ARTIFACTS, { recursive: true })
    const url = inject('browserUrl') as string | undefined
    if (url !== undefined) {
      preview = { url, stop: async () => {} } // the project's: its global setup stops it
    } else {
      buildApp(outDir)
      preview = await startPreview(outDir)
    }
    const ws = inject('browserWsEndpoint') as string | undefined
    browser = ws !== undefined && ws !== '' ? await chromium.connect(ws) : await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await preview?.stop()
  })
  return () => {
    if (preview === null || browser === null) throw new Error('browser not started')
    return { preview, browser }
  }
}

/** The CLI reads no files in these tests (scenarios come as presets or links). */
export const noFiles = { readFile: () => ({ ok: false as const, problem: 'no files in this test' }) }

/** `highway run ARGS --json`'s partitions[].lag, computed in this process. */
export function runLags(args: string[]): number[] {
  const r = runRun([...args, '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(`highway run ${args.join(' ')} failed: ${r.stderr}`)
  return (JSON.parse(r.stdout) as { partitions: Array<{ lag: number }> }).partitions.map((p) => p.lag)
}
