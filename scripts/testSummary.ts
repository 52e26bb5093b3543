// The closing line of `npm test`: "tests: N passed, N failed", from vitest's JSON reports and exit
// codes. "Failed" counts everything that did not pass, so a run can only look green if it is:
// a failed test, a skipped/todo/pending one (a suite whose beforeAll threw leaves its tests
// skipped), a test file that failed with no test failing (it threw at import, or a hook did),
// a report that is missing or unreadable (vitest crashed), and a nonzero exit that the report does
// not explain (an unhandled error). Each counts once: a file whose beforeAll threw counts its
// skipped tests, not the file as well. Used by scripts/test.sh; tested in test/testSummary.test.ts.

import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The parts of vitest's JSON report (reporters/json) read here. */
export interface VitestJson {
  numTotalTests: number
  numPassedTests: number
  success: boolean
  testResults: Array<{
    name: string
    status: string
    message: string
    assertionResults: Array<{ fullName: string; status: string }>
  }>
}

export interface RunReport {
  /** What ran, e.g. "core + dom". */
  label: string
  exitCode: number
  /** The parsed report, or null when it is missing or unreadable. */
  json: VitestJson | null
}

export interface Summary {
  passed: number
  failed: number
  /** One line per thing counted as failed, for the reader. */
  notes: string[]
}

const MAX_NAMES = 10

export function summarize(runs: readonly RunReport[]): Summary {
  let passed = 0
  let failed = 0
  const notes: string[] = []
  for (const run of runs) {
    const { label, exitCode, json } = run
    if (json === null) {
      failed += 1
      notes.push(`${label}: no JSON report (vitest exited ${exitCode}): counted as 1 failed`)
      continue
    }
    let failedHere = 0
    passed += json.numPassedTests
    const notPassed = json.testResults.flatMap((f) => f.assertionResults.filter((a) => a.status !== 'passed').map((a) => ({ file: f.name, ...a })))
    // numTotalTests - numPassedTests is the same count; the listed results are what we name.
    failedHere += Math.max(notPassed.length, json.numTotalTests - json.numPassedTests)
    for (const t of notPassed.slice(0, MAX_NAMES)) notes.push(`${label}: ${t.status}: ${t.fullName}`)
    if (notPassed.length > MAX_NAMES) notes.push(`${label}: … and ${notPassed.length - MAX_NAMES} more not passed`)
    // A failed file whose tests all passed (or that has none: it threw at import, or an afterAll
    // threw) is one more failure; one with tests not passed is already counted through them.
    for (const f of json.testResults) {
      if (f.status === 'failed' && f.assertionResults.every((a) => a.status === 'passed')) {
        failedHere += 1
        notes.push(`${label}: ${f.name} failed outside any test: ${f.message.split('\n')[0] || '(no message)'}`)
      }
    }
    if (failedHere === 0 && !json.success) {
      failedHere += 1
      notes.push(`${label}: vitest reports the run unsuccessful: counted as 1 failed`)
    }
    if (failedHere === 0 && exitCode !== 0) {
      failedHere += 1
      notes.push(`${label}: vitest exited ${exitCode} though its report shows nothing failed (an unhandled error?): counted as 1 failed`)
    }
    failed += failedHere
  }
  return { passed, failed, notes }
}

function readReport(path: string): VitestJson | null {
  try {
    const j = JSON.parse(readFileSync(path, 'utf8')) as Partial<VitestJson>
    const ok = typeof j.numTotalTests === 'number' && typeof j.numPassedTests === 'number' && typeof j.success === 'boolean' && Array.isArray(j.testResults)
    return ok ? (j as VitestJson) : null
  } catch {
    return null
  }
}

/** `tsx scripts/testSummary.ts <label>=<exit code>=<report.json> ...`: prints the notes and the closing line; exits 1 if anything failed. */
function main(args: readonly string[]): void {
  const runs = args.map((a): RunReport => {
    const [label = a, code = '1', ...path] = a.split('=')
    const exitCode = /^\d+$/.test(code) ? Number(code) : 1
    return { label, exitCode, json: readReport(path.join('=')) }
  })
  const s = summarize(runs)
  for (const n of s.notes) console.error(`!! ${n}`)
  console.log(`tests: ${s.passed} passed, ${s.failed} failed`)
  process.exitCode = s.failed > 0 ? 1 : 0
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2))
