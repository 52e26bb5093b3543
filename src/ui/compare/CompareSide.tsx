// One side of the comparison: a header (label, strategy in words, its strategy controls), its
// difference strip, its broker strip (as on one highway), and its highway. The single
// page's panels are reused inside the side's own store and actions (a fault from its consumer or
// broker menu goes to every side: see compareSession); its "Rebalance cluster…" runs on this side
// alone (injectSide), so one side can be rebalanced and the other not, on one clock.

import { useMemo, useRef, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { describeCommand } from '../../scenario/describeCommand.ts'
import { settingsBefore } from '../../scenario/liveOverrides.ts'
import { formatVariant } from '../../scenario/overrides.ts'
import type { Scenario } from '../../scenario/types.ts'
import { strategySummary } from '../../store/compareEdits.ts'
import { MIN_SIDES } from '../../store/compareStore.ts'
import type { AppStore } from '../../store/createAppStore.ts'
import { AppStoreProvider } from '../../store/useAppStore.ts'
import { ActionsContext } from '../actions.ts'
import { BrokerMenu } from '../BrokerMenu.tsx'
import { BrokerStrip } from '../BrokerStrip.tsx'
import { ClusterPlanPanel } from '../ClusterPlanPanel.tsx'
import { ConsumerMenu } from '../ConsumerMenu.tsx'
import { useDismissDetails } from '../useDismissDetails.ts'
import { LanesPanel } from '../LanesPanel.tsx'
import { PausedLanesNote } from '../PausedLanesNote.tsx'
import { useCompare } from './compareActions.ts'
import { DiffStrip, type CompareDiffs } from './DiffStrip.tsx'
import { SideStrategy } from './SideStrategy.tsx'
import { fitPopover, unplacePopover } from './fitPopover.ts'
import { useSummaryLine } from './summaryLine.ts'

/** The latest `atSec` among `s`'s actions at or before `clockMs` (−1: none yet), compared in whole ms as the clock is. */
export function lastActionBy(s: Scenario, clockMs: number): number {
  let last = -1
  for (const a of s.actions) if (Math.round(a.atSec * 1000) <= clockMs && a.atSec > last) last = a.atSec
  return last
}

/** "A", "B", … for the sides, so a teacher can say "side B". */
export const SIDE_LETTERS = ['A', 'B', 'C', 'D']

/** "replaying to 30.0 s… 40 %": a side brought to the clock (a restart, a link's t=, a side just added). */
function CatchingUp(p: { side: AppStore; toMs: number }): ReactNode {
  // Whole percents: re-rendered when the figure changes, not per frame.
  const pct = useStore(p.side, (s) => (p.toMs <= 0 ? 100 : Math.min(100, Math.floor((100 * (s.frame?.t ?? 0)) / p.toMs))))
  return (
    <span className="side-sync" role="status">
      replaying to {(p.toMs / 1000).toFixed(1)} s… {pct} %
    </span>
  )
}

/** "×": the side leaves (compare mode keeps at least two); the focus goes to "Add side". Not in a lesson: it keeps its sides. */
function RemoveSide(p: { index: number; label: string }): ReactNode {
  const { actions, sides } = useCompare()
  const letter = SIDE_LETTERS[p.index] ?? String(p.index + 1)
  const lessonAt = useStore(sides[0]!.store, (s) => s.lessonAt)
  if (lessonAt !== null) return null
  return (
    <button
      type="button"
      className="ghost side-remove"
      aria-label={`Remove side ${letter}: ${p.label}`}
      title={`Remove side ${letter} (the sides after it move up a letter)`}
      onClick={(e) => {
        const doc = e.currentTarget.ownerDocument
        actions.removeSide(p.index)
        setTimeout(() => doc.querySelector<HTMLElement>('.compare-toolbar .add-side > summary, .compare-toolbar button.add-side')?.focus(), 0)
      }}
    >
      ×
    </button>
  )
}

export function CompareSide(p: { index: number; diffs: CompareDiffs }): ReactNode {
  const { store, actions, sides } = useCompare()
  const side = sides[p.index]!
  const variant = useStore(store, (s) => s.variants[p.index])
  const scenario = useStore(side.store, (s) => s.scenario)
  // The settings in force: every action up to the clock's millisecond. Whole seconds missed a fork's
  // change (at 11.721 s) at the very moment the side opens paused, so "salted" showed salting off.
  // The selector gives the latest action time in force, so the header re-renders only when one lands.
  const inForce = useStore(store, (s) => lastActionBy(scenario, s.clock))
  const now = useMemo(() => settingsBefore(scenario, inForce), [scenario, inForce])
  const catchingUp = useStore(store, (s) => s.catchingUp[p.index] ?? null)
  const label = variant?.label ?? SIDE_LETTERS[p.index] ?? String(p.index + 1)
  const fork = variant?.atSec !== undefined ? ` (changed at ${variant.atSec} s)` : ''
  // This side's own commands (actions+), in words: "rebalance the cluster at 20.3 s".
  const own = (variant?.actions ?? []).map((a) => ` · ${describeCommand(a)} at ${a.atSec} s`).join('')
  // The broker strip as one highway decides it: whenever the side's run has brokers (every run
  // does: a scenario without a cluster runs on the default one). Sides of ordinary presets showed
  // none, so the same run had a strip on one highway and none beside its variant.
  const brokers = useStore(side.store, (s) => (s.frame?.brokers.length ?? 0) > 0)
  // "Rebalance cluster…" stays with the scenarios that set a cluster (a header's room is scarce).
  const cluster = scenario.cluster !== undefined
  // A side with its own group size (Members) says it: the sides' lanes differ by it, not by strategy alone.
  const members = variant?.set['group.consumers'] === undefined ? '' : ` · ${now.group.consumers} ${now.group.type === 'share' ? 'members' : 'consumers'}`
  const summary = `${strategySummary(now)}${members}${fork}${own}`
  const head = useRef<HTMLElement>(null)
  useSummaryLine(head, summary)
  const strategy = useRef<HTMLDetailsElement>(null)
  useDismissDetails(strategy)
  return (
    <AppStoreProvider store={side.store}>
      <ActionsContext.Provider value={side.actions}>
        <section className={`compare-side${brokers ? ' with-brokers' : ''}${cluster ? '' : ' default-cluster'}`} aria-label={`Side ${SIDE_LETTERS[p.index] ?? ''}: ${label}`}>
          <header className="side-head" ref={head}>
            <span className="side-letter" aria-hidden="true">
              {SIDE_LETTERS[p.index]}
            </span>
            {/* The lanes this side's brokers pause now, and why, as one highway's line says it: on the label's line (compare.css). */}
            <span className="side-title">
              <strong className="side-label">{label}</strong>
              <PausedLanesNote side />
            </span>
            <span className="side-summary" title={variant === undefined ? '' : formatVariant(variant)}>
              {summary}
            </span>
            {catchingUp !== null ? <CatchingUp side={side.store} toMs={catchingUp} /> : null}
            {cluster ? <ClusterPlanPanel run={(c) => actions.injectSide(p.index, c)} label={`Cluster rebalance: side ${SIDE_LETTERS[p.index] ?? p.index + 1}`} /> : null}
            <details
              ref={strategy}
              className="side-controls"
              onToggle={(e) => {
                const pop = e.currentTarget.querySelector<HTMLElement>('.side-strategy')
                if (pop === null) return
                if (e.currentTarget.open) fitPopover(pop, window.innerHeight)
                else unplacePopover(pop)
              }}
            >
              <summary>Strategy</summary>
              <SideStrategy label={label} s={now} edit={(e) => actions.editSide(p.index, e)} />
            </details>
            {sides.length > MIN_SIDES ? <RemoveSide index={p.index} label={label} /> : null}
          </header>
          <DiffStrip side={p.index} label={label} diffs={p.diffs} />
          {brokers ? <BrokerStrip /> : null}
          <LanesPanel />
          <ConsumerMenu />
          {/* A fault from a side's broker menu goes to every side (sideActions' inject), as a consumer fault does. */}
          {brokers ? <BrokerMenu /> : null}
        </section>
      </ActionsContext.Provider>
    </AppStoreProvider>
  )
}
