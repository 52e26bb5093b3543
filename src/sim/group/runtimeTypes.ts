// The types a machine-driven group runtime is built from: what one protocol's machines speak, what
// a runtime saves, and the factory of one runtime kind. Pure types and one small function.

import type { EventObject } from 'xstate'
import type { MemberBaseEvent } from '../../protocols/memberKit.ts'
import type { GroupView } from '../frameTypes.ts'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { GroupHost, GroupRuntime, GroupRuntimeFactory } from './groupRuntime.ts'
import type { Delivery, DeliveryTableState } from './machineEffects.ts'
import type { MemberContextBase, SavedSlot } from './memberSlot.ts'
import type { RebalanceTrackerState } from './rebalanceTracker.ts'
import type { SavedCoordinator } from './coordinatorProcess.ts'
import type { LoadedGroup } from './groupRecords.ts'

/** The types one protocol's two machines speak. */
export interface ProtocolTypes {
  coordinatorContext: object
  coordinatorEvent: EventObject
  /** What the coordinator answers a member with (a member event). */
  response: EventObject
  coordinatorReport: unknown
  memberContext: MemberContextBase
  /** Includes MemberBaseEvent and `response`. */
  memberEvent: EventObject
  /** What a member sends its coordinator (the runtime adds the connection to answer on). */
  request: EventObject
  memberReport: unknown
  /** What the coordinator writes of the group to __consumer_offsets (groupRecords.ts). */
  groupRecord: unknown
}

export type MemberEventOf<P extends ProtocolTypes> = P['memberEvent'] | MemberBaseEvent
export type DeliveryOf<P extends ProtocolTypes> = Delivery<P['coordinatorEvent'], MemberEventOf<P>>

export interface SavedCore<P extends ProtocolTypes = ProtocolTypes> {
  /** The coordinator's snapshot, and its failover and last record when there are any. */
  coordinator: SavedCoordinator<P['coordinatorEvent'], P['groupRecord']>
  slots: Array<SavedSlot<MemberEventOf<P>> | null>
  table: DeliveryTableState<DeliveryOf<P>>
  tracker: RebalanceTrackerState
  names: Record<string, number>
}

export interface SavedRuntime {
  kind: 'classic' | 'consumer'
  core: SavedCore
}

/** A group as one formation round leaves it (warm start): states and contexts to restore, timers to arm. */
/** The coordinator's timers are its session timers (one per member, as after its last contact). */
export interface Formed<P extends ProtocolTypes> extends LoadedGroup<P['coordinatorContext'], P['coordinatorEvent']> {
  memberState: string
  /** In the order of the slots asked for. */
  members: Array<P['memberContext']>
}

/** The coordinator's side of GroupView; the runtime adds the rebalance log's figures. */
/** The machine-run (consumer-group) protocols' view: never a share group. */
export type CoordinatorView = Omit<GroupView, 'rebalances' | 'rebalancesLastMinute' | 'storm' | 'protocol'> & { protocol: 'eager' | 'cooperative' | 'consumer' }

/** The factory of one runtime kind: `restore` takes only what that kind saved. */
export function machineRuntimeFactory(
  kind: SavedRuntime['kind'],
  make: (host: GroupHost, spec: ConsumerGroupSpec, broker: BrokerConfig, saved?: SavedRuntime) => GroupRuntime,
): GroupRuntimeFactory {
  return {
    create: (host, spec, broker) => make(host, spec, broker),
    restore: (host, spec, broker, saved) => {
      if (typeof saved !== 'object' || saved === null || (saved as { kind?: unknown }).kind !== kind) throw new Error(`restore: not a saved ${kind} group`)
      return make(host, spec, broker, saved as SavedRuntime)
    },
  }
}
