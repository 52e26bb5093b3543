// Share inside a lesson, end to end in jsdom: the lesson layer runs a real lesson over one highway
// and over compare mode (fake workers); the toolbar's Share offers the lesson's link at the step on
// screen, which reads back as that lesson and step, and still offers the scenario without it; the S
// key copies the lesson's link in both modes.
import { act } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getLesson } from '../scenario/lessons/catalog.ts'
import { readLessonLink } from '../scenario/lessons/lessonLinks.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { compareLinkHash, readLinkHash } from '../scenario/links.ts'
import { buttons } from '../ui/renderForTest.tsx'
import { fakeWorker, manualWorker } from './fakeWorker.ts'
import { compareLessonHost, mountLessonLayer, singleLessonHost, type LessonLayer } from './lessonLayer.tsx'
import { mountCompare } from './mountCompare.tsx'
import { mountHighway } from './mountHighway.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let copied: string[] = []
// Unit files share a worker's document (vitest isolate: false): what this file puts on it goes back
// after it, or a later file's "copy" would seem to work (compareNotesPage expects no clipboard).
const execCommandBefore = document.execCommand
afterAll(() => {
  document.execCommand = execCommandBefore
})
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
  // jsdom has no clipboard: copyText falls back to execCommand on a hidden textarea; read it there.
  document.execCommand = (() => {
    const area = document.querySelector<HTMLTextAreaElement>('body > textarea[readonly]')
    if (area !== null) copied.push(area.value)
    return area !== null
  }) as typeof document.execCommand
})

const cleanup: Array<() => void> = []
afterEach(() => {
  act(() => cleanup.splice(0).reverse().forEach((f) => f()))
  copied = []
  window.history.replaceState(null, '', '#')
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const items = (): HTMLButtonElement[] => Array.from(document.querySelectorAll<HTMLButtonElement>('[role="menu"] [role="menuitem"]'))

function layer(): LessonLayer {
  const l = mountLessonLayer(document, () => {})
  cleanup.push(() => l.dispose())
  return l
}

describe('Share inside a lesson', () => {
  it('one highway: copies #lesson=NAME&step=N for the step on screen, or the scenario without the lesson', async () => {
    const el = document.body.appendChild(document.createElement('div'))
    let m!: ReturnType<typeof mountHighway>
    act(() => void (m = mountHighway(el, { syncUrl: false, createWorker: () => manualWorker((f) => act(f)) })))
    cleanup.push(() => (m.dispose(), el.remove()))
    const lessons = layer()
    const hotKey = getLesson('hot-key')!
    act(() => lessons.start(hotKey, 1, singleLessonHost(m.store, m.actions)))
    act(() => buttons(el, 'Share')[0]!.click())
    const n = hotKey.lesson.steps.length
    expect(items().map((b) => b.textContent)).toEqual([`Lesson link (step 2 of ${n})`, 'Scenario only, no lesson', 'Scenario at this moment, no lesson'])
    await act(async () => items()[0]!.click())
    expect(copied).toHaveLength(1)
    const back = readLessonLink(copied[0]!.slice(copied[0]!.indexOf('#')))
    expect(back?.ok === true && [back.resolved.lesson.name, back.stepIndex]).toEqual(['hot-key', 1])
    expect(el.querySelector('.share-note')?.textContent).toBe(`Lesson link copied (step 2 of ${n}): paste it to a colleague`)
    act(() => buttons(el, 'Share')[0]!.click())
    await act(async () => items()[1]!.click())
    const plain = readLinkHash(copied[1]!.slice(copied[1]!.indexOf('#')))
    expect([plain.lesson, plain.s?.slice(0, 3)]).toEqual([undefined, 'v1.'])
    // The note says which of the two was copied: the lesson's first item is a link too.
    expect(el.querySelector('.share-note')?.textContent).toBe('Link copied without the lesson: opens at the start')
    // Once the lesson ends, Share is the run's again.
    act(() => lessons.controller.close())
    act(() => buttons(el, 'Share')[0]!.click())
    expect(items().map((b) => b.textContent)).toEqual(['Copy link', 'Link to this moment'])
  })

  it('compare mode: Share becomes a menu with the lesson’s link first, and is one button again after the lesson', async () => {
    const el = document.body.appendChild(document.createElement('div'))
    let m!: ReturnType<typeof mountCompare>
    act(() => void (m = mountCompare(el, { hash: compareLinkHash(defaultScenario(), [{ label: 'a', set: {} }, { label: 'b', set: { 'group.consumers': 3 } }]), syncUrl: false, createWorker: () => fakeWorker(), onExit: () => {} })))
    cleanup.push(() => (m.dispose(), el.remove()))
    await act(() => sleep(30))
    const [share] = buttons(el, 'Share')
    expect(share?.getAttribute('aria-haspopup')).toBeNull()
    const key = (k: string): Promise<void> => act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })))
    // Outside a lesson S is the toolbar's Share, as on one highway: the comparison, playing, from its start.
    await key('s')
    const comparison = copied.splice(0)
    expect(comparison).toHaveLength(1)
    expect(readLinkHash(comparison[0]!.slice(comparison[0]!.indexOf('#')))).toMatchObject({ v: ['a:', 'b: group.consumers=3'] })
    expect(comparison[0]).not.toMatch(/&t=/)
    expect(m.store.getState().notes.map((n) => n.text)).toEqual(['Link copied: opens at the start'])
    act(() => m.store.getState().dismissNote(0))
    const lessons = layer()
    const lesson = getLesson('hot-key')!
    act(() => lessons.start(lesson, 0, compareLessonHost(m.store, m.actions, m.sides)))
    // Inside one, S copies the lesson's link at its step, as on one highway, and says so.
    await key('S')
    expect(copied.splice(0)).toEqual([expect.stringMatching(/#lesson=hot-key&step=1$/)])
    expect(m.store.getState().notes.map((n) => n.text)).toEqual([`Lesson link copied (step 1 of ${lesson.lesson.steps.length}): paste it to a colleague`])
    act(() => buttons(el, 'Share')[0]!.click())
    expect(items().map((b) => b.textContent)).toEqual([`Lesson link (step 1 of ${lesson.lesson.steps.length})`, 'Comparison only, no lesson'])
    expect(document.activeElement).toBe(items()[0])
    await act(async () => items()[0]!.click())
    expect(copied[0]).toMatch(/#lesson=hot-key&step=1$/)
    act(() => buttons(el, 'Share')[0]!.click())
    await act(async () => items()[1]!.click())
    expect(readLinkHash(copied[1]!.slice(copied[1]!.indexOf('#'))).lesson).toBeUndefined()
    expect(el.querySelector('.share-note')?.textContent).toMatch(/^Link copied without the lesson: opens (at the start|paused at [\d.]+ s)$/)
    act(() => lessons.controller.close())
    expect(buttons(el, 'Share')[0]?.getAttribute('aria-haspopup')).toBeNull()
  })
})
