import { describe, expect, it } from 'vitest'
import { partitionForKey } from '../kafka/murmur2.ts'
import { presets } from '../scenario/presets/index.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { validateScenario } from '../scenario/validate.ts'
import type { Command, Scenario } from '../scenario/types.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { createController, whichLane } from './controller.ts'
import type { SimClient } from './simClient.ts'

function recordingClient(): SimClient & { log: string[]; commands: Command[]; starts: Array<[number, Scenario]> } {
  const c = {
    log: [] as string[],
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

function setup() {
  const store = createAppStore({ scenario: defaultScenario() })
  const client = recordingClient()
  const actions = createController({
    store,
    client,
    presets,
    validate: (s) => {
      const r = validateScenario(s)
      return r.ok ? [] : r.errors
    },
    share: async () => 'copied',
  })
  return { store, client, actions }
}

describe('createController', () => {
  it('a live edit updates the scenario and sends commands without restarting', () => {
    const { store, client, actions } = setup()
    actions.edit({ kind: 'hotKeyShare', share: 0.7 })
    expect(store.getState().runId).toBe(0)
    expect(client.starts).toEqual([])
    expect(client.commands).toEqual([{ do: 'setHotKeyShare', producer: 0, share: 0.7 }])
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
