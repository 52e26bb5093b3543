// A control clicked with the mouse does not keep keyboard focus: otherwise Space after clicking
// Step would step again instead of playing, and arrows after dragging Speed would move the speed.
// Controls reached by keyboard keep focus (and their keys). DOM listeners only; no state but the
// last input's kind.

import { useEffect } from 'react'

/** Controls that take keys of their own once focused, but need no focus after a click. */
function blurrable(el: Element): boolean {
  const tag = el.tagName
  if (tag === 'SUMMARY' || tag === 'SELECT') return true
  if (tag === 'BUTTON') return el.getAttribute('role') !== 'menuitem'
  if (tag !== 'INPUT') return false
  const type = (el as HTMLInputElement).type
  return type === 'checkbox' || type === 'radio' || type === 'range'
}

/** Installs the listeners on `win`; returns their removal. */
export function installPointerBlur(win: Window): () => void {
  let pointer = false
  const onPointer = (): void => {
    pointer = true
  }
  const onKey = (): void => {
    pointer = false
  }
  const settle = (): void => {
    const el = win.document.activeElement
    if (pointer && el !== null && blurrable(el)) (el as HTMLElement).blur()
  }
  win.addEventListener('pointerdown', onPointer, true)
  win.addEventListener('keydown', onKey, true)
  win.addEventListener('click', settle)
  win.addEventListener('change', settle)
  return () => {
    win.removeEventListener('pointerdown', onPointer, true)
    win.removeEventListener('keydown', onKey, true)
    win.removeEventListener('click', settle)
    win.removeEventListener('change', settle)
  }
}

export function usePointerBlur(): void {
  useEffect(() => installPointerBlur(window), [])
}
