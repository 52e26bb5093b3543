// deepClone's contract: plain data in, an independent copy out; anything else throws.
import { describe, expect, it } from 'vitest'
import { deepClone } from './clone.ts'

describe('deepClone', () => {
  it('returns primitives as they are', () => {
    for (const v of [0, -1.5, NaN, 'x', '', true, null, undefined, 10n]) expect(Object.is(deepClone(v), v)).toBe(true)
  })

  it('copies typed arrays into new buffers of the same type', () => {
    const src = { f: new Float64Array([1.5, 2]), i: new Int32Array([-1, 7]), u: new Uint8Array([255]) }
    const c = deepClone(src)
    expect(c.f).toBeInstanceOf(Float64Array)
    expect(c.i).toBeInstanceOf(Int32Array)
    expect(c.u).toBeInstanceOf(Uint8Array)
    expect(c).toEqual(src)
    expect(c.f.buffer).not.toBe(src.f.buffer)
    src.f[0] = 99
    src.i[1] = 99
    expect(c.f[0]).toBe(1.5)
    expect(c.i[1]).toBe(7)
  })

  it('copies only the viewed range of a typed array over a larger buffer', () => {
    const buf = new Float64Array([0, 1, 2, 3, 4])
    const view = buf.subarray(1, 3)
    const c = deepClone(view)
    expect(Array.from(c)).toEqual([1, 2])
    expect(c.buffer.byteLength).toBe(16)
  })

  it('copies a Map, cloning its values and keeping its order', () => {
    const inner = { n: 1 }
    const src = new Map<string, { n: number }>([['b', inner], ['a', { n: 2 }]])
    const c = deepClone(src)
    expect(c).toBeInstanceOf(Map)
    expect(c).not.toBe(src)
    expect([...c.keys()]).toEqual(['b', 'a'])
    expect(c.get('b')).toEqual(inner)
    expect(c.get('b')).not.toBe(inner)
    inner.n = 5
    expect(c.get('b')!.n).toBe(1)
  })

  it('copies a Set, cloning its members', () => {
    const member = [1, 2]
    const src = new Set<unknown>([member, 'x'])
    const c = deepClone(src)
    expect(c).toBeInstanceOf(Set)
    expect(c.size).toBe(2)
    const copied = [...c][0] as number[]
    expect(copied).toEqual([1, 2])
    expect(copied).not.toBe(member)
  })

  it('copies nested objects and arrays so that no reference is shared', () => {
    const src = { a: [1, { b: [2, 3] }], m: new Map([[1, new Set([new Int32Array([4])])]]), o: { p: { q: 'r' } } }
    const c = deepClone(src)
    expect(c).toEqual(src)
    ;(src.a[1] as { b: number[] }).b.push(9)
    src.o.p.q = 'changed'
    ;[...src.m.get(1)!][0]![0] = 40
    expect((c.a[1] as { b: number[] }).b).toEqual([2, 3])
    expect(c.o.p.q).toBe('r')
    expect([...c.m.get(1)!][0]![0]).toBe(4)
  })

  it('accepts objects with a null prototype', () => {
    const src = Object.assign(Object.create(null) as Record<string, number>, { a: 1 })
    expect(deepClone(src)).toEqual({ a: 1 })
  })

  it('round-trips a JSON-able world unchanged', () => {
    const world = { t: 12.5, names: ['c-0', 'c-1'], lag: [0, 3, 5], nested: { flag: false, none: null } }
    expect(deepClone(world)).toEqual(JSON.parse(JSON.stringify(world)))
  })

  it('throws on class instances, naming the class', () => {
    class Consumer {
      n = 1
    }
    expect(() => deepClone({ c: new Consumer() })).toThrow(TypeError)
    expect(() => deepClone({ c: new Consumer() })).toThrow(/Consumer/)
    expect(() => deepClone([new Date(0)])).toThrow(/Date/)
    expect(() => deepClone(new Map([['k', new Consumer()]]))).toThrow(/Consumer/)
  })
})
