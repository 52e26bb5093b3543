import { describe, expect, it } from 'vitest'
import { DUPLICATE_KEY, duplicateKeys } from './jsonDuplicates.ts'

const dup = (path: string) => ({ path, message: DUPLICATE_KEY })

describe('duplicateKeys', () => {
  it('names each key given again in its own object, by its path, as JSON.parse decodes it', () => {
    const json = '{"seed":1,"topic":{"partitions":3,"name":"t","partitions":4},"se\\u0065d":2,"producers":[{"rate":{},"keys":{},"rate":{}}],"group":{"config":{"session.timeout.ms":1,"session.timeout.ms":2}}}'
    expect(duplicateKeys(json)).toEqual([dup('topic.partitions'), dup('seed'), dup('producers[0].rate'), dup('group.config["session.timeout.ms"]')])
  })

  it('does not confuse values, keys of sibling objects or strings holding quotes and braces with keys given twice', () => {
    expect(duplicateKeys('{"a":"a","b":{"a":1},"c":[{"a":1},{"a":2}],"d":"\\"a\\":{,}[","e":{"x":"}"},"f":[1,"a",{"a":0}]}')).toEqual([])
    expect(duplicateKeys('[1,2,{"a":1}]')).toEqual([])
  })

  it('stops listing at 100 and counts the rest', () => {
    const json = `{${Array.from({ length: 150 }, () => '"k":1').join(',')}}`
    const out = duplicateKeys(json)
    expect(out).toHaveLength(101)
    expect(out[100]).toEqual({ path: 'scenario', message: 'and 49 more keys given twice' })
  })

  it('stays linear on deep nesting, cutting the path of a key far down', () => {
    const depth = 400_000
    const json = `${'['.repeat(depth)}{"a":1,"a":2}${']'.repeat(depth)}`
    const t0 = performance.now()
    const out = duplicateKeys(json)
    expect(performance.now() - t0).toBeLessThan(2000)
    expect(out).toEqual([dup(`${'[0]'.repeat(32)}…`)])
  })
})
