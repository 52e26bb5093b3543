// The menu a click on a consumer opens: inject a crash, a GC pause, a slowdown, or a graceful leave,
// and undo a fault: restore a slowed consumer's speed, start a gone consumer's process again.

import { useEffect, useRef, type ReactNode } from 'react'
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
  // Primitives, so the open menu re-renders only when the consumer's state changes, not per frame.
  const phase = useAppStore((s) => s.frame?.members.find((m) => m.name === sel?.name)?.phase)
  const gone = phase === 'dead'
  // A process that is not running (not started yet, or down in a restart) takes no fault.
  const down = phase === 'starting' || phase === 'restarting'
  const slowed = useAppStore((s) => (s.frame?.members.find((m) => m.name === sel?.name)?.speed ?? 1) < 0.999)
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
      {down ? (
        <p className="menu-note" role="note">
          {phase === 'starting' ? 'Starting: its process is not running yet.' : 'Restarting: its process is down and will start again.'}
        </p>
      ) : gone ? (
        <button ref={first} type="button" role="menuitem" onClick={act(() => inject({ do: 'reviveConsumer', consumer: sel.name }))}>
          Revive (start the process again: it rejoins the group)
        </button>
      ) : (
        <>
          <button ref={first} type="button" role="menuitem" onClick={act(() => inject({ do: 'crashConsumer', consumer: sel.name }))}>
            Crash (no goodbye)
          </button>
          <button type="button" role="menuitem" onClick={act(() => inject({ do: 'gcPause', consumer: sel.name, durationMs: GC_PAUSE_MS }))}>
            Stop-the-world GC pause ({GC_PAUSE_MS / 1000} s)
          </button>
          {slowed ? (
            <button type="button" role="menuitem" onClick={act(() => inject({ do: 'slowConsumer', consumer: sel.name, factor: 1 }))}>
              Restore normal speed
            </button>
          ) : (
            <button type="button" role="menuitem" onClick={act(() => inject({ do: 'slowConsumer', consumer: sel.name, factor: SLOW_FACTOR }))}>
              Slow down to {SLOWED_SPEED}× speed
            </button>
          )}
          <button type="button" role="menuitem" onClick={act(() => inject({ do: 'restartConsumer', consumer: sel.name, downMs: RESTART_DOWN_MS }))}>
            Restart ({RESTART_DOWN_MS / 1000} s down, clean shutdown)
          </button>
          <button type="button" role="menuitem" onClick={act(() => inject({ do: 'removeConsumer', consumer: sel.name }))}>
            Leave the group (clean shutdown)
          </button>
        </>
      )}
      <button ref={down ? first : undefined} type="button" role="menuitem" className="ghost" onClick={() => close(null)}>
        Close
      </button>
    </div>
  )
}
