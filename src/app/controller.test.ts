import { describe, expect, it } from 'vitest'
import { partitionForKey } from '../kafka/murmur2.ts'
import { presets } from '../scenario/presets/index.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { validateScenario } from '../scenario/validate.ts'
import type { Command, Scenario } from '../scenario/types.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { createController, whichLane } from './controller.ts'
import type { SimClient } from './simClient.ts'

function recordingClient(): SimClient & { log: string[]; commands: Command[]; starts: Array<[number, Scenario]>; seeks: number[] } {
  const c = {
    log: [] as string[],
    seeks: [] as number[],
    seek: (t: number) => void c.seeks.push(t),
    commands: [] as Command[],
    starts: [] as Array<[number, Scenario]>,
    start: (id: number, s: Scenario) => void c.starts.push([id, s]),
    advance: () => true,
    step: (ms: number) => void c.log.push(`step ${ms}`),
    command: (cmd: Command) => void c.commands.push(cmd),
    setPlaying: (p: boolean) => void c.log.push(p ? 'play' : 'pause'),
    setSpeed: (s: number) => void c.log.push(`speed ${s}`),
    busy: () => false,
    dispose: () => {},
  }
  return c
}

function setup(scenario: Scenario = defaultScenario()) {
  const store = createAppStore({ scenario })
  const client = recordingClient()
  const actions = createController({
    store,
    client,
    presets,
    validate: (s) => {
      const r = validateScenario(s)
      return r.ok ? [] : r.errors
    },
    share: async (momentMs) => (momentMs === undefined ? 'copied' : `copied at ${momentMs}`),
  })
  return { store, client, actions }
}

describe('createController', () => {
  it('a fault is refused with a banner when the run cannot record another action (a link with it would not open)', () => {
    const s = defaultScenario()
    s.actions = Array.from({ length: 1000 }, (_, i) => ({ do: 'setRate' as const, perSec: 100 + i, atSec: i / 100 }))
    const { store, client, actions } = setup(s)
    store.getState().receiveFrame(store.getState().runId, makeFrame({ t: 10_000 }), [], [])
    actions.inject({ do: 'crashConsumer', consumer: 'consumer-1' })
    expect(client.commands).toEqual([])
    expect(JSON.stringify(store.getState().banners)).toMatch(/at most 1000 actions/)
    const { client: roomy, actions: fine } = setup()
    fine.inject({ do: 'crashConsumer', consumer: 'consumer-1' })
    expect(roomy.commands).toEqual([{ do: 'crashConsumer', consumer: 'consumer-1' }])
  })

  it('a live edit sends commands without restarting, and leaves the run’s scenario to the worker', () => {
    const { store, client, actions } = setup()
    const before = store.getState().scenario
    actions.edit({ kind: 'hotKeyShare', share: 0.7 })
    expect(store.getState().runId).toBe(0)
    expect(client.starts).toEqual([])
    expect(client.commands).toEqual([{ do: 'setHotKeyShare', producer: 0, share: 0.7 }])
    expect(store.getState().scenario).toBe(before)
  })

  it('a live edit counts from the settings in force now, not from those at t = 0', () => {
    const s0 = defaultScenario()
    const { store, client, actions } = setup({ ...s0, actions: [{ do: 'addConsumer', count: 2, atSec: 10 }] })
    store.getState().receiveFrame(0, makeFrame({ t: 20_000 }), [], [], { latest: 20_000 })
    actions.edit({ kind: 'consumers', count: s0.group.consumers + 3 })
    expect(client.commands).toEqual([{ do: 'addConsumer', count: 1 }])
  })

  it('a second edit before the worker has answered the first counts from the first (Enter and change both commit 12 → 16)', () => {
    const { store, client, actions } = setup()
    const p0 = store.getState().scenario.topic.partitions
    actions.edit({ kind: 'partitions', count: p0 + 4 })
    actions.edit({ kind: 'partitions', count: p0 + 4 })
    actions.edit({ kind: 'partitions', count: p0 + 6 })
    expect(client.commands).toEqual([
      { do: 'addPartitions', count: 4 },
      { do: 'addPartitions', count: 2 },
    ])
    // Once the worker's actions are in, they are the truth again.
    const t = store.getState().simTime / 1000
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [], { latest: 0, actions: [{ do: 'addPartitions', count: 4, atSec: t }] })
    actions.edit({ kind: 'partitions', count: p0 + 6 })
    expect(client.commands.at(-1)).toEqual({ do: 'addPartitions', count: 2 })
  })

  it('a live edit the validator refuses is not sent', () => {
    const { store, client, actions } = setup()
    actions.edit({ kind: 'keyCount', count: 1e12 })
    expect(client.commands).toEqual([])
    expect(store.getState().banners).toHaveLength(1)
  })

  it('a restarting edit changes the settings at t = 0 and keeps the run’s actions', () => {
    const s0 = defaultScenario()
    const script = [
      { do: 'addConsumer' as const, count: 2, atSec: 10 },
      { do: 'crashConsumer' as const, consumer: 'consumer-1', atSec: 15 },
    ]
    const { store, client, actions } = setup({ ...s0, actions: script })
    store.getState().receiveFrame(0, makeFrame({ t: 20_000 }), [], [], { latest: 20_000 })
    actions.edit({ kind: 'seed', seed: 99 })
    const started = client.starts[0]?.[1]
    expect(started?.seed).toBe(99)
    expect(started?.actions).toEqual(script)
    expect(started?.group.consumers).toBe(s0.group.consumers)
    expect(store.getState().scenario).toBe(started)
  })

  it('a cluster edit that changes the broker count drops an imported placement, restarts, and says so in a banner', () => {
    const s0 = defaultScenario()
    s0.topic.partitions = 3
    s0.cluster = { brokers: 3, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null, assignment: [[3, 1], [3, 2], [1, 2]] }
    const { store, client, actions } = setup(s0)
    actions.edit({ kind: 'cluster', patch: { brokers: 4 } })
    const started = client.starts[0]?.[1]
    expect(started?.cluster).toEqual({ brokers: 4, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null })
    expect(store.getState().banners.map((b) => [b.kind, b.text])).toEqual([
      ['info', "The imported replica placement was dropped (3 → 4 brokers): replicas and leaders are now placed by KRaft's StripedReplicaPlacer."],
    ])
  })

  it('seeking pauses, clamps to the run so far, and asks the worker for that moment', () => {
    const { store, client, actions } = setup()
    store.getState().receiveFrame(0, makeFrame({ t: 30_000 }), [], [], { latest: 30_000 })
    actions.seek(12_345.4)
    actions.seek(99_000)
    actions.seek(-5)
    store.getState().receiveFrame(0, makeFrame({ t: 20_000 }), [], [], { latest: 30_000, seeked: true })
    actions.stepBack()
    expect(client.seeks).toEqual([12_345, 30_000, 0, 19_900])
    expect(store.getState().playing).toBe(false)
    expect(store.getState().timeline.seeking).toBe(true)
    expect(client.log).toContain('pause')
  })

  it('a step back before the last seek’s frame has arrived starts from that seek (5 s then ← is 4.9 s, not the old moment − 0.1 s)', () => {
    const { store, client, actions } = setup()
    store.getState().receiveFrame(0, makeFrame({ t: 12_000 }), [], [], { latest: 12_000 })
    actions.seek(5_000)
    actions.stepBack() // the frame of 5 s is not here yet
    actions.stepBack()
    expect(client.seeks).toEqual([5_000, 4_900, 4_800])
    store.getState().receiveFrame(0, makeFrame({ t: 4_800 }), [], [], { latest: 12_000, seeked: true })
    expect(store.getState().timeline.seekingTo).toBe(null)
    actions.stepBack()
    expect(client.seeks.at(-1)).toBe(4_700)
  })

  it('a moment link’s time is stepped to from the start, and sought within the run so far', () => {
    const { store, client, actions } = setup()
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [], { latest: 0 })
    actions.openAt(42_500)
    expect(client.log).toEqual(['pause', 'step 42500'])
    expect(client.seeks).toEqual([])
    store.getState().receiveFrame(0, makeFrame({ t: 42_500 }), [], [], { latest: 42_500 })
    actions.openAt(10_000)
    expect(client.seeks).toEqual([10_000])
  })

  it('“link to this moment” shares the current sim time', async () => {
    const { store, actions } = setup()
    store.getState().receiveFrame(0, makeFrame({ t: 42_000 }), [], [], { latest: 42_000 })
    expect(await actions.share()).toBe('copied')
    expect(await actions.share({ moment: true })).toBe('copied at 42000')
  })

  it('a restarting edit starts a new run from the edited scenario', () => {
    const { store, client, actions } = setup()
    actions.edit({ kind: 'protocol', protocol: 'cooperative' })
    expect(store.getState().runId).toBe(1)
    expect(client.starts[0]?.[0]).toBe(1)
    expect(client.starts[0]?.[1].group.protocol).toBe('cooperative')
  })

  it('an invalid edit is refused with a banner naming the field', () => {
    const { store, client, actions } = setup()
    actions.edit({ kind: 'timeout', key: 'session.timeout.ms', value: 10 })
    expect(client.starts).toEqual([])
    expect(store.getState().scenario.group.config['session.timeout.ms']).toBe(45000)
    expect(store.getState().banners[0]?.details.join(' ')).toMatch(/session\.timeout\.ms/)
  })

  it('choosing a preset restarts with that preset', () => {
    const { store, actions } = setup()
    actions.choosePreset('hot-key')
    expect(store.getState().scenario.name).toBe('hot-key')
    actions.choosePreset('no-such-preset')
    expect(store.getState().scenario.name).toBe('hot-key')
  })

  it('step pauses and advances one step', () => {
    const { store, client, actions } = setup()
    actions.step()
    expect(store.getState().playing).toBe(false)
    expect(client.log).toEqual(['pause', 'step 100'])
  })

  it('togglePlay flips playback', () => {
    const { store, actions } = setup()
    const before = store.getState().playing
    actions.togglePlay()
    expect(store.getState().playing).toBe(!before)
  })
})

describe('whichLane', () => {
  it('agrees with the partitioner and shows the UTF-8 bytes', () => {
    for (const key of ['key-0', 'global-marketplace', 'ü', '']) {
      const r = whichLane(key, 12)
      expect(r.partition).toBe(partitionForKey(key, 12))
      expect(r.positive).toBe(r.hash & 0x7fffffff)
    }
    expect(whichLane('ab', 3).bytesHex).toBe('61 62')
  })
})

describe('nextStep / prevStep (a presenter remote’s PageDown / PageUp)', () => {
  const markers = [
    { t: 0, kind: 'rebalance-start' as const, text: 'Rebalance started' },
    { t: 6010.4, kind: 'rebalance-end' as const, text: 'Rebalance finished' },
    { t: 20_000, kind: 'fault' as const, text: 'consumer-1 crashed' },
  ]
  function at(t: number) {
    const env = setup()
    env.store.getState().receiveFrame(env.store.getState().runId, makeFrame({ t: 30_000 }), [], [], { latest: 30_000, markers })
    env.store.getState().receiveFrame(env.store.getState().runId, makeFrame({ t }), [], [], { latest: 30_000, markers, seeked: true })
    return env
  }

  it('seeks to the next marker after the moment shown, and nowhere after the last', () => {
    const a = at(0)
    a.actions.nextStep?.()
    expect(a.client.seeks).toEqual([6010])
    const b = at(20_000)
    b.actions.nextStep?.()
    expect(b.client.seeks).toEqual([])
  })

  it('seeks to the previous marker, and to 0 s before the first', () => {
    const a = at(6010)
    a.actions.prevStep?.()
    expect(a.client.seeks).toEqual([0])
    const b = at(25_000)
    b.actions.prevStep?.()
    expect(b.client.seeks).toEqual([20_000])
  })
})

describe('a strategy change marks the counts', () => {
  it('turning salting on mid-run moves the mark to that moment, with its counters exact', () => {
    const { store, actions } = setup()
    const f = makeFrame({ t: 42_000 })
    store.getState().receiveFrame(store.getState().runId, { ...f, totals: { ...f.totals, orderingViolations: 17 } }, [], [])
    actions.edit({ kind: 'dynamic', patch: { salting: { enabled: true } } })
    expect(store.getState().mark).toBe(42_000)
    expect(store.getState().markReason).toBe('strategy')
    expect(store.getState().counterTrack.at(-1)).toMatchObject({ t: 42_000, orderingViolations: 17, pinned: true })
  })

  it('a change of rate is not a strategy change: the mark stays', () => {
    const { store, actions } = setup()
    store.getState().receiveFrame(store.getState().runId, makeFrame({ t: 42_000 }), [], [])
    actions.edit({ kind: 'rate', perSec: 9000 })
    expect(store.getState().mark).toBeNull()
  })
})
