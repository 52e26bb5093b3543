// The generated story and the one-click offers of an imported scenario, from hand-made facts of a
// topic whose hot lane is one tenant's key. The offers are checked by running their sides.
import { describe, expect, it } from 'vitest'
import { partitionForKey } from '../../kafka/murmur2.ts'
import { createSimulation } from '../../sim/simulation.ts'
import { decodeScenario } from '../codec.ts'
import { readLinkHash } from '../links.ts'
import { parseVariant, variantScenario } from '../overrides.ts'
import type { Scenario } from '../types.ts'
import { buildScenario } from './build.ts'
import type { ClusterFacts, KeySample } from './types.ts'

const P = 48
const HOT = 'tenant-42'
const HOT_P = partitionForKey(HOT, P)
const OWNER = 'consumer-4'

/** 48 partitions at 100 records/s, the hot one adding 31 % of the others' total on top; its owner lags 1.2 M. */
function facts(assignor?: string): ClusterFacts {
  const others = 100 * P
  const hotExtra = (0.31 * others) / 0.69
  const members = Array.from({ length: 8 }, (_, i) => ({ memberId: `m${i + 1}`, clientId: `consumer-${i + 1}`, assignment: [] as Array<{ topic: string; partition: number }> }))
  const partitions = Array.from({ length: P }, (_, p) => {
    const owner = p === HOT_P ? members[3]! : members[p % 8]!
    owner.assignment.push({ topic: 'orders', partition: p })
    return { partition: p, producedPerSec: p === HOT_P ? 100 + hotExtra : 100, lag: p === HOT_P ? 1_234_567 : 10 }
  })
  const sample: KeySample = {
    records: 10_000,
    keys: [{ key: HOT, count: 3100, partitions: [HOT_P] }, ...Array.from({ length: 690 }, (_, i) => ({ key: `user-${i}`, count: 10, partitions: [partitionForKey(`user-${i}`, P)] }))],
  }
  return {
    brokers: [],
    topics: [{ name: 'orders', partitions }],
    groups: [{ groupId: 'billing', members, ...(assignor ? { assignor } : {}) }],
    keySample: sample,
    provenance: { 'topics.orders.partitions.0.lag': { source: 'paste 1', format: 'consumer-groups', how: 'measured' } },
    notes: [],
  }
}

function built(assignor?: string) {
  const r = buildScenario(facts(assignor))
  if (!r.ok) throw new Error(r.message)
  return r
}

/** Records/s on `partition` between 10 s and 25 s of a run (detection has flagged the key by then). */
function laneRate(s: Scenario, partition: number): number {
  const sim = createSimulation(s)
  sim.advanceTo(10_000)
  const a = sim.summary().partitions[partition]!.produced
  sim.advanceTo(25_000)
  return (sim.summary().partitions[partition]!.produced - a) / 15
}

describe('import story', () => {
  it('names the size, the hot lane with its share, the key behind it, its owner and its lag', () => {
    const { story } = built()
    expect(story).toContain('orders: 48 partitions; 6,957 records/s; 8 consumers in \'billing\' (eager, range).')
    expect(story).toContain(`Partition ${HOT_P} takes 32 % of records because of key \`${HOT}\` (31 % of the sample); ${OWNER} owns it and lags 1.2 M records.`)
    expect(story).toContain('The group lags 1.2 M records in all.')
  })

  it('says the traffic is even when no lane stands out, and leaves out what it does not know', () => {
    const f = facts()
    for (const p of f.topics[0]!.partitions) {
      p.producedPerSec = 100
      delete p.lag
    }
    delete f.keySample
    const r = buildScenario(f)
    expect(r.ok && r.story).toBe("orders: 48 partitions; 4,800 records/s; 8 consumers in 'billing' (eager, range). The records spread evenly over the partitions.")
  })
})

describe('import offers', () => {
  it('offers salting the hot key, what drains its piled-up lane, and cooperative, each a compare link the page reads back; not more partitions', () => {
    const { offers, scenario, declined, story } = built()
    // The 1.2 M lag sits on the hot lane alone: more partitions would leave it there (lagSpot.ts).
    expect(offers.map((o) => o.id)).toEqual(['salt', 'parallel', 'lag-aware', 'share', 'cooperative'])
    expect(declined).toEqual([{ id: 'partitions', why: expect.stringMatching(new RegExp(`^99 % of the lag sits on partition ${HOT_P}: more partitions would not drain it`)) }])
    expect(story).toMatch(new RegExp(`99 % of the lag sits on partition ${HOT_P}: more partitions would not drain it, because the records already written stay on their partition and each key keeps to one partition however many there are, so a hot key's lane stays hot\\.$`))
    for (const o of offers) {
      const h = readLinkHash(o.hash)
      expect(h.problems).toEqual([])
      const base = decodeScenario(h.s!)
      expect(base.ok && base.scenario).toEqual(o.base)
      expect(h.v.map((v) => parseVariant(v))).toEqual(o.variants.map((variant) => ({ ok: true, variant })))
    }
    // the protocol comparison needs something to rebalance: a consumer joins on both sides
    expect(offers.find((o) => o.id === 'cooperative')!.base.actions).toEqual([{ atSec: 30, do: 'addConsumer' }])
    expect(offers[0]!.base).toEqual(scenario)
  })

  it('the salting side really takes the hot key off its lane', () => {
    const salt = built().offers.find((o) => o.id === 'salt')!
    const sides = salt.variants.map((v) => variantScenario(salt.base, v))
    const [asIs, salted] = sides.map((r) => (r.ok ? laneRate(r.scenario, HOT_P) : NaN))
    expect(asIs).toBeGreaterThan(2000)
    expect(salted!).toBeLessThan(asIs! / 2)
  })

  it('offers KIP-848 to a group that is already cooperative, and nothing protocol-wise to a KIP-848 group', () => {
    expect(built('cooperative-sticky').offers.find((o) => o.id === 'cooperative')?.label).toBe('KIP-848 when a consumer joins')
    const f = facts('uniform')
    f.groups[0]!.protocol = 'consumer'
    const r = buildScenario(f)
    expect(r.ok && r.offers.map((o) => o.id)).toEqual(['salt', 'parallel', 'lag-aware', 'share'])
  })

  it('offers a share group as many members as twice the partitions on both sides, so only the group type differs', () => {
    const share = built().offers.find((o) => o.id === 'share')!
    expect(share.label).toBe('A share group of 96 on the hot lane')
    expect(share.why).toMatch(new RegExp(`^a consumer group gives partition ${HOT_P} to one consumer however many you add`))
    const [classic, shared] = share.variants.map((v) => variantScenario(share.base, v)) as [ReturnType<typeof variantScenario>, ReturnType<typeof variantScenario>]
    expect(classic.ok && shared.ok).toBe(true)
    if (!classic.ok || !shared.ok) return
    expect(classic.scenario.group.consumers).toBe(96)
    expect(shared.scenario.group.type).toBe('share')
    expect({ ...shared.scenario.group, type: undefined, share: undefined }).toEqual({ ...classic.scenario.group, type: undefined, share: undefined })
  })

  it('offers no share group when no lane stands out, and more partitions when the lag is spread', () => {
    const f = facts()
    for (const p of f.topics[0]!.partitions) {
      p.producedPerSec = 100
      p.lag = 5_000
    }
    delete f.keySample
    const even = buildScenario(f)
    if (!even.ok) throw new Error(even.message)
    expect(even.offers.map((o) => o.id)).toEqual(['partitions', 'cooperative'])
    expect(even.declined).toEqual([])
  })
})
