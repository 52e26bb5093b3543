// The cluster's controls: brokers, replication, the optional per-broker capacity, and the
// producers' acks (what a broker crash costs, so it sits with the brokers). All restart-level (the
// controller places replicas when the topic is created; acks is a client setting). The full
// section sits in the controls panel; compare sides show the broker count and acks.

import type { ReactNode } from 'react'
import { clusterOf } from '../scenario/defaults.ts'
import type { ClusterPatch } from '../scenario/clusterEdit.ts'
import { LIMITS } from '../scenario/validation/limits.ts'
import type { Acks } from '../store/compareEdits.ts'
import type { Scenario } from '../store/types.ts'
import { NumberField, SelectField } from './fields.tsx'

/** ProducerConfig's acks values, Kafka's default first. */
export const ACKS_CHOICES: ReadonlyArray<{ value: Acks; label: string }> = [
  { value: 'all', label: 'all (in-sync replicas)' },
  { value: '1', label: '1 (leader only)' },
  { value: '0', label: '0 (no wait)' },
]

export const ACKS_HINT = 'When the producer counts a record as written: once every in-sync replica has it (all), once the leader has (1), or at once (0)'

export function BrokerControls(p: { s: Scenario; edit: (patch: ClusterPatch) => void; setAcks: (acks: Acks) => void }): ReactNode {
  const c = clusterOf(p.s)
  // An imported placement (cluster.assignment) holds only for the cluster it was printed from.
  const kept = c.assignment !== undefined ? ' (now as imported; a new count drops that placement)' : ''
  return (
    <section aria-labelledby="sec-brokers">
      <h2 id="sec-brokers">Brokers</h2>
      <p className="dim small">Changing one restarts the run (replicas are placed when the topic is created).</p>
      <NumberField
        label="Brokers"
        value={c.brokers}
        min={LIMITS.brokers.min}
        max={LIMITS.brokers.max}
        onCommit={(v) => p.edit({ brokers: v })}
        debounceMs={1200}
        hint={`Each partition's leader and replicas are spread over them as KRaft's replica placer does${kept}`}
      />
      <NumberField
        label="replication.factor"
        value={c['replication.factor']}
        min={1}
        max={c.brokers}
        onCommit={(v) => p.edit({ 'replication.factor': v })}
        debounceMs={1200}
        hint={`Copies of each partition, each on its own broker (Kafka's default.replication.factor is 1)${kept}`}
      />
      <NumberField
        label="min.insync.replicas"
        value={c['min.insync.replicas']}
        min={1}
        max={c['replication.factor']}
        onCommit={(v) => p.edit({ 'min.insync.replicas': v })}
        debounceMs={1200}
        hint="In-sync copies an acks=all write needs"
      />
      <SelectField label="acks" value={p.s.producerConfig.acks ?? 'all'} options={ACKS_CHOICES} onChange={p.setAcks} hint={ACKS_HINT} />
      <NumberField
        label="Broker capacity (records/s, 0 = unlimited)"
        value={c.brokerCapacityPerSec ?? 0}
        min={0}
        max={LIMITS.ratePerSec.max}
        step={100}
        onCommit={(v) => p.edit({ brokerCapacityPerSec: v > 0 ? v : null })}
        debounceMs={1200}
        hint="Records/s one broker can append as leader over all its partitions: a hot broker then slows every lane it leads"
      />
    </section>
  )
}

/** A compare side's broker count. */
export function SideBrokers(p: { s: Scenario; edit: (patch: ClusterPatch) => void }): ReactNode {
  return (
    <NumberField label="Brokers" value={clusterOf(p.s).brokers} min={LIMITS.brokers.min} max={LIMITS.brokers.max} onCommit={(v) => p.edit({ brokers: v })} debounceMs={1200} />
  )
}
