// The broker strip above the highway: one box per broker (leaders, in-rate bar, HOT / AT CAPACITY
// in words, capacity bar when set). Follows the frames at 4 Hz (broker rates change once a second).

import type { ReactNode } from 'react'
import { brokerBoxes } from '../view/brokerStrip.ts'
import { useThrottled } from './useThrottled.ts'

export function BrokerStrip(): ReactNode {
  const brokers = useThrottled((s) => s.frame?.brokers ?? null, 250)
  if (brokers === null || brokers.length === 0) return <div className="broker-strip" aria-hidden="true" />
  const boxes = brokerBoxes(brokers)
  return (
    <ul className="broker-strip" aria-label="Brokers">
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
        >
          <div className="broker-head">
            <b>{b.name}</b>
            {b.badge !== '' ? <span className="broker-badge">{b.badge}</span> : null}
          </div>
          <div className="broker-figures">
            <span>{b.leadersText}</span>
            <span>{b.rateText}</span>
          </div>
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
  )
}
