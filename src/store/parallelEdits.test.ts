// The Parallel Consumer control's edits: a restart with group.parallel set or removed, and on a
// compare side the overrides the CLI's --variant would take.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { applyOverrides } from '../scenario/overrides.ts'
import { isSharedEdit, strategySet, strategySummary } from './compareEdits.ts'
import { applyEdit } from './scenarioEdits.ts'

describe('parallel consumer edits', () => {
  it('switching it on or off restarts the run with group.parallel set or gone', () => {
    const on = applyEdit(defaultScenario(), { kind: 'parallel', parallel: { ordering: 'unordered', maxConcurrency: 8 } })
    expect(on.restart).toBe(true)
    expect(on.scenario.group.parallel).toEqual({ ordering: 'unordered', maxConcurrency: 8 })
    const off = applyEdit(on.scenario, { kind: 'parallel', parallel: null })
    expect(off.restart).toBe(true)
    expect('parallel' in off.scenario.group).toBe(false)
  })

  it('is one side’s strategy in compare mode, as dotted overrides', () => {
    const e = { kind: 'parallel', parallel: { ordering: 'key', maxConcurrency: 32 } } as const
    expect(isSharedEdit(e)).toBe(false)
    const set = strategySet(defaultScenario(), e)
    const r = applyOverrides(defaultScenario(), set)
    expect(r.ok && r.scenario.group.parallel).toEqual({ ordering: 'key', maxConcurrency: 32 })
    expect(r.ok && strategySummary(r.scenario)).toContain('parallel consumer (key order, 32 threads)')
    const off = applyOverrides(r.ok ? r.scenario : defaultScenario(), strategySet(defaultScenario(), { kind: 'parallel', parallel: null }))
    expect(off.ok && off.scenario.group.parallel).toBeUndefined()
  })
})
