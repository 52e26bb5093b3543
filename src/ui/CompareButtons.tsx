// The single page's way into compare mode, one menu: "eager vs cooperative" (the scenario side by
// side from 0 s), with a hot key the four answers to its lane (from 0 s), and "Fork to compare"
// (from this moment: the run as it is against one change).

import { useRef, type ReactNode } from 'react'
import { settingsBefore } from '../scenario/liveOverrides.ts'
import { forkChoices, hotLaneAnswerSides, type ForkChoice } from '../store/compareEdits.ts'
import { useAppStore, useAppStoreApi } from '../store/useAppStore.ts'
import { FORK_MENU_ITEMS, useDismissDetails } from './useDismissDetails.ts'
import { keepInWindowX } from './useMenuBox.ts'

export function CompareButtons(p: { compare: (fork?: ForkChoice) => void; answers?: (() => void) | undefined }): ReactNode {
  const store = useAppStoreApi()
  // The choices depend on the settings now; read when the scenario changes, not per frame.
  const scenario = useAppStore((s) => s.scenario)
  const sec = Math.floor(store.getState().simTime / 1000)
  const choices = forkChoices(settingsBefore(scenario, sec))
  // The consumer-side answers cannot be forked to (group type, Parallel Consumer, assignor hold from
  // the start): a teacher found only salting here and built the other three with Add side and Strategy.
  const answers = p.answers !== undefined && hotLaneAnswerSides(scenario) !== null ? p.answers : undefined
  const details = useRef<HTMLDetailsElement>(null)
  useDismissDetails(details, FORK_MENU_ITEMS)
  return (
    <details
      ref={details}
      className="fork"
      onToggle={(e) => {
        const menu = e.currentTarget.querySelector<HTMLElement>('.fork-menu')
        if (e.currentTarget.open && menu !== null) keepInWindowX(menu, window.innerWidth)
      }}
    >
      <summary>Compare</summary>
      <div className="fork-menu">
        <button type="button" onClick={() => p.compare()} title="Open this scenario side by side under eager and cooperative rebalancing, same seed, one clock">
          Compare eager and cooperative <span className="when">(from the start)</span>
        </button>
        {answers !== undefined ? (
          <button type="button" onClick={answers} title="The hot key's lane four ways, one clock: salting it, a share group (two members a lane), the Parallel Consumer in key order and a lag-aware assignor (which acts at the next rebalance: add a consumer to see it)">
            Four answers to the hot lane: salting, share group, Parallel Consumer, lag-aware <span className="when">(from the start)</span>
          </button>
        ) : null}
        <div role="group" aria-label="Fork to compare" className="fork-group">
          <p className="dim small">
            <strong>Fork to compare</strong>: side A keeps the run as it is (“before”), side B gets one change. Both open paused at this moment.
          </p>
          {choices.map((c) => (
            <button key={c.id} type="button" onClick={() => p.compare(c)}>
              {c.title} <span className="when">{c.live ? '(from this moment)' : '(from the start: cannot change during a run)'}</span>
            </button>
          ))}
        </div>
      </div>
    </details>
  )
}
