// The group-type control (consumer group or KIP-932 share group) and a share group's settings, in
// the controls panel's group section. Restart-level, as the protocol is.

import type { ReactNode } from 'react'
import type { ScenarioEdit } from '../store/scenarioEdits.ts'
import { groupTypeOf } from '../store/shareEdits.ts'
import { defaultShareGroup } from '../scenario/defaults.ts'
import type { GroupType, Scenario } from '../scenario/types.ts'
import { NumberField, SelectField } from './fields.tsx'

export const GROUP_TYPES: ReadonlyArray<{ value: GroupType; label: string }> = [
  { value: 'consumer', label: 'Consumer group' },
  { value: 'share', label: 'Share group (KIP-932)' },
]

export function GroupTypeField(p: { s: Scenario; edit: (e: ScenarioEdit) => void; label?: string }): ReactNode {
  return (
    <SelectField
      label={p.label ?? 'Group type'}
      value={groupTypeOf(p.s)}
      options={GROUP_TYPES}
      onChange={(v) => p.edit({ kind: 'groupType', type: v })}
      hint="A share group's members read partitions together, each record locked to one member until acknowledged (restarts the run)"
    />
  )
}

/** The share group's own settings; nothing for a consumer group. */
export function ShareSettings({ s, edit }: { s: Scenario; edit: (e: ScenarioEdit) => void }): ReactNode {
  if (groupTypeOf(s) !== 'share') return null
  const c = s.group.share ?? defaultShareGroup()
  return (
    <>
      <p className="hint">
        Share groups use the simple assignor: a partition gets several members only when members outnumber partitions ({s.group.consumers} members, {s.topic.partitions} partitions).
      </p>
      <NumberField
        label="Record lock (s)"
        value={c['group.share.record.lock.duration.ms'] / 1000}
        min={1}
        max={3600}
        onCommit={(v) => edit({ kind: 'shareSetting', key: 'group.share.record.lock.duration.ms', value: Math.round(v * 1000) })}
        debounceMs={1200}
        hint="group.share.record.lock.duration.ms: how long a member holds records it took before they are offered again (restarts the run)"
      />
      <NumberField
        label="Delivery limit"
        value={c['group.share.delivery.count.limit']}
        min={2}
        max={10}
        onCommit={(v) => edit({ kind: 'shareSetting', key: 'group.share.delivery.count.limit', value: Math.round(v) })}
        debounceMs={1200}
        hint="group.share.delivery.count.limit: deliveries before a record that keeps failing is archived (restarts the run)"
      />
      <NumberField
        label="Records in flight per lane"
        value={c['group.share.partition.max.record.locks']}
        min={100}
        max={10000}
        onCommit={(v) => edit({ kind: 'shareSetting', key: 'group.share.partition.max.record.locks', value: Math.round(v) })}
        debounceMs={1200}
        hint="group.share.partition.max.record.locks (restarts the run)"
      />
      <NumberField
        label="App releases (%)"
        value={Math.round(c.releaseShare * 100)}
        min={0}
        max={100 - Math.round(c.rejectShare * 100)}
        onCommit={(v) => edit({ kind: 'shareSetting', key: 'releaseShare', value: v / 100 })}
        debounceMs={1200}
        hint="Share of records the application releases to be delivered again (a transient failure). Restarts the run"
      />
      <NumberField
        label="App rejects (%)"
        value={Math.round(c.rejectShare * 100)}
        min={0}
        max={100 - Math.round(c.releaseShare * 100)}
        onCommit={(v) => edit({ kind: 'shareSetting', key: 'rejectShare', value: v / 100 })}
        debounceMs={1200}
        hint="Share of records the application rejects: archived, never delivered again. Restarts the run"
      />
    </>
  )
}
