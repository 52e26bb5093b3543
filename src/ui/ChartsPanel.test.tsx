// The charts follow presenter mode: the projector theme's colours and 20 px type (jsdom).
import { act } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { projectorTheme, theme } from '../view/theme.ts'
import { ChartsPanel } from './ChartsPanel.tsx'
import { mount } from './renderForTest.tsx'

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})

describe('ChartsPanel', () => {
  it('redraws in the projector theme in presenter mode, and back', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<ChartsPanel />, store)
    const axis = (): Element => m.container.querySelector('.charts g[color]')!
    const labelPx = (): number => Number(m.container.querySelector('.charts g[font-weight="600"]')!.getAttribute('font-size'))
    expect(axis().getAttribute('color')).toBe(theme.textDim)
    expect(labelPx()).toBeLessThan(20)
    act(() => store.getState().setPresenter(true))
    expect(axis().getAttribute('color')).toBe(projectorTheme.textDim)
    expect(labelPx()).toBeGreaterThanOrEqual(20)
    expect(m.container.querySelectorAll('.charts svg')).toHaveLength(1)
    act(() => store.getState().setPresenter(false))
    expect(labelPx()).toBeLessThan(20)
    m.unmount()
  })
})
