// The event log in plain words, each line stamped with its sim time; newest at the top.

import type { ReactNode } from 'react'
import { countdownLines } from '../sim/countdownWords.ts'
import { narrate } from '../sim/narration.ts'
import { breakAtDots } from './fields.tsx'
import { SCROLL_COLUMN } from './keyTargets.ts'
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
      <div className="log" role="log" aria-live="off" aria-labelledby="narr-h" tabIndex={0} {...{ [SCROLL_COLUMN]: '' }}>
        <ol>
          {shown.length === 0 ? <li className="dim">Nothing yet: events appear here as they happen.</li> : null}
          {shown.map((e, i) => (
            <li key={`${e.t}-${lines.length - i}`} className={`n-${tone(e.fact.kind)}`}>
              <time>{(e.t / 1000).toFixed(1)} s</time> {breakAtDots(narrate(e.fact))}
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
