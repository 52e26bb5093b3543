// Page-wide keys: space play/pause, → step, 1–9 presets, ? shortcuts, Esc closes. Keys typed into
// a form control (or space on a focused button) are left alone.

import { useEffect } from 'react'
import { useAppStoreApi } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  const tag = target.tagName
  return tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || (target as HTMLElement).isContentEditable
}

export function useKeyboardShortcuts(): void {
  const store = useAppStoreApi()
  const actions = useActions()
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return
      const s = store.getState()
      if (e.key === 'Escape') {
        s.setShortcutsOpen(false)
        s.selectConsumer(null)
        return
      }
      if (isTyping(e.target)) return
      const onButton = e.target instanceof Element && (e.target.tagName === 'BUTTON' || e.target.getAttribute('role') === 'button')
      if (e.key === ' ' && !onButton) {
        e.preventDefault()
        actions.togglePlay()
      } else if (e.key === 'ArrowRight') {
        e.preventDefault()
        actions.step()
      } else if (e.key === '?') {
        e.preventDefault()
        s.setShortcutsOpen(!s.shortcutsOpen)
      } else if (/^[1-9]$/.test(e.key)) {
        const preset = actions.presets[Number(e.key) - 1]
        if (preset !== undefined) actions.choosePreset(preset.name)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store, actions])
}
