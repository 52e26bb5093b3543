// A kept placement in a link: packed so a 10 000-partition import stays shareable, unpacked exactly,
// and links without one written and read as before.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Rng } from '../engine/rng.ts'
import { placeReplicas } from '../kafka/replicaPlacer.ts'
import { fromBase64Url, toBase64Url } from './base64url.ts'
import { decodeScenario, encodeScenario } from './codec.ts'
import { crc32 } from './crc32.ts'
import { defaultScenario } from './defaults.ts'
import { canonicalOrder, diffFromDefaults } from './diff.ts'
import { packAssignment, unpackAssignment, unpackPlacement } from './placementPacking.ts'
import type { Scenario } from './types.ts'
import { validateScenario } from './validate.ts'

/** P partitions on B brokers, RF 3, placed as KRaft's placer would (numbered from 1), broker 5 leading p0–p2. */
function imported(P: number, B = 50): Scenario {
  const s = defaultScenario()
  s.topic.partitions = P
  const assignment = placeReplicas(Array.from({ length: B }, (_, i) => i), P, 3, Rng.create(7, 4)).map((r) => r.map((b) => b + 1))
  const leaders = assignment.map((r) => r[0]!)
  leaders[1] = assignment[1]![2]!
  s.cluster = { brokers: B, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null, assignment, leaders }
  return s
}

/** The JSON a link carries. */
function linkJson(link: string): unknown {
  const b = fromBase64Url(link.slice(3))
  if (!b.ok) throw new Error(b.message)
  return JSON.parse(strFromU8(inflateSync(b.bytes.subarray(0, b.bytes.length - 4))))
}

describe('packing a placement', () => {
  it('unpacks to the very lists it packed', () => {
    const a = imported(300, 7).cluster!.assignment!
    const packed = packAssignment(a, 7)
    expect(packed).toHaveLength(900)
    expect(unpackAssignment(packed, 7, 3)).toEqual({ ok: true, value: a })
  })

  it('any valid placement (1–64 brokers, any replication factor, leaders anywhere) comes back from a link exactly', () => {
    const placement = fc
      .record({ brokers: fc.integer({ min: 1, max: 64 }), P: fc.integer({ min: 1, max: 40 }), rf: fc.integer({ min: 1, max: 64 }), seed: fc.integer({ min: 0, max: 1000 }) })
      .map(({ brokers, P, rf, seed }) => {
        const r = Math.min(rf, brokers)
        const rng = Rng.create(seed, 9)
        const assignment = Array.from({ length: P }, () => {
          const ids = Array.from({ length: brokers }, (_, i) => i + 1)
          for (let i = ids.length - 1; i > 0; i--) {
            const j = rng.int(i + 1)
            ;[ids[i], ids[j]] = [ids[j]!, ids[i]!]
          }
          return ids.slice(0, r)
        })
        const leaders = assignment.map((x) => x[rng.int(x.length)]!)
        return { brokers, P, rf: r, assignment, leaders }
      })
    fc.assert(
      fc.property(placement, ({ brokers, P, rf, assignment, leaders }) => {
        const s = defaultScenario()
        s.topic.partitions = P
        s.cluster = { brokers, 'replication.factor': rf, 'min.insync.replicas': 1, brokerCapacityPerSec: null, assignment, leaders }
        const v = validateScenario(s)
        expect(v.ok).toBe(true)
        expect(decodeScenario(encodeScenario(v.scenario))).toEqual({ ok: true, scenario: v.scenario, warnings: [] })
      }),
      { numRuns: 150 },
    )
  })

  it('names a damaged packed string by its path, never throws', () => {
    expect(unpackPlacement({ cluster: { brokers: 3, 'replication.factor': 3, assignment: 'ABCD' } })).toEqual({
      path: 'cluster.assignment',
      message: "the link's packed placement has 4 replicas, not a whole number of partitions of 3",
    })
    expect(unpackPlacement({ cluster: { brokers: 3, 'replication.factor': 1, assignment: 'AZ' } })?.message).toBe("the link's packed placement is damaged at partition 1 (not one of the 3 brokers)")
    expect(unpackPlacement({ cluster: { brokers: 3, 'replication.factor': 1, assignment: 'AB', leaders: 'AB' } })?.path).toBe('cluster.leaders')
    expect(unpackPlacement({ cluster: { brokers: 3, 'replication.factor': 1, assignment: 'A'.repeat(700_000) } })?.message).toMatch(/too long/)
    for (const v of [null, 3, [], { cluster: null }, { cluster: { assignment: 7 } }]) expect(() => unpackPlacement(v)).not.toThrow()
  })
})

describe('a link with a kept placement', () => {
  it('round-trips a 10 000-partition placement and its leaders exactly, in a link of under 13 000 characters', () => {
    const s = imported(10_000)
    const link = encodeScenario(s)
    // As JSON lists deflate made it about 36 000 characters (measured, session 16).
    expect(link.length).toBeLessThan(13_000)
    expect(decodeScenario(link)).toEqual({ ok: true, scenario: s, warnings: [] })
  })

  it('a 1 000-partition placement on 50 brokers adds under 1 600 characters to a link', () => {
    const s = imported(1000)
    const { assignment: _a, leaders: _l, ...shape } = s.cluster!
    const without = { ...s, cluster: shape }
    expect(encodeScenario(s).length - encodeScenario(without).length).toBeLessThan(1600)
  })

  it('writes a link without a placement exactly as before: the diff from the defaults, unpacked', () => {
    const s = defaultScenario()
    s.cluster = { brokers: 6, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }
    expect(linkJson(encodeScenario(s))).toEqual(canonicalOrder(diffFromDefaults(s)))
    const back = decodeScenario(encodeScenario(s))
    expect(back.ok && back.scenario).toEqual(s)
  })

  it('carries the placement packed, and a damaged packed placement is named by its path', () => {
    const s = imported(20, 6)
    const json = linkJson(encodeScenario(s)) as { cluster: { assignment: unknown; leaders: unknown } }
    expect(typeof json.cluster.assignment).toBe('string')
    expect(json.cluster.leaders).toBe('ACAAAAAAAAAAAAAAAAAA')
    const raw = strToU8(JSON.stringify({ ...json, cluster: { ...json.cluster, assignment: 'AA_' } }))
    const packed = deflateSync(raw)
    const bytes = new Uint8Array(packed.length + 4)
    bytes.set(packed)
    const c = crc32(raw)
    bytes.set([c >>> 24, (c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff], packed.length)
    const r = decodeScenario(`v1.${toBase64Url(bytes)}`)
    expect(r.ok ? [] : r.errors).toEqual([{ path: 'cluster.assignment', message: "the link's packed placement is damaged at partition 0 (not one of the 6 brokers)" }])
  })
})
