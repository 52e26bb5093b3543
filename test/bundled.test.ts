// scripts/bundled.mjs runs the CLI (and the bench's scale runs) from one bundle, rebuilt when a
// source is newer: an edit must never run stale, and a bad entry name is one line and exit 2.
// Checked on a scratch project with the launcher and three tiny entries (node_modules linked).
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '..')
const DIR = mkdtempSync(join(tmpdir(), 'highway-bundled-'))
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

function write(path: string, text: string, mtimeSec?: number): void {
  mkdirSync(join(DIR, path, '..'), { recursive: true })
  writeFileSync(join(DIR, path), text)
  if (mtimeSec !== undefined) utimesSync(join(DIR, path), mtimeSec, mtimeSec)
}

function launch(...args: string[]) {
  return spawnSync(process.execPath, [join(DIR, 'scripts', 'bundled.mjs'), ...args], { cwd: DIR, encoding: 'utf8', timeout: 60_000 })
}

describe('scripts/bundled.mjs', () => {
  it('runs an entry from its bundle with its arguments, rebuilds after a source changes, and refuses an unknown entry', () => {
    cpSync(join(ROOT, 'scripts', 'bundled.mjs'), join(DIR, 'scripts', 'bundled.mjs'))
    symlinkSync(join(ROOT, 'node_modules'), join(DIR, 'node_modules'))
    write('package-lock.json', '{}')
    write('src/cli/greeting.ts', "export const greeting = 'one'\n", 1_700_000_000)
    write('src/cli/main.ts', "import { greeting } from './greeting.ts'\nconsole.log(greeting, process.argv.slice(2).join(' '))\n", 1_700_000_000)
    write('src/cli/compareWorker.ts', 'export {}\n', 1_700_000_000)
    write('bench/scaleChild.ts', 'export {}\n', 1_700_000_000)

    const first = launch('highway', 'a', 'b')
    expect(first.stderr).toBe('')
    expect(first.stdout).toBe('one a b\n')

    // An imported module changes (a later time): the next run builds again and says so in its output.
    write('src/cli/greeting.ts', "export const greeting = 'two'\n", 1_700_000_100)
    expect(launch('highway', 'c').stdout).toBe('two c\n')

    const bad = launch('nope')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toBe('bundled.mjs: unknown entry nope: one of highway, compareWorker, benchScale\n')
  }, 90_000)
})
