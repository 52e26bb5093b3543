import { describe, expect, it } from 'vitest'
import { settingsAt } from './applyCommand.ts'
import { defaultScenario } from './defaults.ts'

describe('settingsAt', () => {
  const s = defaultScenario()
  s.actions = [
    { do: 'setRate', perSec: 123, atSec: 5 },
    { do: 'addConsumer', count: 2, atSec: 10.0004 },
    { do: 'crashConsumer', consumer: 'consumer-1', atSec: 20 },
  ]

  it('folds the actions that have run by then over the t = 0 settings, and keeps the whole script', () => {
    expect(settingsAt(s, 4999)).toBe(s)
    const at7 = settingsAt(s, 7000)
    expect(at7.producers[0]!.rate).toEqual({ kind: 'constant', perSec: 123 })
    expect(at7.group.consumers).toBe(s.group.consumers)
    expect(at7.actions).toBe(s.actions)
    // 10.0004 s runs at 10 000 ms, as the simulation rounds it.
    expect(settingsAt(s, 10_000).group.consumers).toBe(s.group.consumers + 2)
    expect(s.producers[0]!.rate).not.toEqual({ kind: 'constant', perSec: 123 })
  })
})
