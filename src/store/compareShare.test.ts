// A share group as one side of a comparison: the side's group-type control becomes a `group.type`
// override (the CLI's own --variant words), the side runs a share group, and its summary says so.
import { describe, expect, it } from 'vitest'
import { strategyEditOf } from '../app/compareSideActions.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { formatVariant, variantScenario } from '../scenario/overrides.ts'
import { strategySet, strategySummary, withOverrides } from './compareEdits.ts'

describe('compare: group type per side', () => {
  it('the page edit maps to the side edit, which is the override group.type=share', () => {
    const se = strategyEditOf({ kind: 'groupType', type: 'share' })
    expect(se).toEqual({ kind: 'groupType', type: 'share' })
    const set = strategySet(defaultScenario(), se!)
    expect(set).toEqual({ 'group.type': 'share' })
    const v = withOverrides({ label: 'share group', set: {} }, set)
    expect(formatVariant(v)).toBe('share group: group.type=share')
    const r = variantScenario(defaultScenario(), v)
    expect(r.ok && r.scenario.group.type).toBe('share')
    if (r.ok) expect(strategySummary(r.scenario)).toBe('share group')
    expect(strategySummary(defaultScenario())).toBe('eager · range')
  })
})
