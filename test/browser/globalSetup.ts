// One production build for every browser test file (each used to build its own: ~10 s a file on
// this 2-core machine). The files serve it with their own `vite preview` and chromium.

import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { ARTIFACTS, buildApp } from './harness.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built page every browser test file serves. */
    browserDist: string
  }
}

export default function setup(project: TestProject): void {
  const dist = join(ARTIFACTS, 'dist-browser')
  buildApp(dist)
  project.provide('browserDist', dist)
}
