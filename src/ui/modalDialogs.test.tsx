// Every modal dialog keeps Tab inside it (aria-modal says the page behind is inert) and gives focus
// back to what opened it when it closes, as the Import dialog does (useModalFocus.ts): the
// Lessons list, the keyboard shortcuts and the client configuration.
import { act, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createLessonStore } from '../store/lessonSlice.ts'
import { ClientConfigDialog } from './ClientConfigDialog.tsx'
import { LessonList } from './lessons/LessonList.tsx'
import { mount, type Mounted } from './renderForTest.tsx'
import { ShortcutsDialog } from './ShortcutsDialog.tsx'

let m: Mounted | null = null
let opener: HTMLButtonElement | null = null
afterEach(() => {
  m?.unmount()
  m = null
  opener?.remove()
  opener = null
})

function openerButton(): HTMLButtonElement {
  opener = document.createElement('button')
  opener.textContent = 'Open'
  document.body.appendChild(opener)
  opener.focus()
  return opener
}

const tab = (shift: boolean) => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: shift, bubbles: true, cancelable: true })))

/** Shift+Tab from the dialog's first control goes to its last, Tab from there back to the first. */
function expectWrap(dialog: HTMLElement): void {
  const controls = [...dialog.querySelectorAll<HTMLElement>('button, select, textarea, input, a[href]')]
  expect(controls.length).toBeGreaterThan(1)
  controls[0]!.focus()
  tab(true)
  expect(document.activeElement).toBe(controls.at(-1))
  tab(false)
  expect(document.activeElement).toBe(controls[0])
}

describe('modal dialogs', () => {
  it('the Lessons list: Tab wraps inside it; closed, focus is back on the button that opened it', () => {
    const store = createLessonStore([
      { name: 'one', title: 'First', summary: 'S1', steps: 3, compare: false },
      { name: 'two', title: 'Second', summary: 'S2', steps: 4, compare: true },
    ])
    m = mount(<LessonList store={store} onChoose={() => {}} />)
    const button = openerButton()
    act(() => store.getState().setListOpen(true))
    const dialog = m.container.querySelector<HTMLElement>('[role="dialog"]')!
    expect(dialog.contains(document.activeElement)).toBe(true)
    expectWrap(dialog)
    act(() => store.getState().setListOpen(false))
    expect(document.activeElement).toBe(button)
  })

  it('the keyboard shortcuts: the same', () => {
    m = mount(<ShortcutsDialog rows={[['?', 'this list'], ['Space', 'play or pause']]} />)
    const button = openerButton()
    act(() => m!.store.getState().setShortcutsOpen(true))
    const dialog = m.container.querySelector<HTMLElement>('[role="dialog"]')!
    expect(dialog.contains(document.activeElement)).toBe(true)
    // One control only (Close): Tab stays on it instead of leaving for the page behind.
    tab(false)
    expect(document.activeElement).toBe(dialog.querySelector('button'))
    act(() => m!.store.getState().setShortcutsOpen(false))
    expect(document.activeElement).toBe(button)
  })

  it('the client configuration: the same', () => {
    const button = openerButton()
    let open = true
    const Host = (): ReactNode => (open ? <ClientConfigDialog configFor={() => 'bootstrap.servers=localhost:9092'} onClose={() => (open = false)} /> : null)
    m = mount(<Host />)
    const dialog = m.container.querySelector<HTMLElement>('[role="dialog"]')!
    expect(dialog.contains(document.activeElement)).toBe(true)
    expectWrap(dialog)
    m.unmount()
    m = null
    expect(document.activeElement).toBe(button)
  })
})
