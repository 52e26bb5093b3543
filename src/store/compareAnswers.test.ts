// The Compare menu's four answers to a hot lane (hotLaneAnswerSides): which sides, and that each is a
// side the compare link can carry (a valid variant of the workload).
import { describe, expect, it } from 'vitest'
import { variantScenario } from '../scenario/overrides.ts'
import { getPreset } from '../scenario/presets/index.ts'
import { hotLaneAnswerSides } from './compareEdits.ts'

describe('the Compare menu’s four answers to a hot lane', () => {
  it('with a hot key: salting, a share group of two members a lane, the Parallel Consumer in key order, lag-aware; each a valid side', () => {
    const s = getPreset('broker-hotspot')!.build()
    const sides = hotLaneAnswerSides(s)!
    expect(sides.map((v) => v.label)).toEqual(['salting', 'share group', 'parallel consumer', 'lag-aware'])
    const runs = sides.map((v) => variantScenario(s, v))
    for (const r of runs) expect(r.ok).toBe(true)
    const share = runs[1]!.ok ? runs[1]!.scenario : null
    expect(share?.group.type).toBe('share')
    expect(share?.group.consumers).toBe(2 * s.topic.partitions)
  })

  it('without a hot key, none', () => {
    expect(hotLaneAnswerSides(getPreset('steady')!.build())).toBeNull()
  })
})
