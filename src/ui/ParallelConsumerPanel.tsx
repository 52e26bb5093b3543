// Head-of-line blocking, in words and a mark: for each consumer running the Parallel Consumer, how
// many of its threads work, and which key (or partition) the idle ones wait behind. Strangers'
// key names are rendered as text, never as HTML.

import type { ReactNode } from 'react'
import type { Frame } from '../sim/frameTypes.ts'
import { useAppStore } from '../store/useAppStore.ts'

interface Row {
  name: string
  busy: number
  held: number
  blocked: { partition: number; key: string | null } | null
}

interface Shown {
  ordering: string
  threads: number
  rows: Row[]
  blockedSec: number
}

/** What the panel shows, as a string: equal strings mean nothing to redraw (frames stream fast). */
export function parallelText(f: Frame | null): string {
  const pv = f?.parallel
  if (!f || !pv) return ''
  const rows: Row[] = []
  pv.members.forEach((m, i) => {
    if (m && f.members[i]) rows.push({ name: f.members[i].name, busy: m.busy, held: m.held, blocked: m.blockedBy })
  })
  const shown: Shown = { ordering: pv.ordering, threads: pv.maxConcurrency, rows, blockedSec: Math.round(pv.blockedMs / 1000) }
  return JSON.stringify(shown)
}

/** What the head-of-line seconds add up, for the figure's tooltip. */
export function blockedWords(ordering: string): string {
  const what = ordering === 'partition' ? 'partition' : 'key'
  return (
    `Seconds in which a consumer had worker threads idle while records queued behind one busy ${what} ` +
    `(${ordering === 'unordered' ? 'never, unordered: any thread takes any record' : `${what} order runs them one at a time`}), ` +
    'added up over all the consumers since the run began (0 s). Time lost to ordering, not how long a record waited: that is p99.'
  )
}

export function ParallelConsumerPanel(): ReactNode {
  const text = useAppStore((st) => parallelText(st.frame))
  if (text === '') return null
  const s = JSON.parse(text) as Shown
  return (
    <section className="parallel-panel" aria-labelledby="pc-title" data-testid="parallel-panel">
      {/* The run's total, not a wait: beside a lane's small lag, "blocked so far: 27 s" read as 27 s
          of delay now. It is consumer time (pcPoll.ts blockedMs): from a consumer's first idle thread
          until the chain holding records back ends, added up over the consumers since 0 s. Said in
          a few words on the heading's line (a line more cost the highway its lane names at 1024×768),
          whole in the figure's tooltip, which keyboard focus shows too (TitleTip). */}
      <h2 id="pc-title" className="small">
        Parallel Consumer ({s.ordering === 'unordered' ? 'unordered' : `${s.ordering} order`}, {s.threads} threads each) ·{' '}
        <span className="pc-blocked" tabIndex={0} title={blockedWords(s.ordering)}>
          head-of-line blocking: <b data-testid="pc-blocked-seconds">{s.blockedSec}</b>{'\u00a0'}s with idle threads, all consumers since{'\u00a0'}0{'\u00a0'}s
        </span>
      </h2>
      <ul>
        {s.rows.map((r) => (
          <li key={r.name} data-blocked={r.blocked ? 'true' : 'false'}>
            {r.blocked ? (
              <span className="hol-mark" role="img" aria-label="head-of-line blocked">
                ‖ blocked
              </span>
            ) : null}{' '}
            <strong>{r.name}</strong>: {r.busy} of {s.threads} threads busy, {r.held} records held
            {r.blocked ? (
              <span>
                {' '}
                — {s.threads - r.busy} threads wait behind {r.blocked.key !== null ? <>key “{r.blocked.key}” on P{r.blocked.partition}</> : <>partition P{r.blocked.partition}</>}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
