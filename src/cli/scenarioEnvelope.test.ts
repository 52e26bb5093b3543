import { describe, expect, it } from 'vitest'
import { fixture } from '../../test/fixtures/import/fixture.ts'
import { runImport } from './importCommand.ts'
import { runRun, runValidate, type CliIo } from './runCommand.ts'

// An architect's round trip: import's --json saved to a file, then run; a run's --json handed back.
const describeTxt = fixture('consumer-groups', 'describe.txt')
const imported = runImport(['describe.txt', '--json'], { readFile: () => ({ ok: true, text: describeTxt }) })
const link = runImport(['describe.txt', '--link'], { readFile: () => ({ ok: true, text: describeTxt }) })
const summary = runRun(['--preset', 'hot-key', '--seconds', '2', '--json'], { readFile: () => ({ ok: false, problem: 'no such file' }) })
const files: Record<string, string> = { 'cluster.json': imported.stdout, 'summary.json': summary.stdout, 'link.txt': link.stdout.trim() }
const io: CliIo = { readFile: (p) => (Object.hasOwn(files, p) ? { ok: true, text: files[p]! } : { ok: false, problem: 'no such file' }) }

describe('--scenario given one of the CLI’s own JSON outputs', () => {
  it('import --json saved to a file runs the imported cluster, as its link does (it ran the defaults, "steady", with six warnings)', () => {
    expect(imported.code).toBe(0)
    const fromFile = runRun(['--scenario', 'cluster.json', '--seconds', '3', '--json'], io)
    const fromLink = runRun(['--scenario', 'link.txt', '--seconds', '3', '--json'], io)
    expect(fromFile.stderr).toBe('')
    expect(fromFile.code).toBe(0)
    expect(JSON.parse(fromFile.stdout).scenario).toMatch(/^import: orders/)
    expect(fromFile.stdout).toBe(fromLink.stdout)
    expect(runValidate(['--scenario', 'cluster.json'], io).code).toBe(0)
  })

  it('a run summary (run --json, Export → Summary) is refused in one line naming what it ran and how to run it again', () => {
    expect(summary.code).toBe(0)
    const r = runRun(['--scenario', 'summary.json', '--seconds', '3'], io)
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `run: --scenario summary.json: a run summary (run --json, or the page's Export → Summary), not a scenario; it reports a run of "hot-key", seed 42: --preset hot-key --seed 42 runs it again\n`,
    })
    expect(runValidate(['--scenario', summary.stdout], io).stderr).toMatch(/^validate: --scenario JSON: a run summary .*\n$/)
  })
})
