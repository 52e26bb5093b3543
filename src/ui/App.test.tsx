import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeFrame } from '../view/frameFixture.ts'
import { App } from './App.tsx'
import { buttons, byLabel, mount, press, setValue, type Mounted } from './renderForTest.tsx'

beforeAll(() => {
  // jsdom has no canvas; the views draw SVG only when getContext gives nothing.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

describe('App', () => {
  it('has every fixed control, once, with its visible label as accessible name', () => {
    m = mount(<App />)
    for (const name of ['Producer rate', 'Hot-key share', 'Partitions', 'Consumers', 'Protocol', 'Preset']) {
      expect(() => byLabel(m!.container, name), name).not.toThrow()
    }
    expect(buttons(m.container, 'Share')).toHaveLength(1)
    expect(buttons(m.container, 'Pause').length + buttons(m.container, 'Play').length).toBe(1)
  })

  it('the play/pause button is one toggle whose name follows the state', () => {
    m = mount(<App />)
    const [pause] = buttons(m.container, 'Pause')
    expect(pause).toBeDefined()
    act(() => pause!.click())
    expect(m.store.getState().playing).toBe(false)
    expect(buttons(m.container, 'Play')).toHaveLength(1)
    expect(buttons(m.container, 'Pause')).toHaveLength(0)
  })

  it('moving the hot-key slider edits the scenario live', () => {
    m = mount(<App />)
    setValue(byLabel(m.container, 'Hot-key share'), '0.6')
    expect(m.actions.edits).toContainEqual({ kind: 'hotKeyShare', share: 0.6 })
    expect(m.container.textContent).toContain('60%')
    expect(m.container.textContent).toContain('hot key: global-marketplace')
    // At 0 % nothing is hot: the note names the key the slider would make hot, not a hot key.
    setValue(byLabel(m.container, 'Hot-key share'), '0')
    expect(m.container.textContent).not.toContain('hot key: global-marketplace')
    expect(m.container.textContent).toContain('no hot key (raised: global-marketplace)')
  })

  it('typing a partition count commits on change', () => {
    m = mount(<App />)
    setValue(byLabel(m.container, 'Partitions'), '24', ['input', 'change'])
    expect(m.actions.edits).toContainEqual({ kind: 'partitions', count: 24 })
  })

  it('choosing a protocol sends the choice', () => {
    m = mount(<App />)
    setValue(byLabel(m.container, 'Protocol'), 'cooperative', ['change'])
    expect(m.actions.edits).toContainEqual({ kind: 'protocol', protocol: 'cooperative' })
  })

  it('keyboard: space toggles play, → steps, digits pick presets, ? opens the shortcuts', () => {
    m = mount(<App />)
    const playing = m.store.getState().playing
    press(' ')
    expect(m.store.getState().playing).toBe(!playing)
    press('ArrowRight')
    press('2')
    expect(m.actions.calls).toEqual(['step', 'preset hot-key'])
    press('?')
    expect(m.container.querySelector('[role="dialog"]')?.textContent).toContain('Keyboard shortcuts')
    press('Escape')
    expect(m.container.querySelector('[role="dialog"]')).toBeNull()
  })

  it('keys typed into a field are not shortcuts', () => {
    m = mount(<App />)
    const playing = m.store.getState().playing
    press(' ', byLabel(m.container, 'Record key'))
    expect(m.store.getState().playing).toBe(playing)
  })

  it('a consumer click opens its menu, and a menu item injects the command', () => {
    m = mount(<App />)
    act(() => m!.store.getState().selectConsumer({ member: 1, name: 'consumer-2', x: 10, y: 10 }))
    const menu = m.container.querySelector('[role="menu"]')
    expect(menu?.getAttribute('aria-label')).toBe('Actions for consumer-2')
    const crash = Array.from(menu!.querySelectorAll('button')).find((b) => b.textContent?.includes('Crash'))
    act(() => crash!.click())
    expect(m.actions.injected).toEqual([{ do: 'crashConsumer', consumer: 'consumer-2' }])
    expect(m.container.querySelector('[role="menu"]')).toBeNull()
  })

  it('draws lanes and consumers from a frame', () => {
    m = mount(<App />)
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ partitions: 5, members: 2 }), [], []))
    expect(m.container.querySelectorAll('[data-testid="highway"] rect.road')).toHaveLength(5)
    expect(m.container.querySelectorAll('[data-testid="highway"] g.consumer')).toHaveLength(2)
  })
})
