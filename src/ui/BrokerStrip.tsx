// The broker strip above the highway: one box per broker (leaders, in-rate bar, HOT / AT CAPACITY
// in words, capacity bar when set). Follows the frames at 4 Hz (broker rates change once a second).
// The strip is one Tab stop whose arrow keys read each broker's whole description (useTipGroup);
// each broker's name is a button of its own (its fault menu) and keeps its Tab stop.

import { useId, useRef, type ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { brokerBoxes } from '../view/brokerStrip.ts'
import { useThrottled } from './useThrottled.ts'
import { useTipGroup } from './useTipGroup.ts'

export function BrokerStrip(): ReactNode {
  const brokers = useThrottled((s) => s.frame?.brokers ?? null, 250)
  const selectBroker = useAppStore((s) => s.selectBroker)
  // The same list from the first render (empty, and hidden by CSS, until the brokers are known):
  // the tip group holds the element it was mounted with.
  const strip = useRef<HTMLUListElement>(null)
  useTipGroup(strip)
  const hint = useId()
  const boxes = brokers === null ? [] : brokerBoxes(brokers)
  const none = boxes.length === 0
  return (
    <>
    <span id={hint} className="sr-only">
      Arrow keys: each broker and what it holds
    </span>
    <ul ref={strip} className="broker-strip" aria-label={none ? undefined : 'Brokers'} aria-hidden={none ? true : undefined} tabIndex={none ? undefined : 0} aria-describedby={none ? undefined : hint}>
      {boxes.map((b) => (
        <li
          key={b.id}
          className={`broker${b.hot ? ' broker-hot' : ''}${b.saturated ? ' broker-saturated' : ''}${b.up ? '' : ' broker-down'}`}
          aria-label={b.description}
          title={b.description}
          data-broker={b.id + 1}
          data-in-rate={b.inRate}
          data-leaders={b.leaders}
          data-hot={b.hot ? 'true' : 'false'}
          data-coordinator={b.coordinator ? 'true' : 'false'}
        >
          <div className="broker-head">
            {/* The name opens the broker's fault menu (BrokerMenu): crash, shut down, restart, slow disk. Its
                accessible name holds both its visible forms ("Broker 1", and "b1" on a short screen). */}
            <button
              type="button"
              className="broker-name"
              aria-haspopup="menu"
              aria-label={`${b.name}, ${b.short}: crash, shut down, restart or slow disk`}
              onClick={(e) => {
                const r = e.currentTarget.getBoundingClientRect()
                selectBroker({ index: b.id, x: r.left, y: r.bottom })
              }}
            >
              <b className="broker-long">{b.name}</b>
              <b className="broker-short">{b.short}</b>
            </button>
            {/* A narrow compare side shows the short form ("AT CAP."): the whole word cut the box's line. */}
            {b.badge !== '' ? (
              <span className="broker-badge">
                <span className="badge-long">{b.badge}</span>
                {b.badgeShort !== b.badge ? (
                  <span className="badge-short" aria-hidden="true">
                    {b.badgeShort}
                  </span>
                ) : null}
              </span>
            ) : null}
            {/* The group's coordinator lives here (the leader of its __consumer_offsets partition). */}
            {b.coordinator ? (
              <span className="broker-badge broker-coordinator" title="Group coordinator: leads the group's __consumer_offsets partition">
                {/* A narrow compare side shows "COORD.": the whole word took a broker box to three lines. */}
                <span className="badge-long">COORDINATOR</span>
                <span className="badge-short" aria-hidden="true">
                  COORD.
                </span>
              </span>
            ) : null}
            {(brokers?.[b.id]?.slowFactor ?? 1) > 1 ? (
              <span className="broker-badge">
                <span className="badge-long">SLOW DISK ×{brokers?.[b.id]?.slowFactor}</span>
                <span className="badge-short" aria-hidden="true">
                  SLOW ×{brokers?.[b.id]?.slowFactor}
                </span>
              </span>
            ) : null}
          </div>
          {(() => {
            // The controller's countdown to fencing a dead broker (broker.session.timeout.ms), as member
            // cards show theirs, in the figures' line (a dead broker appends nothing; its leaders are in
            // the tooltip until the controller moves them): as an extra line it made the strip taller
            // at the crash, and the lanes under it re-laid out in the room's sight. On a short screen
            // "controller " goes (styles.css), so "notices in 7.6 s" keeps to the one line.
            const n = brokers?.[b.id]?.noticeInMs ?? null
            return n === null ? (
              <div className="broker-figures">
                <span className="broker-leaders">{b.leadersText}</span>
                <span>{b.rateText}</span>
              </div>
            ) : (
              <div className="broker-countdown" title={`The controller notices in ${(n / 1000).toFixed(1)} s: broker.session.timeout.ms without a heartbeat`}>
                <span className="broker-countdown-who">controller </span>
                <span className="broker-countdown-verb">notices </span>in {(n / 1000).toFixed(1)} s
              </div>
            )
          })()}
          <div className="broker-bar" aria-hidden="true">
            <div className="broker-bar-fill" style={{ width: `${(b.inFrac * 100).toFixed(1)}%` }} />
          </div>
          {b.capFrac !== null ? (
            <div className="broker-bar broker-cap" aria-hidden="true">
              <div className="broker-bar-fill" style={{ width: `${(b.capFrac * 100).toFixed(1)}%` }} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
    </>
  )
}
