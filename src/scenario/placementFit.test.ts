// An imported placement after a change to the settings it was made for: the cluster editor, a
// compare side's or the CLI's overrides, fewer or more partitions.
import { describe, expect, it } from 'vitest'
import { Rng } from '../engine/rng.ts'
import { placeReplicas } from '../kafka/replicaPlacer.ts'
import { clusterOverrides, editCluster } from './clusterEdit.ts'
import { defaultScenario } from './defaults.ts'
import { importedPlacementScenario } from './importedPlacementForTest.ts'
import { applyOverrides } from './overrides.ts'
import { fitPlacement } from './placementFit.ts'
import type { Scenario } from './types.ts'
import { validateScenario } from './validate.ts'

/** 6 partitions on 4 brokers (RF 2) as imported: broker 4 prefers p0–p2, broker 1 leads p0. */
function imported(): Scenario {
  const s = importedPlacementScenario()
  expect(validateScenario(s).ok).toBe(true)
  return s
}

describe('the cluster editor and an imported placement', () => {
  it('drops the placement when the broker count changes, and says so', () => {
    const r = editCluster(imported(), { brokers: 5 })
    expect(r.scenario.cluster).toEqual({ brokers: 5, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null })
    expect(r.note).toBe("The imported replica placement was dropped (4 → 5 brokers): replicas and leaders are now placed by KRaft's StripedReplicaPlacer.")
  })

  it('drops it when the replication factor changes', () => {
    const r = editCluster(imported(), { 'replication.factor': 3 })
    expect(r.scenario.cluster?.assignment).toBeUndefined()
    expect(r.note).toMatch(/dropped \(replication factor 2 → 3\)/)
  })

  it('keeps it through a capacity or min.insync.replicas change, saying nothing', () => {
    const r = editCluster(imported(), { brokerCapacityPerSec: 5000, 'min.insync.replicas': 2 })
    expect(r.scenario.cluster?.assignment).toEqual(imported().cluster!.assignment)
    expect(r.scenario.cluster?.leaders).toEqual(imported().cluster!.leaders)
    expect(r.note).toBeNull()
  })

  it('a compare side that changes the brokers drops it too; one that changes the capacity keeps it', () => {
    const s = imported()
    const more = applyOverrides(s, clusterOverrides(s, { brokers: 6 }))
    expect(more.ok && more.scenario.cluster?.assignment).toBeUndefined()
    expect(more.ok && more.note).toMatch(/dropped \(4 → 6 brokers\)/)
    const capped = applyOverrides(s, clusterOverrides(s, { brokerCapacityPerSec: 3000 }))
    expect(capped.ok && capped.scenario.cluster?.assignment).toEqual(s.cluster!.assignment)
  })
})

describe('partitions and an imported placement', () => {
  it('more partitions from the start: the added ones placed by the placer after the imported ones', () => {
    const s = imported()
    const r = applyOverrides(s, { 'topic.partitions': 12 })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const a = r.scenario.cluster!.assignment!
    expect(a.slice(0, 6)).toEqual(s.cluster!.assignment)
    const placer = placeReplicas([0, 1, 2, 3], 6, 2, Rng.create(s.seed, 4), s.cluster!.assignment!.map((x) => x.map((b) => b - 1)))
    expect(a.slice(6)).toEqual(placer.map((x) => x.map((b) => b + 1)))
    // KAFKA-15857: after p5 (preferred broker 3) the stripe goes on at broker 4.
    expect(a[6]![0]).toBe(4)
    expect(r.scenario.cluster!.leaders).toEqual([...s.cluster!.leaders!, ...a.slice(6).map((x) => x[0])])
    expect(r.note).toBe("Partitions 6–11 are placed by KRaft's StripedReplicaPlacer after the imported ones.")
  })

  it('fewer partitions keep the first ones, and leaders that are then all preferred are dropped', () => {
    const s = imported()
    const r = fitPlacement(s, { ...s, topic: { ...s.topic, partitions: 3 } })
    expect(r.scenario.cluster!.assignment).toEqual([[4, 1], [4, 2], [4, 3]])
    expect(r.scenario.cluster!.leaders).toEqual([1, 4, 4])
    const s2 = imported()
    s2.cluster!.leaders = [4, 4, 4, 1, 2, 1]
    const r2 = fitPlacement(s2, { ...s2, topic: { ...s2.topic, partitions: 3 } })
    expect(r2.scenario.cluster!.leaders).toBeUndefined()
  })

  it('overrides that set the placement themselves are taken as given', () => {
    const s = imported()
    const r = applyOverrides(s, { 'topic.partitions': 2, 'cluster.assignment': [[1, 2], [2, 3]], 'cluster.leaders': [1, 2] })
    expect(r.ok && r.scenario.cluster?.assignment).toEqual([[1, 2], [2, 3]])
  })

  it('a scenario without a placement is untouched', () => {
    const s = defaultScenario()
    expect(fitPlacement(s, { ...s, topic: { ...s.topic, partitions: 30 } })).toEqual({ scenario: { ...s, topic: { ...s.topic, partitions: 30 } }, note: null })
  })
})
