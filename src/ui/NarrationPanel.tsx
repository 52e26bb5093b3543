// The event log in plain words, each line stamped with its sim time; newest at the top.
// In presenter mode a long line is cut to a few lines, with "Read all" (useCutLines.ts).

import { useRef, type ReactNode } from 'react'
import { countdownLines } from '../sim/countdownWords.ts'
import { narrate } from '../sim/narration.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { breakAtDots } from './fields.tsx'
import { SCROLL_COLUMN } from './keyTargets.ts'
import { useCutLines } from './useCutLines.ts'
import { useThrottled } from './useThrottled.ts'

function tone(kind: string): string {
  if (kind.startsWith('group.')) return 'group'
  if (kind.startsWith('member.')) return 'member'
  if (kind.startsWith('hotspot.') || kind.startsWith('dynamic.')) return 'hot'
  return 'other'
}

export function NarrationPanel(): ReactNode {
  const lines = useThrottled((s) => s.narration, 250)
  const shown = lines.slice(-60).reverse()
  // What the room is waiting for now (a session running down, a long poll, a delay): one string,
  // so the panel re-renders only when the words change.
  const waiting = useThrottled((s) => (s.frame ? countdownLines(s.frame).join('\n') : ''), 250)
  const presenter = useAppStore((s) => s.presenter)
  const log = useRef<HTMLDivElement>(null)
  const cut = useCutLines(log, presenter)
  return (
    <section className="panel narration" aria-labelledby="narr-h">
      <h2 id="narr-h">What just happened</h2>
      {waiting === '' ? null : (
        <ul className="countdowns" aria-label="Waiting for">
          {waiting.split('\n').map((line) => (
            <li key={line.replace(/[\d.]+ s/g, '')} className="n-countdown">
              <time>now</time> {breakAtDots(line)}
            </li>
          ))}
        </ul>
      )}
      {/* The log scrolls, so it takes keyboard focus (arrows, Page Down / Page Up and Space scroll it: keyTargets); the list keeps its items. */}
      <div ref={log} className="log" role="log" aria-live="off" aria-labelledby="narr-h" tabIndex={0} {...{ [SCROLL_COLUMN]: '' }}>
        <ol>
          {shown.length === 0 ? <li className="dim">Nothing yet: events appear here as they happen.</li> : null}
          {shown.map((e, i) => {
            const words = narrate(e.fact)
            // Which line "Read all" opened: its moment and words (its list key shifts as old lines go).
            const id = `${e.t}|${words}`
            const open = cut.open.has(id)
            return (
              <li key={`${e.t}-${lines.length - i}`} className={`n-${tone(e.fact.kind)}${open ? ' n-open' : ''}`}>
                <span className={presenter && !open ? 'n-line n-clamp' : 'n-line'} data-line={id}>
                  <time>{(e.t / 1000).toFixed(1)} s</time> {breakAtDots(words)}
                </span>
                {open || cut.cut.has(id) ? (
                  <button type="button" className="link n-more" aria-expanded={open} onClick={(ev) => cut.toggle(id, ev.currentTarget)}>
                    {open ? 'Show less' : 'Read all'}
                  </button>
                ) : null}
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}
