// A key name from a link is data, never a lookup path: a hot key called `constructor` has the
// ordinary record cost, not Object's constructor function.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { ControlsPanel } from './ControlsPanel.tsx'
import { byLabel, mount, setValue, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

describe('ControlsPanel: hot-key record cost', () => {
  it.each(['constructor', 'toString', '__defineGetter__', 'hasOwnProperty'])('is 1× for a hot key named %s with no cost of its own', (hotKey) => {
    m = mount(<ControlsPanel />)
    const s = defaultScenario()
    s.producers[0]!.keys = { kind: 'hot', count: 1000, hotKey, share: 0.5 }
    act(() => m!.store.getState().setScenario(s, true))
    const field = byLabel(m.container, 'Hot-key record cost')
    expect(field.getAttribute('aria-valuetext')).toBe('1× processing')
    expect(m.container.textContent).not.toContain('native code')
  })

  it('shows the cost the scenario gives the hot key', () => {
    m = mount(<ControlsPanel />)
    const s = defaultScenario()
    s.producers[0]!.keys = { kind: 'hot', count: 1000, hotKey: 'constructor', share: 0.5 }
    s.producers[0]!.keyCost = { constructor: 3 }
    act(() => m!.store.getState().setScenario(s, true))
    expect(byLabel(m.container, 'Hot-key record cost').getAttribute('aria-valuetext')).toBe('3× processing')
  })
})

describe('ControlsPanel: the settings at the moment shown', () => {
  it('follows the run’s actions as the playhead passes them, and goes back with a seek', () => {
    const s = defaultScenario()
    m = mount(<ControlsPanel />)
    const actions = [
      { do: 'addConsumer' as const, count: 2, atSec: 10 },
      { do: 'setHotKeyShare' as const, producer: 0, share: 0.4, atSec: 20 },
    ]
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ t: 5000 }), [], [], { latest: 5000, actions }))
    expect(byLabel(m.container, 'Consumers').value).toBe(String(s.group.consumers))
    expect(byLabel(m.container, 'Hot-key share').getAttribute('aria-valuetext')).toBe('0%')
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ t: 25_000 }), [], [], { latest: 25_000 }))
    expect(byLabel(m.container, 'Consumers').value).toBe(String(s.group.consumers + 2))
    expect(byLabel(m.container, 'Hot-key share').getAttribute('aria-valuetext')).toBe('40%')
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ t: 12_000 }), [], [], { latest: 25_000, seeked: true }))
    expect(byLabel(m.container, 'Consumers').value).toBe(String(s.group.consumers + 2))
    expect(byLabel(m.container, 'Hot-key share').getAttribute('aria-valuetext')).toBe('0%')
  })
})

describe('ControlsPanel: metadata.max.age.ms', () => {
  it('shows the producers\' and the consumers\' setting and edits each (a restart-type edit)', () => {
    m = mount(<ControlsPanel />)
    const s = defaultScenario()
    s.producerConfig['metadata.max.age.ms'] = 10_000
    s.group.config['metadata.max.age.ms'] = 20_000
    act(() => m!.store.getState().setScenario(s, true))
    const producer = byLabel(m.container, 'metadata.max.age.ms (producer)')
    const consumer = byLabel(m.container, 'metadata.max.age.ms (consumer)')
    expect([producer.value, consumer.value]).toEqual(['10000', '20000'])
    setValue(consumer, '30000', ['change'])
    expect(m.actions.edits).toEqual([{ kind: 'metadataMaxAge', client: 'consumer', value: 30_000 }])
  })
})

describe('ControlsPanel: acks', () => {
  it("shows the producers' acks with the brokers (Kafka's default: all) and edits it (a restart-type edit)", () => {
    m = mount(<ControlsPanel />)
    const acks = byLabel(m.container, 'acks')
    expect(acks.closest('section')?.querySelector('h2')?.textContent).toBe('Brokers')
    expect(acks.value).toBe('all')
    setValue(acks, '1', ['change'])
    expect(m.actions.edits).toEqual([{ kind: 'acks', acks: '1' }])
  })
})

describe('ControlsPanel: the lag-aware assignor', () => {
  it('is offered under the eager protocol, labelled as not built into Kafka, and selecting it sets the group\'s assignor', () => {
    m = mount(<ControlsPanel />)
    const s = defaultScenario()
    act(() => m!.store.getState().setScenario({ ...s, group: { ...s.group, protocol: 'eager', assignor: 'range' } }, true))
    const select = byLabel(m.container, 'Assignor')
    const option = [...select.options].find((o) => o.value === 'lag-aware')
    expect(option?.textContent).toBe('lag-aware (not built into Kafka)')
    act(() => setValue(select, 'lag-aware', ['change']))
    expect(m.store.getState().scenario.group.assignor).toBe('lag-aware')
    expect(byLabel(m.container, 'Assignor').title).toMatch(/^Not built into Kafka/)
  })
})

describe('ControlsPanel: consumers running now', () => {
  const hintWith = (phases: Array<'stable' | 'starting' | 'dead'>): string | null => {
    m = mount(<ControlsPanel />)
    const frame = makeFrame({ t: 200, members: phases.length })
    frame.members.forEach((x, i) => (x.phase = phases[i]!))
    act(() => m!.store.getState().receiveFrame(0, frame, [], [], { latest: 200 }))
    return m.container.querySelector('.hint[aria-live]')?.textContent ?? null
  }

  it('a cold start: consumers still starting are not blamed on actions, faults or the autoscaler', () => {
    expect(hintWith(['stable', 'starting', 'starting'])).toBe("1 running now, 2 still starting (a group's consumers start at different moments)")
  })

  it('a crashed consumer is', () => {
    expect(hintWith(['stable', 'dead', 'stable'])).toBe('2 running now (scripted actions, faults or the autoscaler changed it)')
  })
})

describe('ControlsPanel: why less is appended than the producers send', () => {
  function showRate(m: Mounted, saturated: boolean[]): string {
    const s = defaultScenario() // 3000 rec/s sent
    act(() => m.store.getState().setScenario(s, true))
    const f = makeFrame({})
    const frame = { ...f, brokers: f.brokers.map((b, i) => ({ ...b, saturated: saturated[i] ?? false })) }
    const st = m.store.getState()
    const sample = { t: 5000, inRate: 2400, outRate: 2400, totalLag: 0, p99Ms: 6, skewRatio: 1, lag: new Float64Array(0), rebalancing: false }
    act(() => m.store.setState({ frame, metrics: { ...st.metrics, items: [sample] } }))
    return m.container.textContent ?? ''
  }

  it('names the brokers at capacity (broker-hotspot: the reasons listed were none of them)', () => {
    m = mount(<ControlsPanel />)
    expect(showRate(m, [true, false, true])).toContain('2.4k/s appended now: brokers 1 and 3 at capacity, the rest waits in the producers')
  })

  it('lists the possible reasons when no broker is at capacity', () => {
    m = mount(<ControlsPanel />)
    expect(showRate(m, [false, false, false])).toContain('2.4k/s appended now (rate shape, script, a full lane or broker, or no leader)')
  })
})
