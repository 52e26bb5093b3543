// The single page's ways into compare mode: "Compare" (the scenario under eager and cooperative,
// from 0 s) and "Fork to compare" (from this moment: the run as it is against one strategy change).

import type { ReactNode } from 'react'
import { settingsBefore } from '../scenario/liveOverrides.ts'
import { forkChoices, type ForkChoice } from '../store/compareEdits.ts'
import { useAppStore, useAppStoreApi } from '../store/useAppStore.ts'

export function CompareButtons(p: { compare: (fork?: ForkChoice) => void }): ReactNode {
  const store = useAppStoreApi()
  // Re-rendered when the menu opens (below), not per frame: the choices depend on the settings now.
  const scenario = useAppStore((s) => s.scenario)
  const sec = Math.floor(store.getState().simTime / 1000)
  const choices = forkChoices(settingsBefore(scenario, sec))
  return (
    <>
      <button type="button" onClick={() => p.compare()} title="Open this scenario side by side under eager and cooperative rebalancing, same seed, one clock">
        Compare
      </button>
      <details className="fork">
        <summary>Fork to compare</summary>
        <div className="fork-menu" role="group" aria-label="Fork to compare: pick a change">
          <p className="dim small">Side A keeps the run as it is (“before”); side B gets the change. Both open paused at this moment.</p>
          {choices.map((c) => (
            <button key={c.id} type="button" onClick={() => p.compare(c)}>
              {c.title} <span className="when">{c.live ? '(from this moment)' : '(from the start: cannot change during a run)'}</span>
            </button>
          ))}
        </div>
      </details>
    </>
  )
}
