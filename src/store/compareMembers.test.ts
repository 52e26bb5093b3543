// A side's own members (the side's Members field): the override group.consumers, the CLI's own
// --variant words, set so that the side has the count asked for at the moment it is asked, the
// shared script's live adds and removes (Consumers on every side) counted in; a fork reads it at
// its own second.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { settingsBefore } from '../scenario/liveOverrides.ts'
import { formatVariant, variantScenario, type Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import { membersShortfall, scriptedMembers, strategyEditLabel, strategySet, withOverrides } from './compareEdits.ts'

/** The default workload with Consumers (shared) adding two at 10 s and removing one at 30 s. */
function scripted(): Scenario {
  return { ...defaultScenario(), actions: [{ do: 'addConsumer', count: 2, atSec: 10 }, { do: 'removeConsumer', atSec: 30 }] }
}

/** The side's consumers at `sec` after the members edit `count` asked at `sec`. */
function membersAt(base: Scenario, v: Variant, sec: number, count: number): { v: Variant; now: number } {
  const cur = settingsBefore(variantScenarioOk(base, v), sec)
  const next = withOverrides(v, strategySet(cur, { kind: 'members', count }, scriptedMembers(base, v, sec)))
  return { v: next, now: settingsBefore(variantScenarioOk(base, next), sec).group.consumers }
}

function variantScenarioOk(base: Scenario, v: Variant): Scenario {
  const r = variantScenario(base, v)
  if (!r.ok) throw new Error(`${r.path}: ${r.message}`)
  return r.scenario
}

describe('compare: members per side', () => {
  it('is the override group.consumers, written as a link and the CLI write it', () => {
    const v = withOverrides({ label: 'three', set: {} }, strategySet(defaultScenario(), { kind: 'members', count: 3 }))
    expect(formatVariant(v)).toBe('three: group.consumers=3')
    expect(strategyEditLabel(defaultScenario(), { kind: 'members', count: 3 })).toBe('3 consumers')
    expect(strategyEditLabel({ ...defaultScenario(), group: { ...defaultScenario().group, type: 'share' } }, { kind: 'members', count: 1 })).toBe('1 member')
  })

  it('gives the side the count asked for at that moment, whatever the shared script added or removed before it', () => {
    const base = scripted()
    const side: Variant = { label: 'b', set: {} }
    expect(scriptedMembers(base, side, 5)).toBe(0)
    expect(scriptedMembers(base, side, 20)).toBe(2)
    expect(scriptedMembers(base, side, 40)).toBe(1)
    for (const [sec, want] of [[5, 3], [20, 3], [40, 7], [40, 1]] as const) {
      const r = membersAt(base, side, sec, want)
      expect(r.now, `${want} at ${sec} s`).toBe(want)
    }
    // Asked again later, the side's own value is replaced, not added to.
    const first = membersAt(base, side, 20, 6)
    expect(membersAt(base, first.v, 40, 2).now).toBe(2)
  })

  it('a fork reads it at its own second (its overrides are live commands there)', () => {
    const base = scripted()
    const fork: Variant = { label: 'b', atSec: 20, set: {} }
    expect(scriptedMembers(base, fork, 25)).toBe(0)
    expect(scriptedMembers(base, fork, 40)).toBe(-1)
    expect(membersAt(base, fork, 40, 5).now).toBe(5)
  })

  it('says when the side cannot have the count asked: fewer than the shared script added since its start (or its fork)', () => {
    const base = scripted()
    const side: Variant = { label: 'b', set: {} }
    // Two added by 20 s: asking 0 or 1 leaves two (none of the side's own), asking 2 or more is had.
    expect(membersShortfall(base, side, 20, 0)).toMatchObject({ have: 2, asked: 0 })
    expect(membersAt(base, side, 20, 0).now).toBe(2)
    expect(membersShortfall(base, side, 20, 1)).toMatchObject({ have: 2, asked: 1 })
    expect(membersShortfall(base, side, 20, 2)).toBeNull()
    // After the shared remove (one net add), and before any add: every count can be had.
    expect(membersShortfall(base, side, 40, 0)).toMatchObject({ have: 1 })
    expect(membersShortfall(base, side, 5, 0)).toBeNull()
    // A fork at 5 s counts from its own second, and says so.
    const fork: Variant = { label: 'b', atSec: 5, set: {} }
    expect(membersShortfall(base, fork, 20, 0)!.why).toMatch(/added 2 since 5 s\. Members sets this side's own count at 5 s \(its fork\)/)
    expect(membersShortfall(base, { label: 'b', atSec: 20, set: {} }, 25, 0)).toBeNull()
  })
})
