import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLessonController, type LessonHost } from '../../app/lessonController.ts'
import type { Lesson } from '../../scenario/lessons/types.ts'
import { createLessonStore, type LessonStore } from '../../store/lessonSlice.ts'
import { ActionsContext, useActions } from '../actions.ts'
import { buttons, mount, type Mounted } from '../renderForTest.tsx'
import { Toolbar } from '../Toolbar.tsx'
import { LessonList } from './LessonList.tsx'
import { LessonPanel } from './LessonPanel.tsx'

const lesson: Lesson = {
  name: 'l',
  title: 'A lesson',
  summary: 'S',
  scenario: { preset: 'steady' },
  steps: [
    { text: 'Watch <b>lane</b> 6 <img src=x onerror=alert(1)>', playToSec: 10, highlight: { partitions: [6] }, question: { prompt: 'Which lane?', choices: ['lane 1', 'lane 6'], answer: 1, explain: 'Because of murmur2.' } },
    { text: 'Second', playToSec: 20 },
  ],
}

let root: Root | null = null
let container: HTMLElement | null = null
let m: Mounted | null = null
afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  root = null
  m?.unmount()
  m = null
})

/** The panel over a page that plays 1 s per frame(). */
function setup(): { store: LessonStore; el: HTMLElement; frames(n: number): void; tick(): void } {
  const store = createLessonStore([{ name: 'l', title: 'A lesson', summary: 'Its summary', steps: 2, compare: false }])
  let tickCb: (() => void) | null = null
  const c = createLessonController(store, { setInterval: (cb) => ((tickCb = cb), 1), clearInterval: () => {} })
  const subs = new Set<() => void>()
  const page = { t: 0, playing: false }
  const host: LessonHost = {
    time: () => page.t,
    subscribe: (cb) => (subs.add(cb), () => subs.delete(cb)),
    setPlaying: (p) => void (page.playing = p),
    seek: (t) => {
      page.t = t
      page.playing = false
      subs.forEach((cb) => cb())
    },
    setSpeed: () => {},
    setHighlight: () => {},
  }
  container = document.createElement('div')
  document.body.appendChild(container)
  root = createRoot(container)
  const on = { next: () => c.next(), prev: () => c.prev(), choose: (i: number) => c.choose(i), close: () => c.close(), setAutoplay: (x: boolean) => store.getState().setAutoplay(x) }
  act(() => root!.render(<LessonPanel store={store} on={on} />))
  act(() => c.start(lesson, 4, 0, host))
  return {
    store,
    el: container,
    frames(n) {
      act(() => {
        for (let i = 0; i < n && page.playing; i++) {
          page.t += 1000
          subs.forEach((cb) => cb())
        }
      })
    },
    tick: () => act(() => tickCb?.()),
  }
}

describe('LessonPanel', () => {
  it('shows the step and its question first, then plays and reveals the answer with the explanation', () => {
    const { el, frames } = setup()
    const panel = el.querySelector('[role="region"][aria-label="Lesson"]')!
    expect(document.activeElement).toBe(panel)
    expect(panel.textContent).toContain('Step 1 of 2')
    expect(panel.textContent).toContain('Watch lane 6.')
    const group = panel.querySelector('[role="group"]')!
    expect(document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent).toBe('Which lane?')
    const choices = [...group.querySelectorAll('button')]
    expect(choices.map((b) => b.textContent)).toEqual(['lane 1', 'lane 6'])
    expect(panel.querySelector('[role="status"]')!.textContent).toBe('Predict: choose an answer, then watch.')
    expect(panel.textContent).not.toContain('Because of murmur2.')
    act(() => choices[0]!.click())
    expect(panel.querySelector('[role="status"]')!.textContent).toBe('Playing to 10 s…')
    expect(choices.every((b) => b.getAttribute('aria-disabled') === 'true')).toBe(true)
    expect(choices[0]!.getAttribute('aria-pressed')).toBe('true')
    frames(12)
    expect(panel.querySelector('[role="status"]')!.textContent).toBe('Not quite: lane 6 Because of murmur2.')
    act(() => buttons(panel, 'Next')[0]!.click())
    expect(panel.textContent).toContain('Step 2 of 2')
  })

  it('keyboard focus stays on the chosen answer, moves to Next at the reveal and to the panel on the next step', () => {
    const { el, frames, store } = setup()
    const panel = el.querySelector<HTMLElement>('[role="region"][aria-label="Lesson"]')!
    const choice = panel.querySelectorAll<HTMLButtonElement>('.lesson-choice')[1]!
    choice.focus()
    act(() => choice.click())
    // Still focusable (a disabled button loses focus to <body> in a browser) and choosing again does nothing.
    expect(choice.disabled).toBe(false)
    expect(document.activeElement).toBe(choice)
    act(() => choice.click())
    expect(store.getState().lesson?.phase).toBe('playing')
    frames(12)
    expect(store.getState().lesson?.phase).toBe('revealed')
    const next = buttons(panel, 'Next')[0]!
    expect(document.activeElement).toBe(next)
    // Enter on Next: the new step's question is read from the panel, not skipped by a second Enter.
    act(() => next.click())
    expect(panel.textContent).toContain('Step 2 of 2')
    expect(document.activeElement).toBe(panel)
  })

  it('a mouse click leaves no focus behind, and the reveal does not take it (Space stays play/pause)', () => {
    const { el, frames } = setup()
    const panel = el.querySelector<HTMLElement>('[role="region"][aria-label="Lesson"]')!
    act(() => panel.querySelectorAll<HTMLButtonElement>('.lesson-choice')[0]!.click())
    panel.blur()
    frames(12)
    expect(panel.textContent).toContain('Not quite')
    expect(document.activeElement).toBe(document.body)
  })

  it('renders a lesson file\'s text as text, never as HTML', () => {
    const { el } = setup()
    expect(el.querySelector('img, b')).toBeNull()
    expect(el.textContent).toContain('Watch <b>lane</b> 6 <img src=x onerror=alert(1)>')
  })

  it('shows the autoplay countdown and pauses it', () => {
    const { el, tick } = setup()
    expect(el.textContent).toContain('Plays on in 20 s')
    tick()
    expect(el.textContent).toContain('Plays on in 19 s')
    const pause = buttons(el, 'Pause autoplay')[0]!
    act(() => pause.click())
    expect(el.textContent).toContain('Autoplay paused')
    tick()
    act(() => buttons(el, 'Resume autoplay')[0]!.click())
    expect(el.textContent).toContain('Plays on in 19 s')
  })

  it('folds to its header and closes', () => {
    const { el, store } = setup()
    act(() => buttons(el, 'Hide')[0]!.click())
    expect(el.textContent).not.toContain('Which lane?')
    expect(el.textContent).toContain('Step 1 of 2')
    act(() => buttons(el, 'Show')[0]!.click())
    expect(el.textContent).toContain('Which lane?')
    act(() => buttons(el, 'Close lesson')[0]!.click())
    expect(store.getState().lesson).toBeNull()
    expect(el.querySelector('[aria-label="Lesson"]')).toBeNull()
  })
})

/** The toolbar under the test's actions plus openLessons. */
function ToolbarWith({ open }: { open: () => void }): ReactNode {
  const actions = useActions()
  return (
    <ActionsContext.Provider value={{ ...actions, openLessons: open }}>
      <Toolbar />
    </ActionsContext.Provider>
  )
}

describe('LessonList and the Lessons button', () => {
  it('lists the lessons in a dialog; choosing one reports its name; Esc closes', () => {
    const store = createLessonStore([
      { name: 'one', title: 'First', summary: 'S1', steps: 3, compare: false },
      { name: 'two', title: 'Second', summary: 'S2', steps: 4, compare: true },
    ])
    const chosen: string[] = []
    container = document.createElement('div')
    document.body.appendChild(container)
    root = createRoot(container)
    act(() => root!.render(<LessonList store={store} onChoose={(n) => chosen.push(n)} />))
    expect(container.querySelector('[role="dialog"]')).toBeNull()
    act(() => store.getState().setListOpen(true))
    const dialog = container.querySelector('[role="dialog"]')!
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Lessons')
    const items = [...dialog.querySelectorAll('li button')]
    expect(items.map((b) => b.textContent)).toEqual(['First3 stepsS1', 'Second4 steps · side by sideS2'])
    expect(document.activeElement).toBe(items[0])
    act(() => (items[1] as HTMLButtonElement).click())
    expect(chosen).toEqual(['two'])
    act(() => dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    expect(container.querySelector('[role="dialog"]')).toBeNull()
  })

  it('the toolbar has a Lessons button only where lessons can be opened', () => {
    m = mount(<Toolbar />)
    expect(buttons(m.container, 'Lessons')).toHaveLength(0)
    m.unmount()
    // With openLessons in the actions, the button appears and calls it.
    const opened = vi.fn()
    m = mount(<ToolbarWith open={opened} />)
    const b = buttons(m.container, 'Lessons')
    expect(b).toHaveLength(1)
    act(() => b[0]!.click())
    expect(opened).toHaveBeenCalledTimes(1)
  })
})
