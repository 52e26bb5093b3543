// The Load section of the controls: producer rate, hot-key share, key mix and cost. Shared by the
// single page's ControlsPanel and compare mode's shared controls (where it acts on every side).

import type { ReactNode } from 'react'
import { hotKeyName, hotKeyShare, keyCount, producerRate, zipfSkew, type ScenarioEdit } from '../store/scenarioEdits.ts'
import type { Scenario } from '../store/types.ts'
import { NumberField, RangeField } from './fields.tsx'

export function fmtRate(v: number): string {
  return v >= 1e6 ? `${(v / 1e6).toFixed(2)}M/s` : v >= 1e3 ? `${(v / 1e3).toFixed(1)}k/s` : `${v}/s`
}

/** The brokers at their append capacity, in words: "broker 1", "brokers 1 and 3", or '' for none. */
export function atCapacityWords(brokers: ReadonlyArray<{ id: number; up: boolean; saturated: boolean }> | undefined): string {
  const ids = (brokers ?? []).filter((b) => b.up && b.saturated).map((b) => String(b.id + 1))
  if (ids.length === 0) return ''
  return ids.length === 1 ? `broker ${ids[0]}` : `brokers ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`
}

export interface LoadSectionProps {
  /** The settings shown. */
  s: Scenario
  /** The rate actually appended over the last second (rounded), or null before the first sample. */
  actualRate: number | null
  /** The brokers at their append capacity now, in words ("broker 1"), or '' (none, or not known). */
  atCapacity?: string
  /** Whose run the appended rate is, where the controls act on several (compare mode: "side A"). */
  whose?: string
  edit: (e: ScenarioEdit) => void
}

export function LoadSection({ s, actualRate, atCapacity = '', whose, edit }: LoadSectionProps): ReactNode {
  const rate = producerRate(s)
  const rateMax = Math.max(200_000, Math.pow(10, Math.ceil(Math.log10(Math.max(1, rate * 1.5)))))
  const keys = s.producers[0]?.keys
  const count = keys === undefined ? 0 : keyCount(keys)
  const hotKey = hotKeyName(s)
  // Own keys only: a hot key named "constructor" must not find Object.prototype's.
  const keyCost = s.producers[0]?.keyCost ?? {}
  const cost = Object.hasOwn(keyCost, hotKey) ? (keyCost[hotKey] ?? 1) : 1
  return (
  <section aria-labelledby="sec-load">
    <h2 id="sec-load">Load</h2>
    <RangeField
      label="Producer rate"
      value={rate}
      min={0}
      max={rateMax}
      step={100}
      format={fmtRate}
      onChange={(v) => edit({ kind: 'rate', perSec: v })}
      hint="Records per second, all producers"
      // Why less is appended than sent: named when it is a broker at capacity (broker-hotspot: the
      // reasons listed were rate shape, script, a full lane or no leader, none of them the one).
      {...(actualRate !== null && Math.abs(actualRate - rate) > Math.max(200, 0.1 * rate)
        ? { note: `${whose !== undefined ? `${whose}: ` : ''}${atCapacity !== '' ? `${fmtRate(actualRate)} appended now: ${atCapacity} at capacity, the rest waits in the producers` : `${fmtRate(actualRate)} appended now (rate shape, script, a full lane or broker, or no leader)`}` }
        : {})}
    />
    <RangeField
      label="Hot-key share"
      value={hotKeyShare(s)}
      min={0}
      max={0.95}
      step={0.01}
      format={(v) => `${Math.round(v * 100)}%`}
      // At 0 % no key is hot (broker-failure's slider sits there): name the key raising it makes hot.
      note={hotKeyShare(s) > 0 ? `hot key: ${hotKey}` : `no hot key (raised: ${hotKey})`}
      onChange={(v) => edit({ kind: 'hotKeyShare', share: v })}
      hint="Fraction of all records that carry the one hot key"
    />
    <details>
      <summary>Key mix and cost</summary>
    <RangeField label="Zipf skew" value={zipfSkew(s)} min={0} max={2} step={0.05} format={(v) => (v === 0 ? 'off' : `s = ${v.toFixed(2)}`)} onChange={(v) => edit({ kind: 'zipf', s: v })} hint="Key popularity follows Zipf(s); 0 = off" />
    <NumberField label="Key count" value={count} min={1} max={1_000_000} onCommit={(v) => edit({ kind: 'keyCount', count: v })} />
    <RangeField label="Hot-key record cost" value={cost} min={1} max={10} step={0.5} format={(v) => `${v}× processing`} onChange={(v) => edit({ kind: 'hotKeyCost', cost: v })} hint="How much longer a hot-key record takes to process" />
    </details>
  </section>
  )
}
