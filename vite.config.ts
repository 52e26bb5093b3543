import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/** Browser tests that measure or time the page in wall clock, so they run one file at a time. */
const ALONE = ['test/browser/battery.test.ts', 'test/browser/steadiness.test.ts', 'test/browser/supervision.test.ts', 'test/browser/scale.test.ts']

/** Every file under `dir` (relative to the project root) whose name ends with `suffix`. */
function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .map((f) => join(dir, f).replaceAll('\\', '/'))
}

/**
 * Unit test files that replace a module or a global (vi.mock, spies, fake timers, stubbed globals).
 * The other unit files run without isolation: a worker keeps the modules it has loaded from one
 * file to the next instead of loading the simulator again for each of the ~270 files (loading and
 * setting up were ~40 % of the unit tests' CPU time on this 2-core machine). A mock cannot reach a
 * module another file has already loaded, so these files keep vitest's isolation (a fresh module
 * graph each): they are found by what they call, so a new one needs no list kept by hand.
 */
const REPLACES = /\bvi\.(mock|doMock|unmock|spyOn|stubGlobal|stubEnv|useFakeTimers|resetModules)\b/
const UNIT_FILES = [...filesUnder('src', '.test.ts'), ...filesUnder('src', '.test.tsx'), ...filesUnder('test', '.test.ts')].filter(
  (f) => !f.startsWith('test/browser/') && !f.startsWith('test/kafka/'),
)
const ISOLATED = UNIT_FILES.filter((f) => REPLACES.test(readFileSync(f, 'utf8')))

export default defineConfig({
  plugins: [react()],
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 1200 },
  test: {
    // Snapshots (the golden traces in test/output) are only ever compared: a missing or different
    // one fails instead of being written. `npm run test:update-goldens` (vitest -u) rewrites them.
    update: 'none',
    // Vitest's default is one worker fewer than the cores: on this 2-core machine (and CI's) that is
    // ONE, so the unit tests ran one file after another while a core sat idle (~300 s). The workers
    // are what is busy; vitest's own process mostly waits for them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          // Worker threads start faster than forked processes: ~10 % off the unit tests here.
          pool: 'threads',
          isolate: false,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/browser/**', 'test/kafka/**', 'node_modules/**', ...ISOLATED],
          // A timeout catches a hang, it does not measure speed (that is `npm run bench`): the
          // slowest tests take 1-4 s here, and several times that on a shared 2-core machine.
          // Tests with more work than that set their own budget.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'core-isolated',
          environment: 'node',
          pool: 'threads',
          include: ISOLATED.filter((f) => f.endsWith('.ts')),
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          pool: 'threads',
          isolate: false,
          include: ['src/**/*.test.tsx'],
          exclude: ['node_modules/**', ...ISOLATED],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-isolated',
          environment: 'jsdom',
          pool: 'threads',
          include: ISOLATED.filter((f) => f.endsWith('.tsx')),
          testTimeout: 30_000,
        },
      },
      {
        // `highway snapshot` against librdkafka's mock cluster (Debian's python3-confluent-kafka):
        // its own project, run alone by scripts/test.sh, because it measures produce rates in wall-clock
        // time and must not share the two cores with the property tests.
        extends: true,
        test: {
          name: 'kafka',
          environment: 'node',
          include: ['test/kafka/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        // Real chromium (Debian's /usr/bin/chromium via playwright-core) against `vite preview`.
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          // Measured or timed in wall clock (CPU budget, memory soak, fault detection within 1–2 s):
          // they run alone in 'browser-alone'; the rest may run two files at a time.
          exclude: ALONE,
          globalSetup: ['test/browser/globalSetup.ts'],
          // A worker keeps the modules it loaded (playwright, the simulator the CLI's answers come
          // from) from one file to the next; the files replace no module (no vi.mock).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page answers a key or a click within frames, but CI's machine runs two files and their
          // chromium on 2 cores: a poll gets 5 s, not vitest's 1 s, before it fails (it ends as soon
          // as it holds, so this costs a passing run nothing).
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-alone',
          environment: 'node',
          include: ALONE,
          globalSetup: ['test/browser/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
