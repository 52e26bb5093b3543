import { describe, expect, test } from 'vitest'
import { decodeScenario, encodeScenario } from '../codec.ts'
import { validateScenario } from '../validate.ts'
import { getPreset, presets } from './index.ts'

const byName = (name: string) => {
  const p = getPreset(name)
  if (p === undefined) throw new Error(`no preset ${name}`)
  return p.build()
}

describe('presets', () => {
  test('the gallery holds the named presets, each once', () => {
    expect(presets.map((p) => p.name)).toEqual([
      'steady',
      'hot-key',
      'salted-hot-key',
      'load-aware',
      'add-partitions',
      'spike',
      'heavy',
      'consumer-joins-eager',
      'consumer-joins-cooperative',
      'consumer-crash',
      'rolling-restart-dynamic',
      'rolling-restart-static',
      'slow-consumer-storm',
      'kip848-churn',
      'autoscale-storm',
      'broker-hotspot',
      'broker-failure',
      'cluster-rebalance',
      'scale-10k',
      'lag-aware-assignor',
      'share-group-hot-lane',
      'parallel-consumer-key-order',
    ])
  })

  describe.each(presets.map((p) => [p.name, p] as const))('%s', (name, preset) => {
    test('its scenario carries its name', () => {
      expect(preset.build().name).toBe(name)
    })

    test('validates with no errors and no warnings, unchanged', () => {
      const s = preset.build()
      expect(validateScenario(s)).toEqual({ ok: true, scenario: s, warnings: [] })
    })

    test('round-trips through the link codec in at most 2000 characters', () => {
      const link = encodeScenario(preset.build())
      expect(link.length).toBeLessThanOrEqual(2000)
      expect(decodeScenario(link)).toEqual({ ok: true, scenario: preset.build(), warnings: [] })
    })

    test('has a title and a one-paragraph notice', () => {
      expect(preset.title.trim().length).toBeGreaterThan(0)
      expect(preset.notice.trim().length).toBeGreaterThan(80)
      expect(preset.notice).not.toMatch(/\n/)
    })

    test('builds a fresh scenario every call', () => {
      const a = preset.build()
      a.producers.length = 0
      a.group.config['max.poll.records'] = 1
      expect(preset.build()).not.toEqual(a)
    })
  })

  test('getPreset returns undefined for an unknown name', () => {
    expect(getPreset('no-such-preset')).toBeUndefined()
  })
})

describe('preset content', () => {
  test('steady: default world that keeps up (capacity 6000 ≥ 3000 rec/s)', () => {
    const s = byName('steady')
    expect(s.topic.partitions).toBe(12)
    expect(s.producers).toMatchObject([{ rate: { kind: 'constant', perSec: 3000 }, keys: { kind: 'uniform', count: 1000 } }])
    expect(s.group.consumers * s.group.processing.recordsPerSec).toBe(6000)
  })

  test('hot-key: the hot lane alone exceeds one consumer', () => {
    const s = byName('hot-key')
    const p = s.producers[0]!
    expect(p.keys).toEqual({ kind: 'hot', hotKey: 'global-marketplace', share: 0.45, count: 1000 })
    expect(p.rate).toEqual({ kind: 'constant', perSec: 6000 })
    expect(0.45 * 6000).toBeGreaterThan(s.group.processing.recordsPerSec)
    expect(s.group.consumers).toBe(4)
    expect(s.dynamic).toMatchObject({ hotspotDetection: { enabled: true }, salting: { enabled: false }, loadAware: { enabled: false } })
  })

  test('salted-hot-key and load-aware differ from hot-key only in name and dynamic strategy', () => {
    const { name: _h, dynamic: _hd, ...hot } = byName('hot-key')
    const { name: _s, dynamic: salted, ...saltedRest } = byName('salted-hot-key')
    const { name: _l, dynamic: aware, ...awareRest } = byName('load-aware')
    expect(saltedRest).toEqual(hot)
    expect(awareRest).toEqual(hot)
    expect(salted.salting).toEqual({ enabled: true, splits: 4 })
    expect(aware.loadAware).toEqual({ enabled: true, scope: 'hot-keys' })
  })

  test('add-partitions: 6 → 12 at 30 s, capacity still enough, metadata refreshed every 10 s', () => {
    const s = byName('add-partitions')
    expect(s.topic.partitions).toBe(6)
    expect(s.actions).toEqual([{ atSec: 30, do: 'addPartitions', count: 6 }])
    expect(s.producerConfig['metadata.max.age.ms']).toBe(10000)
    expect(s.group.config['metadata.max.age.ms']).toBe(10000)
    expect(s.group.consumers * s.group.processing.recordsPerSec).toBeGreaterThan(4000)
  })

  test('spike: ×5 for 10 s at 30 s with 4 consumers', () => {
    const s = byName('spike')
    expect(s.producers[0]!.rate).toEqual({ kind: 'spike', perSec: 3000, atSec: 30, durationSec: 10, multiplier: 5 })
    expect(s.group.consumers).toBe(4)
  })

  test('heavy: 256 partitions, 1M rec/s, 64 consumers, 60 s', () => {
    const s = byName('heavy')
    expect(s).toMatchObject({ durationSec: 60, topic: { partitions: 256 }, group: { consumers: 64, processing: { recordsPerSec: 20_000 } } })
    expect(s.producers[0]!.keys).toMatchObject({ kind: 'hot', share: 0.1, count: 100_000 })
  })

  test('consumer-joins-cooperative is consumer-joins-eager with only the protocol and assignor changed', () => {
    const eager = byName('consumer-joins-eager')
    const coop = byName('consumer-joins-cooperative')
    expect(eager.group).toMatchObject({ protocol: 'eager', assignor: 'range', consumers: 3 })
    expect(coop).toEqual({ ...eager, name: 'consumer-joins-cooperative', group: { ...eager.group, protocol: 'cooperative', assignor: 'cooperative-sticky' } })
    expect(eager.actions).toEqual([{ atSec: 30, do: 'addConsumer' }])
  })

  test('rolling-restart-static is rolling-restart-dynamic with static membership and a 30 s session', () => {
    const dynamic = byName('rolling-restart-dynamic')
    const stat = byName('rolling-restart-static')
    expect(dynamic.actions).toEqual([{ atSec: 20, do: 'rollingRestart', downMs: 8000, intervalMs: 20_000 }])
    expect(stat.group.staticMembership).toBe(true)
    expect(stat.group.config['session.timeout.ms']).toBe(30_000)
    expect(stat.group.config['session.timeout.ms']).toBeGreaterThan(8000)
  })

  test('slow-consumer-storm: a full poll outlasts max.poll.interval.ms, a caught-up group has margin, nothing is scripted', () => {
    const s = byName('slow-consumer-storm')
    const p = s.producers[0]!
    if (p.rate.kind !== 'spike') throw new Error('expected a load burst')
    const fullPollSec = s.group.config['max.poll.records'] / s.group.processing.recordsPerSec
    expect(fullPollSec).toBeGreaterThan(s.group.config['max.poll.interval.ms'] / 1000)
    expect(p.rate.perSec).toBeLessThan(0.7 * s.group.consumers * s.group.processing.recordsPerSec)
    expect(s.actions).toEqual([])
  })

  test('kip848-churn uses the consumer protocol and acts every 15 s', () => {
    const s = byName('kip848-churn')
    expect(s.group).toMatchObject({ protocol: 'consumer', assignor: 'uniform' })
    expect(s.actions.map((a) => a.atSec)).toEqual([15, 30, 45, 60, 75, 90, 105])
  })

  test('autoscale-storm: autoscaler on, threshold 20 000, cooldown 10 s, a spike', () => {
    const s = byName('autoscale-storm')
    expect(s.group.autoscaler).toMatchObject({ enabled: true, lagThreshold: 20_000, cooldownSec: 10 })
    expect(s.group).toMatchObject({ protocol: 'eager', assignor: 'range' })
    expect(s.producers[0]!.rate.kind).toBe('spike')
  })
})
