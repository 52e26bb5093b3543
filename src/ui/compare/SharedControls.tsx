// The controls every side shares: the load (rate, hot-key share, key mix and cost), partitions and
// consumers, and a rolling restart. Each acts on every side at the same simulated moment.

import { useMemo, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { settingsBefore } from '../../scenario/liveOverrides.ts'
import { NumberField } from '../fields.tsx'
import { atCapacityWords, LoadSection } from '../LoadSection.tsx'
import { ConsumersField } from '../ConsumersField.tsx'
import { useCompare } from './compareActions.ts'

export function SharedControls(): ReactNode {
  const { store, actions, sides } = useCompare()
  const first = sides[0]!.store
  const sec = useStore(store, (s) => Math.floor(s.clock / 1000))
  const scenario = useStore(first, (s) => s.scenario)
  const s = useMemo(() => settingsBefore(scenario, sec), [scenario, sec])
  const actualRate = useStore(first, (st) => {
    const m = st.metrics.items
    const last = m.length > 0 ? m[m.length - 1] : undefined
    return last ? Math.round(last.inRate / 100) * 100 : null
  })
  // The topic's partitions as side A's run has them (an add the controller refused, every broker
  // fenced, leaves them below the settings), as one highway's field says (useTopicPartitions.ts).
  // The appended rate and the brokers at capacity are side A's: the note says so (each side's
  // strategy can append differently; the rate slider's setting is every side's).
  const atCapacity = useStore(first, (st) => atCapacityWords(st.frame?.brokers))
  const refused = useStore(first, (st) => st.frame?.refusedPartitions ?? 0)
  const partitions = Math.max(1, s.topic.partitions - refused)
  const edit = actions.editShared
  return (
    <div className="controls">
      <p className="dim small">These act on every side at the same moment. Each side’s strategy is in its header.</p>
      <LoadSection s={s} actualRate={actualRate} atCapacity={atCapacity} whose="side A" edit={edit} />
      <section aria-labelledby="cmp-group">
        <h2 id="cmp-group">Topic and group</h2>
        <NumberField label="Partitions" value={partitions} min={1} max={512} onCommit={(v) => edit({ kind: 'partitions', count: v })} hint="More adds partitions live on every side; fewer restarts every side" />
        <ConsumersField value={s.group.consumers} onCount={(count) => edit({ kind: 'consumers', count })} />
        <button
          type="button"
          className="wide-button"
          title="Restart every consumer one after another (8 s down, one every 15 s), on every side"
          onClick={() => actions.inject({ do: 'rollingRestart', downMs: 8000, intervalMs: 15000 })}
        >
          Rolling restart
        </button>
        <p className="dim small">Click a consumer on any side for a fault: it happens to that consumer on every side.</p>
      </section>
    </div>
  )
}
