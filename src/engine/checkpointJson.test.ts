import { describe, expect, it } from 'vitest'
import { checkpointFromJson, checkpointToJson } from './checkpointJson.ts'

describe('checkpoint JSON', () => {
  it('round-trips what plain JSON loses: typed arrays, non-finite numbers, -0, Map and Set', () => {
    const v = {
      f: new Float64Array([1.5, -Infinity, NaN, -0, 0.1 + 0.2]),
      i: new Int32Array([-1, 7]),
      u: new Uint8Array([255]),
      n: [Infinity, -0, 3],
      m: new Map<string, number[]>([['a', [1]]]),
      s: new Set([1, 2]),
      nested: { deep: { x: -Infinity } },
    }
    const back = checkpointFromJson(checkpointToJson(v)) as typeof v
    expect(back.f).toBeInstanceOf(Float64Array)
    expect(Array.from(back.f)).toEqual([1.5, -Infinity, NaN, -0, 0.1 + 0.2])
    expect(Object.is(back.f[3], -0)).toBe(true)
    expect(back.i).toBeInstanceOf(Int32Array)
    expect(Array.from(back.i)).toEqual([-1, 7])
    expect(back.u).toBeInstanceOf(Uint8Array)
    expect(back.n).toEqual([Infinity, -0, 3])
    expect(Object.is(back.n[1], -0)).toBe(true)
    expect(back.m.get('a')).toEqual([1])
    expect([...back.s]).toEqual([1, 2])
    expect(back.nested.deep.x).toBe(-Infinity)
  })

  it('keeps a key named __proto__ as data, never as a prototype', () => {
    const back = checkpointFromJson('{"__proto__":{"polluted":1},"a":1}') as Record<string, unknown>
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(back).sort()).toEqual(['__proto__', 'a'])
  })
})
