// The cluster's controls: brokers, replication, and the optional per-broker capacity. All
// restart-level (the controller places replicas when the topic is created). The full section sits
// in the controls panel; compare sides show the broker count only.

import type { ReactNode } from 'react'
import { clusterOf } from '../scenario/defaults.ts'
import type { ClusterPatch } from '../scenario/clusterEdit.ts'
import { LIMITS } from '../scenario/validation/limits.ts'
import type { Scenario } from '../store/types.ts'
import { NumberField } from './fields.tsx'

export function BrokerControls(p: { s: Scenario; edit: (patch: ClusterPatch) => void }): ReactNode {
  const c = clusterOf(p.s)
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
        hint="Each partition's leader and replicas are spread over them as KRaft's replica placer does"
      />
      <NumberField
        label="replication.factor"
        value={c['replication.factor']}
        min={1}
        max={c.brokers}
        onCommit={(v) => p.edit({ 'replication.factor': v })}
        debounceMs={1200}
        hint="Copies of each partition, each on its own broker (Kafka's default.replication.factor is 1)"
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
