// A run in which nothing has been consumed has no latency: null in the summary, "—" in the CLI.
import { describe, expect, it } from 'vitest'
import { formatSummary } from '../src/cli/runCommand.ts'
import { defaultScenario } from '../src/scenario/defaults.ts'
import { createSimulation } from '../src/sim/simulation.ts'

describe('run summary before anything is consumed', () => {
  it('reports latency as no data (null), and the CLI prints a dash, never 0 ms', () => {
    const s = defaultScenario()
    s.group.consumers = 0
    const sim = createSimulation(s)
    sim.advanceTo(5_000)
    const sum = sim.summary()
    expect(sum.produced).toBeGreaterThan(0)
    expect(sum.latencyMs).toEqual({ p50: null, p95: null, p99: null, max: null })
    expect(formatSummary(sum)).toContain('p99 —')
  })
})
