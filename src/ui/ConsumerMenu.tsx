// The menu a click on a consumer opens: inject a crash, a GC pause, a slowdown, or a graceful leave.

import { useEffect, useRef, type ReactNode } from 'react'
import { countdownText } from '../sim/countdownWords.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'

export const GC_PAUSE_MS = 5000
/** A restart as a deployment does it: close(), down for a while, start again. */
export const RESTART_DOWN_MS = 8000
/** The speed a slowed consumer keeps (0.25 = a quarter of its normal processing rate). */
export const SLOWED_SPEED = 0.25
/**
 * The simulation reads `slowConsumer.factor` as "times slower" (speed = 1 / factor, and its
 * narration says "processes 4× slower"), so a quarter of the speed is factor 4.
 */
export const SLOW_FACTOR = 1 / SLOWED_SPEED

export function ConsumerMenu(): ReactNode {
  const sel = useAppStore((s) => s.selectedConsumer)
  const close = useAppStore((s) => s.selectConsumer)
  const { inject } = useActions()
  // Its countdowns in words, as one string so the menu re-renders only when the words change.
  const waiting = useAppStore((s) => {
    const m = sel === null ? undefined : s.frame?.members.find((x) => x.name === sel.name)
    return m ? m.countdowns.map((c) => countdownText(c, m.name)).join('\n') : ''
  })
  const first = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (sel === null) return
    first.current?.focus()
    // A press anywhere outside the menu closes it (the press that opened it has already ended).
    const onDown = (e: PointerEvent): void => {
      if (!(e.target instanceof Node) || menu.current?.contains(e.target) !== true) close(null)
    }
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [sel, close])
  if (sel === null) return null
  const act = (f: () => void) => () => {
    f()
    close(null)
  }
  const left = Math.max(8, Math.min(sel.x, (typeof window === 'undefined' ? 1280 : window.innerWidth) - 260))
  return (
    <div
      ref={menu}
      className="menu"
      role="menu"
      aria-label={`Actions for ${sel.name}`}
      style={{ left, top: sel.y + 4 }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close(null)
      }}
    >
      <div className="menu-title">{sel.name}</div>
      {waiting === '' ? null : (
        <p className="menu-countdown small" role="status">
          {waiting.split('\n').map((line) => (
            <span key={line} className="countdown-line">
              {line}
            </span>
          ))}
        </p>
      )}
      <button ref={first} type="button" role="menuitem" onClick={act(() => inject({ do: 'crashConsumer', consumer: sel.name }))}>
        Crash (no goodbye)
      </button>
      <button type="button" role="menuitem" onClick={act(() => inject({ do: 'gcPause', consumer: sel.name, durationMs: GC_PAUSE_MS }))}>
        Stop-the-world GC pause ({GC_PAUSE_MS / 1000} s)
      </button>
      <button type="button" role="menuitem" onClick={act(() => inject({ do: 'slowConsumer', consumer: sel.name, factor: SLOW_FACTOR }))}>
        Slow down to {SLOWED_SPEED}× speed
      </button>
      <button type="button" role="menuitem" onClick={act(() => inject({ do: 'restartConsumer', consumer: sel.name, downMs: RESTART_DOWN_MS }))}>
        Restart ({RESTART_DOWN_MS / 1000} s down, clean shutdown)
      </button>
      <button type="button" role="menuitem" onClick={act(() => inject({ do: 'removeConsumer', consumer: sel.name }))}>
        Leave the group (clean shutdown)
      </button>
      <button type="button" role="menuitem" className="ghost" onClick={() => close(null)}>
        Close
      </button>
    </div>
  )
}
