// The presenter-mode toggle: big type, projector colours, no developer readouts (key P).

import type { ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'

/** The toggle itself, for a page that keeps the mode elsewhere (compare mode: on every side). */
export function PresenterToggle({ on, onToggle }: { on: boolean; onToggle: () => void }): ReactNode {
  return (
    <button
      type="button"
      className="presenter-toggle"
      aria-pressed={on}
      aria-keyshortcuts="P"
      title="Big type and high-contrast colours for a projector; hides developer readouts (P)"
      onClick={onToggle}
    >
      Presenter<span className="wide-only"> mode</span>
    </button>
  )
}

export function PresenterButton(): ReactNode {
  const on = useAppStore((s) => s.presenter)
  const set = useAppStore((s) => s.setPresenter)
  return <PresenterToggle on={on} onToggle={() => set(!on)} />
}
