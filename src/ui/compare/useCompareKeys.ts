// Compare mode's keys: Space plays or pauses every side, → steps them all (not while typing).

import { useEffect } from 'react'
import { useCompare } from './compareActions.ts'

function typing(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && (t.isContentEditable || t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')
}

export function useCompareKeys(): void {
  const { actions } = useCompare()
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return
      if (e.key === ' ' && !(e.target instanceof HTMLButtonElement) && !(e.target instanceof HTMLElement && e.target.tagName === 'SUMMARY')) {
        e.preventDefault()
        actions.togglePlay()
      } else if (e.key === 'ArrowRight') {
        e.preventDefault()
        actions.step()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [actions])
}
