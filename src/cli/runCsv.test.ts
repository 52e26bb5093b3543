// `highway run --csv`: the run data (src/sim/csv.ts) of the scenario after --set and --seed.
import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../scenario/index.ts'
import { runDataCsv } from '../sim/csv.ts'
import { createSimulation } from '../sim/simulation.ts'
import { runRun, type CliIo } from './runCommand.ts'

const io: CliIo = { readFile: () => ({ ok: false, problem: 'no such file' }) }

describe('highway run --csv', () => {
  it('prints the run data of the scenario for --seconds, as the page exports it', () => {
    const s = getPreset('hot-key')!.build()
    const r = runRun(['--scenario', encodeScenario(s), '--seconds', '8', '--csv'], io)
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(runDataCsv(createSimulation(s), 8000))
    expect(r.stdout.split('\n')).toHaveLength(1 + 8 * s.topic.partitions + 1)
  })

  it('respects --set and --seed', () => {
    const four = runRun(['--preset', 'steady', '--seconds', '3', '--set', 'topic.partitions=4', '--csv'], io)
    expect(four.stdout.split('\n').filter((l) => l.startsWith('3,'))).toHaveLength(4)
    const a = runRun(['--preset', 'hot-key', '--seconds', '20', '--seed', '1', '--csv'], io).stdout
    const b = runRun(['--preset', 'hot-key', '--seconds', '20', '--seed', '2', '--csv'], io).stdout
    const s = getPreset('hot-key')!.build()
    expect(a).toBe(runDataCsv(createSimulation({ ...s, seed: 1 }), 20_000))
    expect(a).not.toBe(b)
  })

  it.each([['--json'], ['--step-ms', '10'], ['--checkpoint-at', '1']])('refuses --csv with %s in one line', (...extra) => {
    const r = runRun(['--preset', 'steady', '--seconds', '3', '--csv', ...extra], io)
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(`run: --csv cannot be combined with ${extra[0]}\n`)
  })
})
