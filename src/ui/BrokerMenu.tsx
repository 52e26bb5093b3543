// The menu a click on a broker box opens: crash it, shut it down (controlled), restart it, slow its
// disk (or make it normal again). Keyboard: the first item takes focus, arrows move, Esc closes (menuKeys).

import { type ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { usePopupMenu } from './usePopupMenu.ts'
import { menuKeys } from './useMenuBox.ts'

/** How many times slower a "slow disk" makes the broker's appends. */
export const SLOW_DISK_FACTOR = 4

export function BrokerMenu(): ReactNode {
  const sel = useAppStore((s) => s.selectedBroker)
  const close = useAppStore((s) => s.selectBroker)
  const { inject } = useActions()
  // Primitives, so the open menu re-renders only when this broker's state changes, not per frame.
  const up = useAppStore((s) => (sel === null ? true : (s.frame?.brokers?.[sel.index]?.up ?? true)))
  const slow = useAppStore((s) => (sel === null ? 1 : (s.frame?.brokers?.[sel.index]?.slowFactor ?? 1)))
  const noticeInMs = useAppStore((s) => (sel === null ? null : (s.frame?.brokers?.[sel.index]?.noticeInMs ?? null)))
  const stopping = useAppStore((s) => (sel === null ? false : s.frame?.brokers?.[sel.index]?.stopping === true))
  const { first, menu } = usePopupMenu(sel, close)
  if (sel === null) return null
  const name = `Broker ${sel.index + 1}`
  const act = (f: () => void) => () => {
    f()
    close(null)
  }
  const number = sel.index + 1
  return (
    <div ref={menu} className="menu" role="menu" aria-label={`Actions for ${name}`} style={{ left: sel.x, top: sel.y + 4 }} onKeyDown={menuKeys(() => close(null))}>
      <div className="menu-title">{name}</div>
      {!up ? (
        <p className="menu-note">
          {noticeInMs !== null && noticeInMs > 0
            ? `Down. The controller notices in ${(noticeInMs / 1000).toFixed(1)} s (no heartbeats for broker.session.timeout.ms).`
            : 'Down. The controller has fenced it; its partitions have new leaders where an in-sync replica was alive.'}
        </p>
      ) : null}
      {stopping ? <p className="menu-note">Shutting down. Its leaders have moved; it stops once the controller allows it.</p> : null}
      {up ? (
        <>
          <button ref={first} type="button" role="menuitem" onClick={act(() => inject({ do: 'crashBroker', broker: number }))}>
            Crash broker (its heartbeats stop)
          </button>
          {stopping ? null : (
            <button type="button" role="menuitem" onClick={act(() => inject({ do: 'shutdownBroker', broker: number }))}>
              Shut down broker (controlled: its leaders move first)
            </button>
          )}
          {slow > 1 ? (
            <button type="button" role="menuitem" onClick={act(() => inject({ do: 'slowBroker', broker: number, factor: 1 }))}>
              Disk back to normal
            </button>
          ) : (
            <button type="button" role="menuitem" onClick={act(() => inject({ do: 'slowBroker', broker: number, factor: SLOW_DISK_FACTOR }))}>
              Slow disk ×{SLOW_DISK_FACTOR} (appends take {SLOW_DISK_FACTOR}× longer)
            </button>
          )}
        </>
      ) : (
        <button ref={first} type="button" role="menuitem" onClick={act(() => inject({ do: 'restartBroker', broker: number }))}>
          Restart broker (it catches up and rejoins)
        </button>
      )}
      <button type="button" role="menuitem" className="ghost" onClick={() => close(null)}>
        Close
      </button>
    </div>
  )
}
