// The menu a click on a consumer opens: inject a crash, a GC pause, a slowdown, or a graceful leave,
// and undo a fault: restore a slowed consumer's speed, start a gone consumer's process again.

import { useId, type ReactNode } from 'react'
import { countdownText } from '../sim/countdownWords.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { menuKeys } from './useMenuBox.ts'
import { placeMenu, usePopupMenu } from './usePopupMenu.ts'

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

export { placeMenu }

export function ConsumerMenu(): ReactNode {
  const sel = useAppStore((s) => s.selectedConsumer)
  const close = useAppStore((s) => s.selectConsumer)
  const { inject } = useActions()
  // Its countdowns in words, as one string so the menu re-renders only when the words change.
  const waiting = useAppStore((s) => {
    const m = sel === null ? undefined : s.frame?.members.find((x) => x.name === sel.name)
    return m ? m.countdowns.map((c) => countdownText(c, m.name)).join('\n') : ''
  })
  // Primitives, so the open menu re-renders only when the consumer's state changes, not per frame.
  const phase = useAppStore((s) => s.frame?.members.find((m) => m.name === sel?.name)?.phase)
  const gone = phase === 'dead'
  // A process that is not running (not started yet, or down in a restart) takes no fault.
  const down = phase === 'starting' || phase === 'restarting'
  const slowed = useAppStore((s) => (s.frame?.members.find((m) => m.name === sel?.name)?.speed ?? 1) < 0.999)
  const { first, menu } = usePopupMenu(sel, close)
  const menuId = useId()
  if (sel === null) return null
  const act = (f: () => void) => () => {
    f()
    close(null)
  }
  return (
    <div
      ref={menu}
      className="menu"
      role="menu"
      aria-label={`Actions for ${sel.name}`}
      // Its state in words (a countdown, "not started yet") describes the menu: a role=menu may
      // hold only menu items, so these lines carry no role of their own.
      aria-describedby={waiting !== '' || down ? `${menuId}-about` : undefined}
      style={{ left: sel.x, top: sel.y + 4 }}
      // ↓ / ↑ move between its items as in the page's other menus; Esc is handled there, so the
      // page's Esc (which blurs) leaves the focus given back to the consumer's card alone.
      onKeyDown={menuKeys(() => close(null))}
    >
      <div className="menu-title">{sel.name}</div>
      {waiting !== '' || down ? (
        <div id={`${menuId}-about`}>
          {waiting === '' ? null : (
            <p className="menu-countdown small">
              {waiting.split('\n').map((line) => (
                <span key={line} className="countdown-line">
                  {line}
                </span>
              ))}
            </p>
          )}
          {down ? (
            <p className="menu-note">
              {phase === 'starting' ? 'Starting: its process is not running yet.' : 'Restarting: its process is down and will start again.'}
            </p>
          ) : null}
        </div>
      ) : null}
      {down ? null : gone ? (
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
