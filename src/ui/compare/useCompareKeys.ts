// Compare mode's keys: Space plays or pauses every side, B or . pauses, → steps them all, PageDown
// / PageUp go to the next / previous marker of the shared Timeline (every side's), + / − change the
// speed, R restarts, P presenter mode, L the lessons, E the Export menu, ? lists them, as on one
// highway. S is the toolbar's Share (paused: the link opens at the moment shown), inside a
// side-by-side lesson the lesson's link at its step, as on one highway. Keys the focused control
// uses itself are left to it (keyTargets.ts).

import { useEffect } from 'react'
import { markerTarget } from '../../store/timelineMarkers.ts'
import { notThePagesKey } from '../keyTargets.ts'
import { shortcutFor, SPEED_FACTOR } from '../shortcuts.ts'
import { SHARE_NOTE_MS } from '../useShareNote.ts'
import { useCompare } from './compareActions.ts'
import { setPresenterAll } from './presenter.ts'
import { sidesMarkers } from './sideMarkerSource.ts'

export function useCompareKeys(): void {
  const { actions, store, sides } = useCompare()
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      if (e.key === 'Escape') {
        const el = document.activeElement
        if (el instanceof HTMLElement || el instanceof SVGElement) el.blur()
        return
      }
      if (notThePagesKey(e, document)) return
      const what = shortcutFor(e.key)
      const a = sides[0]?.store.getState()
      const jump = (dir: -1 | 1): void => {
        const to = a === undefined ? undefined : markerTarget(sidesMarkers(sides.map((s) => s.store)), a.simTime, dir)
        if (to !== undefined) actions.seek(to)
      }
      const run: Partial<Record<NonNullable<typeof what>, () => void>> = {
        togglePlay: () => actions.togglePlay(),
        pause: () => actions.setPlaying(false),
        step: () => actions.step(),
        nextStep: () => jump(1),
        prevStep: () => jump(-1),
        speedUp: () => actions.setSpeed(store.getState().speed * SPEED_FACTOR),
        speedDown: () => actions.setSpeed(store.getState().speed / SPEED_FACTOR),
        restart: () => actions.restart(),
        presenter: () => setPresenterAll(sides, a?.presenter !== true),
        ...(actions.openLessons !== undefined ? { lessons: () => actions.openLessons?.() } : {}),
        shortcuts: () => a?.setShortcutsOpen(!a.shortcutsOpen),
        ...(actions.exportSide !== undefined ? { export: () => sides[0]?.store.getState().setExportOpen(true) } : {}),
        share: () =>
          void actions.share(a?.lessonAt != null ? { lesson: true } : undefined).then((text) => {
            const note = { kind: 'info' as const, text, details: [] }
            store.getState().addNote(note)
            // A link the browser would not copy stays, for the teacher to select by hand.
            if (!/https?:\/\//.test(text)) setTimeout(() => store.getState().dismissNote(store.getState().notes.indexOf(note)), SHARE_NOTE_MS)
          }),
      }
      const f = what === null ? undefined : run[what]
      if (f === undefined) return
      e.preventDefault()
      f()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [actions, store, sides])
}
