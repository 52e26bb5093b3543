// "Rebalance cluster": shows the cluster balancer's plan at the moment shown (moves, bytes to copy,
// time under the chosen throttle, busiest broker before → after) and runs it as a live command;
// while it runs, the move in progress and how much of its copy is done. Compare mode puts one in
// each side's header, sending the command to that side alone (`run`).

import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { moveDurationMs } from '../kafka/clusterBalancer.ts'
import { brokerName, duration, megabytes } from '../sim/brokers/reassignNarration.ts'
import type { ClusterPlanView } from '../sim/brokers/planRun.ts'
import type { ReassignProgress } from '../sim/brokers/reassign.ts'
import type { Command } from '../store/types.ts'
import { useActions } from './actions.ts'
import { useThrottled } from './useThrottled.ts'
import { PausedLanesNote } from './PausedLanesNote.tsx'

/** Throttles a workshop can pick (bytes/s): kafka-reassign-partitions --throttle values. */
export const THROTTLES = [1_000_000, 10_000_000, 50_000_000, 500_000_000] as const
const SHOWN_MOVES = 12

/** The plan's total time under `throttle`, from each replica move's bytes and its partition's in-rate; Infinity = never. */
export function planMs(plan: ClusterPlanView, throttle: number): number {
  return plan.moves.reduce((s, m) => s + (m.kind === 'replica' ? moveDurationMs(m.bytes, throttle, m.bytesInPerSec) : 0), 0)
}

function busiest(xs: ClusterPlanView['before']): number {
  return xs.reduce((m, b) => Math.max(m, b.recordsInPerSec), 0)
}

/** `label`: the region's name (compare mode names each side's, so the landmarks differ). */
export function ClusterPlanPanel(p: { run?: (command: Command) => void; label?: string; paused?: boolean } = {}): ReactNode {
  const actions = useActions()
  // The single page's live command path by default; a compare side passes its own (that side only).
  const run = p.run ?? actions.inject
  // Ids of its own: compare mode shows one panel per side.
  const id = useId()
  const bodyId = `${id}-cluster-plan-body`
  const throttleId = `${id}-cluster-plan-throttle`
  const plan = useThrottled((s) => s.frame?.clusterPlan ?? null, 500)
  const progress = useThrottled((s) => s.frame?.reassign ?? null, 250)
  const [open, setOpen] = useState(false)
  const [throttle, setThrottle] = useState<number>(50_000_000)
  const running = progress?.running === true
  const toggle = useRef<HTMLButtonElement>(null)
  // Esc closes the open plan, as it closes the consumer and broker menus. On the window, in the
  // capture phase: a mouse click leaves no focus behind, so the key may not start inside the
  // panel, and the pages' own Esc (blur, back to all lane groups) must not see it first. Focus that was
  // in the panel goes back to its button, so a keyboard user is not dropped at the page's top.
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      const el = toggle.current
      const inside = el !== null && document.activeElement !== null && el.parentElement?.contains(document.activeElement) === true
      setOpen(false)
      // This Esc closed the plan and does nothing else (an open lane group stays open).
      e.preventDefault()
      if (inside) el.focus()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [open])
  return (
    <section className="panel cluster-plan" aria-label={p.label ?? 'Cluster rebalance'}>
      <button ref={toggle} type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        {/* "cluster" gives way on a narrow compare side, three or four sides two by two (compare.css); still read out. */}
        Rebalance<span className="cluster-plan-word"> cluster</span>…
      </button>
      {/* One highway: the lanes the brokers pause now, on this line beside the button (no row of its own). */}
      {p.paused === true ? <PausedLanesNote /> : null}
      {running && progress !== null ? <ProgressLine progress={progress} /> : null}
      {open ? (
        <div id={bodyId} className="cluster-plan-body">
          {plan === null ? (
            <p>No plan preview for a topic this large; running it still works and the narration lists each move.</p>
          ) : (
            <PlanBody plan={plan} throttle={throttle} />
          )}
          <label htmlFor={throttleId}>Copy throttle</label>{' '}
          <select id={throttleId} value={throttle} onChange={(e) => setThrottle(Number(e.target.value))}>
            {THROTTLES.map((t) => (
              <option key={t} value={t}>
                {megabytes(t)}/s
              </option>
            ))}
          </select>{' '}
          <button
            type="button"
            disabled={plan !== null && plan.moves.length === 0}
            onClick={() => run({ do: 'rebalanceCluster', throttleBytesPerSec: throttle })}
          >
            {running ? 'Re-plan and run' : 'Run the plan'}
          </button>
        </div>
      ) : null}
    </section>
  )
}

function PlanBody({ plan, throttle }: { plan: ClusterPlanView; throttle: number }): ReactNode {
  // At 0 s nothing has been appended yet: every broker is at 0 records/s, "even", and the plan empty.
  // Saying "no move would make the brokers more even" then, over a story about a hot broker, misled.
  if (plan.moves.length === 0 && busiest(plan.before) === 0) return <p>No load measured yet: the brokers' in-rates come after the run's first second.</p>
  if (plan.moves.length === 0) return <p>Nothing to do: no move would make the brokers more even.</p>
  const ms = planMs(plan, throttle)
  return (
    <>
      <p>
        {plan.leaderMoves} leader move{plan.leaderMoves === 1 ? '' : 's'} (no data copied), {plan.replicaMoves} replica move
        {plan.replicaMoves === 1 ? '' : 's'}
        {plan.replicaMoves > 0 ? ` copying ${megabytes(plan.bytesToMove)}, ${Number.isFinite(ms) ? `about ${duration(ms)}` : duration(ms)}` : ''}. Busiest
        broker {Math.round(busiest(plan.before))} → {Math.round(busiest(plan.after))} records/s.
      </p>
      <ol aria-label="Planned moves">
        {plan.moves.slice(0, SHOWN_MOVES).map((m, i) => (
          <li key={i}>
            P{m.partition}: {m.kind === 'leader' ? 'leader' : 'replica'} {brokerName(m.from)} → {brokerName(m.to)}
            {m.kind === 'replica' ? ` · ${megabytes(m.bytes)}, ${duration(moveDurationMs(m.bytes, throttle, m.bytesInPerSec))}` : ''}
          </li>
        ))}
      </ol>
      {plan.moves.length > SHOWN_MOVES ? <p>… and {plan.moves.length - SHOWN_MOVES} more.</p> : null}
    </>
  )
}

function ProgressLine({ progress }: { progress: ReassignProgress }): ReactNode {
  const c = progress.current
  const pct = c === null ? null : Math.floor(c.fraction * 100)
  return (
    <span className="cluster-progress">
      <span role="status" aria-live="polite">
        Rebalancing: move {Math.min(progress.done + 1, progress.total)} of {progress.total}
        {c !== null ? ` — P${c.partition} copying to ${brokerName(c.to)}, ${pct} %` : ''}
      </span>
      {c !== null ? (
        <progress max={100} value={pct!} aria-label={`P${c.partition} copied to ${brokerName(c.to)}`}>
          {pct} %
        </progress>
      ) : null}
    </span>
  )
}
