// One page build, one `vite preview` and (for the 'browser' project) one chromium for every browser
// test file of a project; each file still opens its own pages, each page its own browser context,
// so the files share no state. Each file used to build the page (~10 s a file on this 2-core
// machine), and then to start its own preview and chromium (~1.5 s a file).
//
// The build: scripts/test.sh builds the page once per `npm test` for both browser projects and names
// it in HIGHWAY_BROWSER_DIST; run on its own (`npx vitest run --project browser …`), the project
// builds it here from the sources as they are now.
//
// 'browser-alone' keeps one chromium per file: its files measure the page's processes (renderer
// memory is read from /proc under the test's own process) and time it in wall clock.

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { ARTIFACTS, buildApp, CHROMIUM, LAUNCH_ARGS, requireChromium, startPreview } from './harness.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project's `vite preview` of it. */
    browserUrl: string
    /** The project's chromium to connect to ('' when each file launches its own). */
    browserWsEndpoint: string
  }
}

/** The page to serve: the one scripts/test.sh built in this run, else a build made now. */
function pageDist(): string {
  const built = process.env['HIGHWAY_BROWSER_DIST']
  if (built !== undefined && built !== '' && existsSync(join(built, 'index.html'))) return built
  const dist = join(ARTIFACTS, 'dist-browser')
  buildApp(dist)
  return dist
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const preview = await startPreview(pageDist())
  project.provide('browserUrl', preview.url)
  let server: Awaited<ReturnType<typeof chromium.launchServer>> | null = null
  if (project.name === 'browser') {
    requireChromium()
    server = await chromium.launchServer({ executablePath: CHROMIUM, args: LAUNCH_ARGS, headless: true })
  }
  project.provide('browserWsEndpoint', server?.wsEndpoint() ?? '')
  return async () => {
    await server?.close()
    await preview.stop()
  }
}
