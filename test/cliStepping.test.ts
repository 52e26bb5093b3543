// `highway run --step-ms N --checkpoint-at T`: the printed JSON does not depend on N or T.
import { describe, expect, it } from 'vitest'
import { runRun } from '../src/cli/runCommand.ts'

const io = { readFile: () => ({ ok: false as const, problem: 'no such file' }) }

function run(...extra: string[]): string {
  const r = runRun(['--preset', 'rolling-restart-dynamic', '--seconds', '75', '--json', ...extra], io)
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  return r.stdout
}

describe('highway run --step-ms / --checkpoint-at', () => {
  it('prints byte-identical JSON however the run is stepped or checkpointed', () => {
    const base = run()
    expect(JSON.parse(base).rebalances).toBeGreaterThan(2)
    for (const extra of [['--step-ms', '16.7'], ['--step-ms', '2500'], ['--checkpoint-at', '31.4'], ['--step-ms', '450', '--checkpoint-at', '0'], ['--checkpoint-at', '75']]) {
      expect(run(...extra), extra.join(' ')).toBe(base)
    }
  }, 120_000)

  it('rejects a bad step or checkpoint time with one line and exit 2', () => {
    for (const [flag, v] of [['--step-ms', '0'], ['--step-ms', '0x10'], ['--checkpoint-at', '76'], ['--checkpoint-at', '-1']] as const) {
      const r = runRun(['--preset', 'steady', '--seconds', '75', flag, v], io)
      expect(r.code).toBe(2)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toContain(flag)
    }
  })
})
