// "Fork to compare" → "Rebalance the cluster": side B alone runs the plan at the fork moment (its own
// action, actions+), side A leaves the hot broker alone; the fork's link says so.

import { describe, expect, it } from 'vitest'
import { forkHashFor } from './compareLinks.ts'
import { readLinkHash } from '../scenario/links.ts'
import { variantScenario } from '../scenario/overrides.ts'
import { getPreset } from '../scenario/presets/index.ts'
import { forkChoices, forkVariants } from '../store/compareEdits.ts'

const hotspot = () => getPreset('broker-hotspot')!.build()

describe('Fork to compare: Rebalance the cluster', () => {
  it('is offered with a cluster of more than one broker, as a live command on the changed side', () => {
    const fork = forkChoices(hotspot()).find((c) => c.id === 'rebalanceCluster')
    expect(fork).toMatchObject({ label: 'rebalanced', set: {}, live: true, command: { do: 'rebalanceCluster' } })
    expect(forkChoices(getPreset('hot-key')!.build()).some((c) => c.id === 'rebalanceCluster')).toBe(false)
    const one = { ...hotspot(), cluster: { ...hotspot().cluster!, brokers: 1, 'replication.factor': 1, 'min.insync.replicas': 1 } }
    expect(forkChoices(one).some((c) => c.id === 'rebalanceCluster')).toBe(false)
  })

  it('gives side B alone the plan at the fork moment; side A keeps the script as it is', () => {
    const fork = forkChoices(hotspot()).find((c) => c.id === 'rebalanceCluster')!
    const [a, b] = forkVariants(fork, 12.3)
    expect(a).toEqual({ label: 'before', set: {} })
    expect(b).toEqual({ label: 'rebalanced', set: {}, actions: [{ do: 'rebalanceCluster', throttleBytesPerSec: 50_000_000, atSec: 12.3 }] })
    const ra = variantScenario(hotspot(), a!)
    const rb = variantScenario(hotspot(), b!)
    expect(ra.ok && ra.scenario.actions).toEqual(hotspot().actions)
    expect(rb.ok && rb.scenario.actions.filter((x) => x.do === 'rebalanceCluster')).toEqual([{ do: 'rebalanceCluster', throttleBytesPerSec: 50_000_000, atSec: 12.3 }])
    // The fork's link: opens paused at the moment, side B's text carries its plan.
    const link = readLinkHash(`#${forkHashFor(hotspot(), 12_300, fork)}`)
    expect(link.t).toBe(12.3)
    expect(link.v).toEqual(['before:', 'rebalanced: actions+=[{"do":"rebalanceCluster","atSec":12.3,"throttleBytesPerSec":50000000}]'])
  })
})
