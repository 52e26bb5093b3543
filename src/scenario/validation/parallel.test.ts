// group.parallel (Confluent Parallel Consumer options): optional, validated with its path, and
// reachable by dotted --set paths and compare variants like any setting.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../defaults.ts'
import { applyOverrides, parseVariant } from '../overrides.ts'
import { validateScenario, type ValidationResult } from '../validate.ts'

const errorsOf = (r: ValidationResult) => (r.ok ? [] : r.errors)

describe('group.parallel', () => {
  it('absent stays absent: old links mean the plain KafkaConsumer loop', () => {
    const v = validateScenario(defaultScenario())
    expect(v.ok && v.scenario.group.parallel).toBeUndefined()
  })

  it("given at all, missing fields take PC's defaults (KEY order, 16 threads)", () => {
    const v = validateScenario({ group: { parallel: {} } })
    expect(v.ok && v.scenario.group.parallel).toMatchObject({ ordering: 'key', maxConcurrency: 16 })
  })

  it('bad values are errors naming their path', () => {
    expect(errorsOf(validateScenario({ group: { parallel: { ordering: 'by-key' } } }))).toEqual([
      { path: 'group.parallel.ordering', message: expect.stringMatching(/partition.*key.*unordered/) },
    ])
    expect(errorsOf(validateScenario({ group: { parallel: { maxConcurrency: 0 } } }))[0]?.path).toBe('group.parallel.maxConcurrency')
    expect(errorsOf(validateScenario({ group: { parallel: { maxConcurrency: 1001 } } }))[0]?.path).toBe('group.parallel.maxConcurrency')
    expect(errorsOf(validateScenario({ group: { parallel: { 'offset.metadata.max.bytes': 0 } } }))[0]?.path).toBe('group.parallel["offset.metadata.max.bytes"]')
    expect(errorsOf(validateScenario({ group: { parallel: { commitIntervalMs: -5 } } }))[0]?.path).toBe('group.parallel.commitIntervalMs')
    expect(errorsOf(validateScenario({ group: { parallel: 'key' } }))[0]?.path).toBe('group.parallel')
  })

  it('--set group.parallel.ordering switches it on with the defaults for the rest', () => {
    const r = applyOverrides(defaultScenario(), { 'group.parallel.ordering': 'unordered' })
    expect(r.ok && r.scenario.group.parallel).toMatchObject({ ordering: 'unordered', maxConcurrency: 16 })
    const dotted = applyOverrides(defaultScenario(), { 'group.parallel.offset.metadata.max.bytes': 512 })
    expect(dotted.ok && dotted.scenario.group.parallel?.['offset.metadata.max.bytes']).toBe(512)
  })

  it('--set group.parallel=null switches it off again', () => {
    const on = applyOverrides(defaultScenario(), { 'group.parallel.ordering': 'key' })
    if (!on.ok) throw new Error(on.message)
    const off = applyOverrides(on.scenario, { 'group.parallel': null })
    expect(off.ok && off.scenario.group.parallel).toBeUndefined()
  })

  it('a compare variant sets it per side; a bad value names its path', () => {
    const v = parseVariant('key order: group.parallel.ordering=key, group.parallel.maxConcurrency=32')
    if (!v.ok) throw new Error(v.message)
    const r = applyOverrides(defaultScenario(), v.variant.set)
    expect(r.ok && r.scenario.group.parallel).toMatchObject({ ordering: 'key', maxConcurrency: 32 })
    const bad = applyOverrides(defaultScenario(), { 'group.parallel.ordering': 'sorted' })
    expect(bad.ok ? null : bad.path).toBe('group.parallel.ordering')
  })
})
