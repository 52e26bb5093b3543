// Every scenario knob, grouped as a teacher explains them: load, topic, dynamic partitioning,
// consumer group, Kafka timeouts. Each control shows the setting at the moment shown and edits it;
// the app decides live (recorded as an action at that moment) vs restart (a new t = 0 setting).

import type { ReactNode } from 'react'
import { ASSIGNORS_FOR, protocolChoice, type ProtocolChoice, type TimeoutKey } from '../store/scenarioEdits.ts'
import type { AssignorName, PartitionerName } from '../store/types.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { CheckField, NumberField, RangeField, SelectField } from './fields.tsx'
import { atCapacityWords, LoadSection } from './LoadSection.tsx'
import { ConsumersField } from './ConsumersField.tsx'
import { BrokerControls } from './BrokerControls.tsx'
import { GroupTypeField, ShareSettings } from './ShareControls.tsx'
import { groupTypeOf } from '../store/shareEdits.ts'
import { ParallelConsumerControls } from './ParallelConsumerControls.tsx'
import { useSettingsNow } from './useSettingsNow.ts'
import { useTopicPartitions } from './useTopicPartitions.ts'

export const PROTOCOLS: ReadonlyArray<{ value: ProtocolChoice; label: string }> = [
  { value: 'eager', label: 'Eager (stop the world)' },
  { value: 'cooperative', label: 'Cooperative (KIP-429)' },
  { value: 'static', label: 'Static members (KIP-345)' },
  { value: 'consumer', label: 'Consumer (KIP-848)' },
]

export const ASSIGNOR_LABEL: Record<AssignorName, string> = {
  range: 'range',
  roundrobin: 'roundrobin',
  sticky: 'sticky',
  'cooperative-sticky': 'cooperative-sticky',
  uniform: 'uniform (server)',
  'lag-aware': 'lag-aware (not built into Kafka)',
}

export type PartitionerChoice = 'builtin' | PartitionerName | 'ignore-keys'
export const PARTITIONERS: ReadonlyArray<{ value: PartitionerChoice; label: string }> = [
  { value: 'builtin', label: 'Built-in (murmur2 of key)' },
  { value: 'round-robin', label: 'RoundRobinPartitioner' },
  { value: 'uniform-sticky', label: 'Uniform sticky' },
  { value: 'ignore-keys', label: 'Ignore keys (partitioner.ignore.keys)' },
]

const TIMEOUTS: ReadonlyArray<{ key: TimeoutKey; min: number; max: number; step: number }> = [
  { key: 'session.timeout.ms', min: 6000, max: 600000, step: 1000 },
  { key: 'heartbeat.interval.ms', min: 100, max: 60000, step: 100 },
  { key: 'max.poll.interval.ms', min: 1000, max: 3600000, step: 1000 },
  { key: 'max.poll.records', min: 1, max: 100000, step: 1 },
]

/** How often each client refreshes metadata, so when it first sees added partitions (a client setting: restarts the run). */
const METADATA_AGES = [
  { client: 'producer', label: 'metadata.max.age.ms (producer)', hint: 'When producers first route to added partitions. Restarts the run' },
  { client: 'consumer', label: 'metadata.max.age.ms (consumer)', hint: 'When the classic group leader sees added partitions and rejoins. Restarts the run' },
] as const

export function ControlsPanel(): ReactNode {
  // The settings in force at the moment shown (t = 0 settings + the run's actions so far).
  const s = useSettingsNow()
  // The topic's partitions as the run has them (a refused add leaves them below the settings).
  const partitions = useTopicPartitions()
  // A number, so this re-renders only when the live count changes, not on every frame.
  // The rate actually appended over the last second, rounded to 100/s so this re-renders rarely.
  const actualRate = useAppStore((st) => {
    const m = st.metrics.items
    const last = m.length > 0 ? m[m.length - 1] : undefined
    return last ? Math.round(last.inRate / 100) * 100 : null
  })
  // A string, so this re-renders only when the brokers at capacity change.
  const atCapacity = useAppStore((st) => atCapacityWords(st.frame?.brokers))
  const running = useAppStore((st) => st.frame?.members.filter((m) => m.phase !== 'dead' && m.phase !== 'restarting' && m.phase !== 'starting').length ?? null)
  const starting = useAppStore((st) => st.frame?.members.filter((m) => m.phase === 'starting').length ?? 0)
  const { edit, inject } = useActions()
  const pc = s.producerConfig
  const partitioner: PartitionerChoice = pc['partitioner.ignore.keys'] ? 'ignore-keys' : (pc['partitioner.class'] ?? 'builtin')
  const protocol = protocolChoice(s)
  const assignors = ASSIGNORS_FOR[s.group.protocol]
  const d = s.dynamic

  return (
    <div className="controls">
      <LoadSection s={s} actualRate={actualRate} atCapacity={atCapacity} edit={edit} />
      <section aria-labelledby="sec-dyn">
        <h2 id="sec-dyn">Dynamic partitioning</h2>
        <CheckField label="Hotspot detection" checked={d.hotspotDetection.enabled} onChange={(on) => edit({ kind: 'dynamic', patch: { hotspotDetection: { enabled: on } } })} hint="Flag keys above a share of traffic, and lanes above a multiple of the mean rate" />
        <CheckField label="Salt hot keys" checked={d.salting.enabled} onChange={(on) => edit({ kind: 'dynamic', patch: { salting: { enabled: on } } })} hint="Spread each flagged key over several partitions (key#0 … key#k-1)" />
        {d.salting.enabled ? (
        <RangeField label="Salt splits" value={d.salting.splits} min={2} max={16} step={1} format={(v) => `${v} lanes`} onChange={(v) => edit({ kind: 'dynamic', patch: { salting: { splits: v } } })} />
        ) : null}
        <CheckField label="Load-aware routing" checked={d.loadAware.enabled} onChange={(on) => edit({ kind: 'dynamic', patch: { loadAware: { enabled: on } } })} hint="Send movable records to the least-loaded lane" />
        {d.loadAware.enabled ? (
        <SelectField
          label="Load-aware scope"
          value={d.loadAware.scope}
          options={[
            { value: 'hot-keys', label: 'Flagged hot keys only' },
            { value: 'all', label: 'Every record' },
          ]}
          onChange={(v) => edit({ kind: 'dynamic', patch: { loadAware: { scope: v } } })}
        />
        ) : null}
      </section>
      <section aria-labelledby="sec-group">
        <h2 id="sec-group">Consumer group</h2>
        <ConsumersField value={s.group.consumers} onCount={(count) => edit({ kind: 'consumers', count })} />
        {running !== null && running !== s.group.consumers ? (
          <p className="hint" aria-live="polite">
            {runningHint(s.group.consumers, running, starting)}
          </p>
        ) : null}
        <CheckField
          label="Autoscaler (KEDA-style)"
          checked={s.group.autoscaler.enabled}
          onChange={(on) => edit({ kind: 'autoscaler', enabled: on })}
          hint={`Adds a consumer while total lag exceeds ${s.group.autoscaler.lagThreshold} records (cooldown ${s.group.autoscaler.cooldownSec} s); each addition is a rebalance`}
        />
        <button
          type="button"
          className="wide-button"
          title="Restart every consumer one after another (8 s down, one every 15 s), as a deployment does"
          onClick={() => inject({ do: 'rollingRestart', downMs: 8000, intervalMs: 15000 })}
        >
          Rolling restart
        </button>
        <GroupTypeField s={s} edit={edit} />
        {/* A share group (KIP-932) has its own membership protocol and the simple assignor. */}
        {groupTypeOf(s) === 'share' ? (
          <ShareSettings s={s} edit={edit} />
        ) : (
          <>
            <SelectField label="Protocol" value={protocol} options={PROTOCOLS} onChange={(v) => edit({ kind: 'protocol', protocol: v })} hint="Changing the protocol restarts the run" />
            <SelectField
              label="Assignor"
              value={s.group.assignor}
              options={assignors.map((a) => ({ value: a, label: ASSIGNOR_LABEL[a] }))}
              onChange={(v) => edit({ kind: 'assignor', assignor: v })}
              hint={
                s.group.assignor === 'lag-aware'
                  ? 'Not built into Kafka: the group leader weighs each lane by its lag plus a minute of its rate (restarts the run)'
                  : 'partition.assignment.strategy (restarts the run)'
              }
            />
          </>
        )}
        {groupTypeOf(s) !== 'share' && (
          <ParallelConsumerControls parallel={s.group.parallel} onChange={(parallel) => edit({ kind: 'parallel', parallel })} />
        )}
      </section>
      <section aria-labelledby="sec-topic">
        <h2 id="sec-topic">Topic “{s.topic.name}”</h2>
        <NumberField label="Partitions" value={partitions} min={1} max={512} onCommit={(v) => edit({ kind: 'partitions', count: v })} hint="More adds partitions live: the broker has them at once, producers and the group see them at their next metadata refresh (metadata.max.age.ms, 5 min by default), then keys move. Fewer restarts the run" />
        <SelectField
          label="Partitioner"
          value={partitioner}
          options={PARTITIONERS}
          onChange={(v) =>
            edit({
              kind: 'partitioner',
              partitioner: v === 'builtin' || v === 'ignore-keys' ? null : v,
              ignoreKeys: v === 'ignore-keys',
            })
          }
        />
      </section>
      <BrokerControls s={s} edit={(patch) => edit({ kind: 'cluster', patch })} setAcks={(acks) => edit({ kind: 'acks', acks })} />
      <section aria-labelledby="sec-timeouts">
        <h2 id="sec-timeouts">Kafka timeouts</h2>
        <p className="dim small">Changing one restarts the run.</p>
        {TIMEOUTS.map((t) => (
          <NumberField key={t.key} label={t.key} value={s.group.config[t.key]} min={t.min} max={t.max} step={t.step} onCommit={(v) => edit({ kind: 'timeout', key: t.key, value: v })} debounceMs={1200} hint="Restarts the run" />
        ))}
        {METADATA_AGES.map((m) => (
          <NumberField
            key={m.client}
            label={m.label}
            value={m.client === 'producer' ? pc['metadata.max.age.ms'] : s.group.config['metadata.max.age.ms']}
            min={1000}
            max={86_400_000}
            step={1000}
            onCommit={(v) => edit({ kind: 'metadataMaxAge', client: m.client, value: v })}
            debounceMs={1200}
            hint={m.hint}
          />
        ))}
      </section>
      <section aria-labelledby="sec-run">
        <h2 id="sec-run">Run</h2>
        <NumberField label="Seed" value={s.seed} min={0} max={4294967295} onCommit={(v) => edit({ kind: 'seed', seed: v })} debounceMs={1200} hint="Same scenario + same seed = the same run, event for event. Changing it restarts the run" />
      </section>
    </div>
  )
}

/**
 * Why the group runs another number of consumers than the field shows. A cold start's consumers
 * start at different moments: the first seconds of the default page said "1 running now (scripted
 * actions, faults or the autoscaler changed it)" when nothing had changed it.
 */
export function runningHint(configured: number, running: number, starting: number): string {
  const now = starting > 0 ? `${running} running now, ${starting} still starting` : `${running} running now`
  return running + starting === configured
    ? `${now} (a group's consumers start at different moments)`
    : `${now} (scripted actions, faults or the autoscaler changed it)`
}
