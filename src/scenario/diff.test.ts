import { describe, expect, test } from 'vitest'
import { defaultScenario } from './defaults.ts'
import { diffFromDefaults } from './diff.ts'
import { validateScenario } from './validate.ts'

describe('diffFromDefaults', () => {
  test('the default scenario has an empty diff', () => {
    expect(diffFromDefaults(defaultScenario())).toEqual({})
  })

  test('carries only the changed leaves of nested objects', () => {
    const s = defaultScenario()
    s.group.config['max.poll.records'] = 100
    s.topic.partitions = 24
    expect(diffFromDefaults(s)).toEqual({ topic: { partitions: 24 }, group: { config: { 'max.poll.records': 100 } } })
  })

  test('diffs each producer against the default producer', () => {
    const s = defaultScenario()
    const p = s.producers[0]!
    s.producers = [{ ...p, recordBytes: 500 }, { ...p }]
    expect(diffFromDefaults(s)).toEqual({ producers: [{ recordBytes: 500 }, {}] })
  })

  test('carries a rate or key spec whole when its kind changes', () => {
    const s = defaultScenario()
    s.producers[0]!.keys = { kind: 'zipf', count: 1000, s: 1.2 }
    expect(diffFromDefaults(s)).toEqual({ producers: [{ keys: { kind: 'zipf', count: 1000, s: 1.2 } }] })
  })

  test('carries the assignor with a changed protocol, even when it equals the default assignor', () => {
    const s = defaultScenario()
    s.group.protocol = 'consumer'
    s.group.assignor = 'range'
    expect(diffFromDefaults(s)).toEqual({ group: { protocol: 'consumer', assignor: 'range' } })
    expect(validateScenario(diffFromDefaults(s)).scenario).toEqual(s)
  })

  test('carries actions whole', () => {
    const s = defaultScenario()
    s.actions = [{ atSec: 5, do: 'addConsumer' }]
    expect(diffFromDefaults(s)).toEqual({ actions: [{ atSec: 5, do: 'addConsumer' }] })
  })
})
