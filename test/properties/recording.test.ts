// A command applied live is recorded as a timed action, and the recording replays exactly: the run
// a link carries (scenario + recorded actions, through the link codec) is the run the page showed.
// Commands land at arbitrary fractional moments between arbitrary chunks, beside scripted actions.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeScenario, encodeScenario } from '../../src/scenario/codec.ts'
import type { Command, Scenario } from '../../src/scenario/types.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { FAULT_RUN_MS, faultAction, faultScenario } from './faultScenario.ts'

const END_MS = FAULT_RUN_MS

interface Live {
  atMs: number
  command: Command
}

const live: fc.Arbitrary<Live[]> = fc
  .array(
    fc.record({ atMs: fc.double({ min: 0, max: END_MS - 1000, noNaN: true }), action: faultAction }),
    { maxLength: 6 },
  )
  .map((xs) =>
    xs
      .map(({ atMs, action }) => {
        const { atSec: _, ...command } = action
        return { atMs, command: command as Command }
      })
      .sort((a, b) => a.atMs - b.atMs),
  )

/** Runs with live commands at their moments (stepping in 333.3 ms chunks); returns summary and the recorded scenario. */
function livePlay(s: Scenario, cmds: readonly Live[]): { summary: string; recorded: Scenario } {
  const sim = createSimulation(s)
  let i = 0
  while (sim.now() < END_MS) {
    const next = Math.min(END_MS, sim.now() + 333.3)
    while (i < cmds.length && cmds[i]!.atMs <= next) {
      sim.advanceTo(Math.max(sim.now(), cmds[i]!.atMs))
      sim.apply(cmds[i]!.command)
      i++
    }
    sim.advanceTo(next)
  }
  return { summary: JSON.stringify(sim.summary()), recorded: { ...s, actions: [...sim.script()] } }
}

function replay(s: Scenario): string {
  const sim = createSimulation(s)
  sim.advanceTo(END_MS)
  return JSON.stringify(sim.summary())
}

describe('recording live commands (property)', () => {
  it('a run with live commands equals the straight replay of its recording, read back from a link', () => {
    fc.assert(
      fc.property(faultScenario, live, (s, all) => {
        // The page only offers the cluster's own brokers: a command naming another is not a live command.
        const cmds = all.filter((c) => !('broker' in c.command) || c.command.broker <= (s.cluster?.brokers ?? 3))
        const { summary, recorded } = livePlay(s, cmds)
        expect(recorded.actions.length).toBe(s.actions.length + cmds.length)
        const link = decodeScenario(encodeScenario(recorded))
        expect(link.ok).toBe(true)
        if (!link.ok) return
        expect(link.scenario.actions).toEqual(recorded.actions)
        expect(replay(link.scenario)).toBe(summary)
      }),
      { numRuns: 40, seed: 20261130 },
    )
  }, 300_000)

  it('records a command at the whole millisecond it took effect, after every scripted action of that moment', () => {
    const s = structuredClone(createSimulation(faultBase()).scenario)
    s.actions = [{ do: 'setRate', perSec: 10, atSec: 2 }]
    const sim = createSimulation(s)
    sim.advanceTo(1999.25)
    const a = sim.apply({ do: 'addConsumer' })
    expect(a).toEqual({ do: 'addConsumer', atSec: 2 })
    expect(sim.now()).toBe(2000)
    expect(sim.script()).toEqual([{ do: 'setRate', perSec: 10, atSec: 2 }, { do: 'addConsumer', atSec: 2 }])
  })
})

function faultBase(): Scenario {
  return fc.sample(faultScenario, { numRuns: 1, seed: 7 })[0]!
}
