// The closing line of `npm test` (scripts/testSummary.ts): everything that did not pass counts as
// failed. The reports below have the shape vitest 4's JSON reporter writes for each case (checked
// by planting each case in a real run: a file that throws at import, a skipped test, a crash).
import { describe, expect, it } from 'vitest'
import { summarize, type VitestJson } from '../scripts/testSummary.ts'

type File = VitestJson['testResults'][number]
const file = (name: string, statuses: string[], status = statuses.includes('failed') ? 'failed' : 'passed', message = ''): File => ({
  name,
  status,
  message,
  assertionResults: statuses.map((s, i) => ({ fullName: `${name} test ${i}`, status: s })),
})
function report(files: File[]): VitestJson {
  const tests = files.flatMap((f) => f.assertionResults)
  const failedFiles = files.filter((f) => f.status === 'failed').length
  const failedTests = tests.filter((t) => t.status === 'failed').length
  return {
    numTotalTests: tests.length,
    numPassedTests: tests.filter((t) => t.status === 'passed').length,
    success: failedFiles === 0 && failedTests === 0,
    testResults: files,
  }
}
const run = (json: VitestJson | null, exitCode = json?.success === false ? 1 : 0) => ({ label: 'core', exitCode, json })

describe('the closing line of npm test', () => {
  it('counts passes, and nothing failed when everything passed', () => {
    const s = summarize([run(report([file('a', ['passed', 'passed']), file('b', ['passed'])]))])
    expect([s.passed, s.failed]).toEqual([3, 0])
  })

  it('counts a failed test as failed', () => {
    expect(summarize([run(report([file('a', ['passed', 'failed'])]))]).failed).toBe(1)
  })

  it('counts skipped and todo tests as failed: they did not pass', () => {
    const s = summarize([run(report([file('a', ['passed', 'skipped', 'todo'])]))])
    expect([s.passed, s.failed]).toEqual([1, 2])
    expect(s.notes.join('\n')).toMatch(/skipped: a test 1/)
  })

  it('counts a file that throws at import (a failed file with no tests) as failed', () => {
    const s = summarize([run(report([file('a', ['passed']), file('boom', [], 'failed', 'planted import failure')]))])
    expect([s.passed, s.failed]).toEqual([1, 1])
    expect(s.notes.join('\n')).toMatch(/boom failed outside any test: planted import failure/)
  })

  it('counts the tests a failed beforeAll left skipped, once each (not the file as well)', () => {
    const s = summarize([run(report([file('a', ['passed', 'skipped', 'skipped'], 'failed')]))])
    expect([s.passed, s.failed]).toEqual([1, 2])
  })

  it('counts a file whose hook failed after its tests passed', () => {
    expect(summarize([run(report([file('a', ['passed'], 'failed', 'afterAll threw')]))]).failed).toBe(1)
  })

  it('counts a missing report (vitest crashed) as failed', () => {
    const s = summarize([run(report([file('a', ['passed'])])), { label: 'browser', exitCode: 137, json: null }])
    expect([s.passed, s.failed]).toEqual([1, 1])
    expect(s.notes.join('\n')).toMatch(/browser: no JSON report \(vitest exited 137\)/)
  })

  it('counts a nonzero exit that the report does not explain (an unhandled error) as failed', () => {
    expect(summarize([run(report([file('a', ['passed'])]), 1)]).failed).toBe(1)
  })

  it('counts a report that says unsuccessful with nothing else failing (no test files) as failed', () => {
    expect(summarize([run({ numTotalTests: 0, numPassedTests: 0, success: false, testResults: [] }, 0)]).failed).toBe(1)
  })

  it('adds up several runs', () => {
    const s = summarize([run(report([file('a', ['passed', 'failed'])])), run(report([file('b', ['passed', 'passed'])]))])
    expect([s.passed, s.failed]).toEqual([3, 1])
  })
})
