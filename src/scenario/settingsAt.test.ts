import { describe, expect, it } from 'vitest'
import { settingsAt } from './applyCommand.ts'
import { defaultScenario } from './defaults.ts'
import type { Scenario } from './types.ts'

function withActions(): Scenario {
  return {
    ...defaultScenario(),
    actions: [
      { do: 'addConsumer', count: 2, atSec: 10 },
      { do: 'setHotKeyShare', share: 0.4, atSec: 20.5 },
      { do: 'crashConsumer', consumer: 'consumer-1', atSec: 25 },
      { do: 'removeConsumer', atSec: 30 },
    ],
  }
}

describe('settingsAt', () => {
  it('applies the actions up to and including the moment, and none after it', () => {
    const s = withActions()
    const base = s.group.consumers
    expect(settingsAt(s, 0).group.consumers).toBe(base)
    expect(settingsAt(s, 9999).group.consumers).toBe(base)
    expect(settingsAt(s, 10_000).group.consumers).toBe(base + 2)
    expect(settingsAt(s, 20_499).producers[0]?.keys).toEqual(s.producers[0]?.keys)
    expect(settingsAt(s, 20_500).producers[0]?.keys).toMatchObject({ kind: 'hot', share: 0.4 })
    expect(settingsAt(s, 60_000).group.consumers).toBe(base + 1)
  })

  it('keeps the t = 0 settings and the actions list untouched', () => {
    const s = withActions()
    const before = JSON.stringify(s)
    const later = settingsAt(s, 60_000)
    expect(later.actions).toBe(s.actions)
    expect(JSON.stringify(s)).toBe(before)
  })
})
