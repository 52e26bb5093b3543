// One side's strategy controls, compact: group type (consumer / share group), its members, protocol, assignor,
// partitioner, salting, load-aware routing, commit on revoke, autoscaler, brokers and (with a
// cluster) the producers' acks. A change restarts that side with it (from 0 s, or from the fork
// moment for a forked side) and brings it back to the current moment.

import type { ReactNode } from 'react'
import { ASSIGNORS_FOR, protocolChoice } from '../../store/scenarioEdits.ts'
import type { StrategyEdit } from '../../store/compareEdits.ts'
import type { Scenario } from '../../store/types.ts'
import { ASSIGNOR_LABEL, PARTITIONERS, PROTOCOLS, type PartitionerChoice } from '../ControlsPanel.tsx'
import { CheckField, SelectField } from '../fields.tsx'
import { ConsumersField } from '../ConsumersField.tsx'
import { ACKS_CHOICES, ACKS_HINT, SideBrokers } from '../BrokerControls.tsx'
import { GROUP_TYPES } from '../ShareControls.tsx'
import { groupTypeOf } from '../../store/shareEdits.ts'
import { ParallelConsumerControls } from '../ParallelConsumerControls.tsx'

export function SideStrategy(p: { label: string; s: Scenario; edit: (e: StrategyEdit) => void }): ReactNode {
  const { s, edit } = p
  const pc = s.producerConfig
  const partitioner: PartitionerChoice = pc['partitioner.ignore.keys'] ? 'ignore-keys' : (pc['partitioner.class'] ?? 'builtin')
  return (
    <div className="side-strategy" role="group" aria-label={`Strategy: ${p.label}`}>
      <SelectField label="Group type" value={groupTypeOf(s)} options={GROUP_TYPES} onChange={(v) => edit({ kind: 'groupType', type: v })} />
      {/* A share group (KIP-932) has its own membership protocol and the simple assignor. As many
          members as lanes or fewer, it reads each lane as the consumer group did: a side turned into
          one ran just as before, and said nothing of why (one highway's Share settings do). */}
      {/* The side's own group size, as one highway's Consumers (same field and bounds): a strategy
          edit like the others (group.consumers in the side's variant, so its link carries it). */}
      <ConsumersField
        label="Members"
        value={s.group.consumers}
        onCount={(count) => edit({ kind: 'members', count })}
        fewer={`Remove a member from ${p.label}`}
        more={`Add a member to ${p.label}`}
        hint="This side's consumers (a share group's members). Consumers, in the shared controls, adds or removes one on every side."
      />
      {groupTypeOf(s) === 'share' ? (
        <p className="dim small">
          A lane gets several members only when members outnumber lanes ({s.group.consumers} members, {s.topic.partitions} lanes).
        </p>
      ) : (
        <>
          <SelectField label="Protocol" value={protocolChoice(s)} options={PROTOCOLS} onChange={(v) => edit({ kind: 'protocol', protocol: v })} />
          <SelectField
            label="Assignor"
            value={s.group.assignor}
            options={ASSIGNORS_FOR[s.group.protocol].map((a) => ({ value: a, label: ASSIGNOR_LABEL[a] }))}
            onChange={(v) => edit({ kind: 'assignor', assignor: v })}
          />
        </>
      )}
      <SelectField
        label="Partitioner"
        value={partitioner}
        options={PARTITIONERS}
        onChange={(v) => edit({ kind: 'partitioner', partitioner: v === 'builtin' || v === 'ignore-keys' ? null : v, ignoreKeys: v === 'ignore-keys' })}
      />
      <CheckField label="Salt hot keys" checked={s.dynamic.salting.enabled} onChange={(on) => edit({ kind: 'salting', enabled: on })} />
      <CheckField label="Load-aware routing" checked={s.dynamic.loadAware.enabled} onChange={(on) => edit({ kind: 'loadAware', enabled: on })} />
      <CheckField label="Commit on revoke" checked={s.group.processing.commitOnRevoke} onChange={(on) => edit({ kind: 'commitOnRevoke', enabled: on })} />
      <CheckField label="Autoscaler" checked={s.group.autoscaler.enabled} onChange={(on) => edit({ kind: 'autoscaler', enabled: on })} />
      <SideBrokers s={s} edit={(patch) => edit({ kind: 'cluster', patch })} />
      {/* acks decides what a broker crash costs (records lost vs lanes waiting), so it sits with the brokers. */}
      {s.cluster === undefined ? null : (
        <SelectField
          label="acks"
          value={pc.acks ?? 'all'}
          options={ACKS_CHOICES}
          onChange={(v) => edit({ kind: 'acks', acks: v })}
          hint={ACKS_HINT}
        />
      )}
      <ParallelConsumerControls parallel={s.group.parallel} onChange={(parallel) => edit({ kind: 'parallel', parallel })} compact />
      <p className="dim small">A change restarts this side with it and brings it back to this moment.</p>
    </div>
  )
}
