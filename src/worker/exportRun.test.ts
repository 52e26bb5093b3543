// The worker's exports: the run replayed from 0 s with its recorded actions gives what the CLI prints
// for the run's link, byte for byte.
import { describe, expect, it } from 'vitest'
import { runRun } from '../cli/runCommand.ts'
import { encodeScenario, getPreset } from '../scenario/index.ts'
import type { WorkerResponse } from './protocol.ts'
import { createSimHost } from './simHost.ts'

const noFiles = { readFile: () => ({ ok: false as const, problem: 'no files' }) }

function cli(args: string[]): string {
  const r = runRun(args, noFiles)
  if (r.code !== 0) throw new Error(r.stderr)
  return r.stdout
}

describe('export requests', () => {
  // Cold, so its first seconds hold a rebalance (the group forming) for the summary's log.
  const { start: _warm, ...crash } = getPreset('consumer-crash')!.build()

  function host(posted: WorkerResponse[] = []) {
    const h = createSimHost({ now: () => 0, budgetMs: 1e9, post: (m) => posted.push(m) })
    h.handle({ type: 'init', id: 1, runId: 3, scenario: crash, maxParticles: 0 })
    h.handle({ type: 'advance', id: 2, toT: 6_000 })
    // A live crash, recorded at 6.2 s: the export must replay it where it happened.
    h.handle({ type: 'command', id: 3, command: { do: 'crashConsumer', consumer: 'consumer-1' }, atT: 6_200 })
    h.handle({ type: 'advance', id: 4, toT: 12_000 })
    return h
  }
  const recorded = { ...crash, actions: [{ do: 'crashConsumer' as const, consumer: 'consumer-1', atSec: 6.2 }, ...crash.actions] }
  const link = `http://localhost:5173/#s=${encodeScenario(recorded)}`

  it('answers csv with what `run --scenario LINK --seconds T --csv` prints, recorded actions included', () => {
    const posted: WorkerResponse[] = []
    const r = host(posted).handle({ type: 'export', id: 5, kind: 'csv', toT: 11_500 })
    expect(r).toEqual({ type: 'export', id: 5, runId: 3, kind: 'csv', text: cli(['--scenario', link, '--seconds', '11.5', '--csv']) })
    // Without the recorded crash the data differ: the replay is not of the scripted run alone.
    expect(r !== null && r.type === 'export' && r.text).not.toBe(cli(['--scenario', `http://localhost:5173/#s=${encodeScenario(crash)}`, '--seconds', '11.5', '--csv']))
    const fractions = posted.filter((m) => m.type === 'exportProgress' && m.id === 5).map((m) => (m.type === 'exportProgress' ? m.fraction : -1))
    expect(fractions.length).toBeGreaterThan(3)
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b))
    expect(fractions.at(-1)).toBe(1)
  })

  it('answers json with what `run --json` prints for the same link and length', () => {
    const r = host().handle({ type: 'export', id: 6, kind: 'json', toT: 12_000 })
    expect(r?.type === 'export' && r.text).toBe(cli(['--scenario', link, '--seconds', '12', '--json']))
    expect(r?.type === 'export' && JSON.parse(r.text).rebalanceLog.length).toBeGreaterThan(0)
  })

  it('is an error message before any run', () => {
    const h = createSimHost({ now: () => 0 })
    expect(h.handle({ type: 'export', id: 1, kind: 'csv', toT: 1000 })).toEqual({ type: 'error', id: 1, runId: -1, message: 'the simulation is not running' })
  })
})
