// `cluster` (issue 12): optional, merged onto DEFAULT_CLUSTER, every bad value named by its path.
import { describe, expect, it } from 'vitest'
import { DEFAULT_CLUSTER, clusterOf, defaultScenario } from '../defaults.ts'
import { validateScenario } from '../validate.ts'
import { decodeScenario, encodeScenario } from '../codec.ts'

const withCluster = (cluster: unknown) => ({ ...defaultScenario(), cluster })
const errors = (input: unknown) => {
  const r = validateScenario(input)
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)
}

describe('cluster validation', () => {
  it('leaves an absent cluster absent, so old links replay exactly; the run uses the default cluster', () => {
    const r = validateScenario(defaultScenario())
    expect(r.ok).toBe(true)
    expect('cluster' in r.scenario).toBe(false)
    expect(clusterOf(r.scenario)).toEqual(DEFAULT_CLUSTER)
    expect(DEFAULT_CLUSTER).toEqual({ brokers: 3, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: null })
  })

  it('merges a partial cluster onto the defaults', () => {
    const r = validateScenario(withCluster({ brokers: 6, 'replication.factor': 3 }))
    expect(r.ok).toBe(true)
    expect(r.scenario.cluster).toEqual({ brokers: 6, 'replication.factor': 3, 'min.insync.replicas': 1, brokerCapacityPerSec: null })
  })

  it('names the path and the limit of each bad field', () => {
    expect(errors(withCluster({ brokers: 65 }))).toEqual(['cluster.brokers: must be ≤ 64'])
    expect(errors(withCluster({ brokers: 0 }))[0]).toMatch(/^cluster\.brokers: /)
    expect(errors(withCluster({ brokers: 2.5 }))[0]).toMatch(/^cluster\.brokers: /)
    expect(errors(withCluster({ brokerCapacityPerSec: 0 }))[0]).toMatch(/^cluster\.brokerCapacityPerSec: /)
    expect(errors(withCluster('three'))).toEqual(['cluster: must be an object'])
  })

  it('refuses more replicas than brokers, and min.insync.replicas above the replication factor', () => {
    expect(errors(withCluster({ brokers: 2, 'replication.factor': 3 }))).toEqual([
      'cluster["replication.factor"]: must be at most the number of brokers (2): each replica needs its own broker',
    ])
    expect(errors(withCluster({ brokers: 3, 'replication.factor': 2, 'min.insync.replicas': 3 }))[0]).toMatch(/^cluster\["min\.insync\.replicas"\]: must be at most replication\.factor \(2\)/)
  })

  it('warns about unknown fields inside cluster', () => {
    const r = validateScenario(withCluster({ brokers: 4, racks: 2 }))
    expect(r.ok && r.warnings.map((w) => w.path)).toEqual(['cluster.racks'])
  })

  it('travels in a link and comes back the same (and a link without it stays without it)', () => {
    const s = { ...defaultScenario(), cluster: { brokers: 5, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: 4000 } }
    const back = decodeScenario(encodeScenario(s))
    expect(back.ok && back.scenario).toEqual(s)
    const plain = decodeScenario(encodeScenario(defaultScenario()))
    expect(plain.ok && 'cluster' in plain.scenario).toBe(false)
  })
})
