// A warm start from a measured assignment (group.initialAssignment, as an import fills it): every
// protocol starts with those owners, whatever its assignor would place, so comparing assignors on
// an imported cluster compares protocols, not two different placements of its hot partitions.
// An assignment that does not fit the run (another consumer or partition count) leaves it to the
// assignor, and the validator refuses a partition owned twice.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { AssignorName, RebalanceProtocol, Scenario } from '../scenario/types.ts'
import { validateScenario } from '../scenario/validate.ts'
import { createSimulation } from './simulation.ts'

/** Range's own placement would be [0,1,2,3] [4,5,6] [7,8,9]; this one puts the hot 2 and 7 apart from it. */
const MEASURED = [[2, 9, 0], [7, 1, 3, 4], [5, 6, 8]]

function warm(protocol: RebalanceProtocol, assignor: AssignorName, initialAssignment?: number[][], consumers = 3): Scenario {
  const s = defaultScenario()
  const group = { ...s.group, consumers, protocol, assignor, ...(initialAssignment ? { initialAssignment } : {}) }
  const checked = validateScenario({ ...s, start: 'warm', topic: { ...s.topic, partitions: 10 }, group })
  if (!checked.ok) throw new Error(checked.errors.map((e) => `${e.path}: ${e.message}`).join('; '))
  return checked.scenario
}

function ownedAtStart(s: Scenario): number[][] {
  const sim = createSimulation(s)
  sim.advanceTo(0)
  return sim.frame(0).members.map((m) => [...m.owned].sort((a, b) => a - b))
}

describe('warm start from a measured assignment', () => {
  const sorted = MEASURED.map((ps) => [...ps].sort((a, b) => a - b))
  const cases: Array<[RebalanceProtocol, AssignorName]> = [
    ['eager', 'range'],
    ['eager', 'roundrobin'],
    ['cooperative', 'cooperative-sticky'],
    ['consumer', 'uniform'],
    ['consumer', 'range'],
  ]
  for (const [protocol, assignor] of cases) {
    it(`${protocol} ${assignor}: consumer i starts with entry i, Stable, no rebalance`, () => {
      const s = warm(protocol, assignor, MEASURED)
      expect(ownedAtStart(s)).toEqual(sorted)
      const sim = createSimulation(s)
      sim.advanceTo(5_000)
      const f = sim.frame(5_000)
      expect(f.group).toMatchObject({ state: 'Stable', rebalancing: false, rebalances: 0 })
      for (let p = 0; p < 10; p++) expect(sorted[f.owner[p]!]).toContain(p)
    })
  }

  it('a cooperative-sticky rebalance (a consumer joins) keeps the measured owners and moves only what the new member takes', () => {
    const s = warm('cooperative', 'cooperative-sticky', MEASURED)
    s.actions = [{ do: 'addConsumer', atSec: 5 }]
    const sim = createSimulation(s)
    sim.advanceTo(40_000)
    const f = sim.frame(40_000)
    expect(f.members).toHaveLength(4)
    expect(f.members[3]!.owned.length).toBeGreaterThan(0)
    // Every partition the old members still own was theirs at the start.
    f.members.slice(0, 3).forEach((m, i) => {
      for (const p of m.owned) expect(sorted[i]).toContain(p)
    })
  })

  it('does not fit the run (another consumer count, a partition left out): the assignor places them, as without it', () => {
    expect(ownedAtStart(warm('eager', 'range', MEASURED, 4))).toEqual(ownedAtStart(warm('eager', 'range', undefined, 4)))
    expect(ownedAtStart(warm('eager', 'range', [[0, 1], [2, 3], [4, 5, 6, 7, 8]]))).toEqual([[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]])
  })

  it('the validator refuses a partition owned twice or a non-number, naming the path; null removes it', () => {
    const s = defaultScenario()
    const bad = validateScenario({ ...s, group: { ...s.group, initialAssignment: [[0, 1], [1]] } })
    expect(bad.ok ? [] : bad.errors.map((e) => [e.path, e.message])).toEqual([
      ['group.initialAssignment[1][0]', 'partition 1 is owned twice: each partition has one owner in a consumer group'],
    ])
    const text = validateScenario({ ...s, group: { ...s.group, initialAssignment: [['x']] } })
    expect(text.ok ? [] : text.errors.map((e) => e.path)).toEqual(['group.initialAssignment[0][0]'])
    const gone = validateScenario({ ...s, group: { ...s.group, initialAssignment: null } })
    expect(gone.ok && gone.scenario.group.initialAssignment).toBe(undefined)
  })
})
