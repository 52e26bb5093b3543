// Page and compare-side edits of the cluster: always a valid cluster, and the same overrides the
// CLI's --variant would take.
import { describe, expect, it } from 'vitest'
import { strategySet, strategySummary } from '../store/compareEdits.ts'
import { applyEdit } from '../store/scenarioEdits.ts'
import { clusterSummary, patchedCluster } from './clusterEdit.ts'
import { defaultScenario } from './defaults.ts'
import { applyOverrides } from './overrides.ts'
import { validateScenario } from './validate.ts'

describe('cluster edits', () => {
  it('keeps replication.factor ≤ brokers and min.insync.replicas ≤ replication.factor', () => {
    const s = { ...defaultScenario(), cluster: { brokers: 5, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null } }
    expect(patchedCluster(s, { brokers: 2 })).toEqual({ brokers: 2, 'replication.factor': 2, 'min.insync.replicas': 2, brokerCapacityPerSec: null })
    expect(patchedCluster(s, { brokers: 1 })).toEqual({ brokers: 1, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: null })
    expect(patchedCluster(s, { brokers: 500 }).brokers).toBe(64)
    expect(patchedCluster(s, { brokerCapacityPerSec: 0 }).brokerCapacityPerSec).toBeNull()
    for (const patch of [{ brokers: 2 }, { 'replication.factor': 9 }, { 'min.insync.replicas': 7 }, { brokers: 0.4 }]) {
      expect(validateScenario({ ...s, cluster: patchedCluster(s, patch) }).ok).toBe(true)
    }
  })

  it('restarts the run on a page edit (placement happens at topic creation)', () => {
    const r = applyEdit(defaultScenario(), { kind: 'cluster', patch: { brokers: 6 } })
    expect(r.restart).toBe(true)
    expect(r.scenario.cluster?.brokers).toBe(6)
  })

  it('gives a compare side the overrides the CLI takes, and says so in its summary', () => {
    const base = defaultScenario()
    const set = strategySet(base, { kind: 'cluster', patch: { brokers: 6 } })
    expect(set).toEqual({ 'cluster.brokers': 6, 'cluster.replication.factor': 1, 'cluster.min.insync.replicas': 1, 'cluster.brokerCapacityPerSec': null })
    const r = applyOverrides(base, set)
    expect(r.ok && r.scenario.cluster?.brokers).toBe(6)
    expect(r.ok && strategySummary(r.scenario)).toMatch(/· 6 brokers$/)
    expect(strategySummary(base)).not.toMatch(/broker/)
    expect(clusterSummary({ cluster: { brokers: 3, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: 3000 } })).toBe('3 brokers · RF 2 · 3000 rec/s per broker')
  })
})
