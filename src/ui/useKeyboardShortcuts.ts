// Page-wide keys (listed in shortcuts.ts), whatever has focus, except keys the focused control uses
// itself (typing in a field; Space on a button reached by keyboard; arrows on a slider). A mouse
// click does not leave keyboard focus on a control (usePointerBlur), so Space pauses after a click.

import { useEffect } from 'react'
import { useAppStoreApi } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { notThePagesKey } from './keyTargets.ts'
import { presetIndex, shortcutFor, SPEED_FACTOR } from './shortcuts.ts'
import { SHARE_NOTE_MS } from './useShareNote.ts'

/** Esc: back to the page, so the next key is a shortcut again. */
function focusPage(doc: Document): void {
  const el = doc.activeElement
  if (el instanceof HTMLElement || el instanceof SVGElement) el.blur()
}

export function useKeyboardShortcuts(): void {
  const store = useAppStoreApi()
  const actions = useActions()
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return
      const s = store.getState()
      if (e.key === 'Escape') {
        // An open lane group of a big topic goes back to all groups, as its button promises
        // ("Back to all groups (Esc)"), when Esc closes nothing else: the button that opened it is
        // gone and a click leaves no focus, so Esc seldom starts on the highway (LanesPanel).
        const closesSomething = s.shortcutsOpen || s.selectedConsumer !== null
        s.setShortcutsOpen(false)
        s.selectConsumer(null)
        if (!closesSomething && s.laneOpen !== null) s.setLaneOpen(null)
        focusPage(document)
        return
      }
      if (notThePagesKey(e, document)) return
      const preset = presetIndex(e.key)
      if (preset !== null) {
        const p = actions.presets[preset]
        if (p !== undefined) actions.choosePreset(p.name)
        return
      }
      const what = shortcutFor(e.key)
      if (what === null) return
      e.preventDefault()
      switch (what) {
        case 'togglePlay':
          return actions.togglePlay()
        case 'pause':
          return actions.setPlaying(false)
        case 'step':
          return actions.step()
        case 'nextStep':
          return actions.nextStep?.()
        case 'prevStep':
          return actions.prevStep?.()
        case 'speedUp':
          return actions.setSpeed(s.speed * SPEED_FACTOR)
        case 'speedDown':
          return actions.setSpeed(s.speed / SPEED_FACTOR)
        case 'restart':
          return actions.restart()
        case 'share':
          // Inside a lesson, S copies the lesson's link at its step (the Share menu's first item);
          // paused, the moment on screen (as compare mode's Share does); playing, the run from its start.
          void actions.share(s.lessonAt !== null ? { lesson: true } : s.playing ? undefined : { moment: true }).then((note) => {
            const id = store.getState().showBanner('info', note)
            // A link the browser would not copy stays, for the teacher to select by hand.
            if (!/https?:\/\//.test(note)) setTimeout(() => store.getState().dismissBanner(id), SHARE_NOTE_MS)
          })
          return
        case 'presenter':
          return s.setPresenter(!s.presenter)
        case 'compare':
          return actions.compare?.()
        case 'lessons':
          return actions.openLessons?.()
        case 'export':
          return s.setExportOpen(true)
        case 'shortcuts':
          return s.setShortcutsOpen(!s.shortcutsOpen)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store, actions])
}
