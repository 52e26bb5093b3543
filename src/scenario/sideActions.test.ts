// A compare side's own actions (`actions+=[…]` in a variant's text): what "Rebalance cluster…" on one
// side records, so the link replays it on that side only.

import { describe, expect, it } from 'vitest'
import { getPreset, type Scenario } from './index.ts'
import { compareLinkHash, readLinkHash } from './links.ts'
import { formatVariant, mergeActions, parseVariant, variantScenario, type Variant } from './overrides.ts'

/** cluster-rebalance without its scripted rebalance, plus a shared crash at 30 s. */
function workload(): Scenario {
  return { ...getPreset('cluster-rebalance')!.build(), actions: [{ atSec: 10, do: 'addConsumer' }, { atSec: 30, do: 'crashConsumer', consumer: 'consumer-1' }] }
}

function variant(text: string): Variant {
  const r = parseVariant(text)
  if (!r.ok) throw new Error(r.message)
  return r.variant
}

describe('a side’s own actions (actions+)', () => {
  it('parse from the variant text and format back to the same text, `do` and `atSec` first', () => {
    const v = variant('rebalanced: producerConfig.acks=1, actions+=[{"throttleBytesPerSec":10000000,"atSec":12.5,"do":"rebalanceCluster"}]')
    expect(v).toEqual({ label: 'rebalanced', set: { 'producerConfig.acks': 1 }, actions: [{ do: 'rebalanceCluster', atSec: 12.5, throttleBytesPerSec: 10_000_000 }] })
    const text = formatVariant(v)
    expect(text).toBe('rebalanced: producerConfig.acks=1, actions+=[{"do":"rebalanceCluster","atSec":12.5,"throttleBytesPerSec":10000000}]')
    expect(parseVariant(text)).toEqual({ ok: true, variant: v })
    // A variant without any keeps its old text (old links read and write as before).
    expect(formatVariant({ label: 'plain', set: {} })).toBe('plain:')
    expect(variant('plain:')).toEqual({ label: 'plain', set: {} })
  })

  it('survive a compare link', () => {
    const sides: Variant[] = [{ label: 'as is', set: {} }, { label: 'rebalanced', set: {}, actions: [{ do: 'rebalanceCluster', atSec: 20 }] }]
    const hash = compareLinkHash(workload(), sides)
    expect(readLinkHash(`#${hash}`).v.map(variant)).toEqual(sides)
  })

  it('merge into the shared script by time, after shared actions of the same second; the other side is untouched', () => {
    const r = variantScenario(workload(), variant('b: actions+=[{"do":"rebalanceCluster","atSec":30},{"do":"rebalanceCluster","atSec":5,"throttleBytesPerSec":1000000}]'))
    expect(r.ok ? r.scenario.actions : r).toEqual([
      { atSec: 5, do: 'rebalanceCluster', throttleBytesPerSec: 1_000_000 },
      { atSec: 10, do: 'addConsumer' },
      { atSec: 30, do: 'crashConsumer', consumer: 'consumer-1' },
      { atSec: 30, do: 'rebalanceCluster' },
    ])
    const a = variantScenario(workload(), variant('a:'))
    expect(a.ok ? a.scenario.actions : a).toEqual(workload().actions)
    // With @SEC the overrides' commands come first, then the side's actions by time.
    const f = variantScenario(workload(), variant('f@20: dynamic.salting.enabled=true, actions+=[{"do":"rebalanceCluster","atSec":20}]'))
    expect(f.ok ? f.scenario.actions.map((x) => `${x.atSec} ${x.do}`) : f).toEqual(['10 addConsumer', '20 setDynamic', '20 rebalanceCluster', '30 crashConsumer'])
  })

  it('are checked by the validator, a problem named under actions+', () => {
    const bad = variantScenario(workload(), variant('b: actions+=[{"do":"rebalanceCluster","atSec":20,"throttleBytesPerSec":0}]'))
    expect(bad).toMatchObject({ ok: false, path: 'actions+', message: expect.stringContaining('throttleBytesPerSec') })
    expect(variantScenario(workload(), variant('b: actions+=[{"do":"launchRockets","atSec":20}]'))).toMatchObject({ ok: false, path: 'actions+' })
  })

  it('must be a JSON list of objects, given once', () => {
    expect(parseVariant('b: actions+=rebalance')).toMatchObject({ ok: false, message: expect.stringContaining('JSON list of actions') })
    expect(parseVariant('b: actions+=[1]')).toMatchObject({ ok: false })
    expect(parseVariant('b: actions+=[], actions+=[]')).toMatchObject({ ok: false, message: expect.stringContaining('given twice') })
    // One object alone is read as a list of one.
    expect(variant('b: actions+={"do":"rebalanceCluster","atSec":3}').actions).toEqual([{ do: 'rebalanceCluster', atSec: 3 }])
  })

  it('mergeActions keeps the script time-ordered and leaves its input alone', () => {
    const script = workload().actions
    const copy = structuredClone(script)
    expect(mergeActions(script, [{ atSec: 0, do: 'rebalanceCluster' }]).map((x) => x.atSec)).toEqual([0, 10, 30])
    expect(script).toEqual(copy)
  })
})
