// What a member machine's transition returns, carried out: requests and reports go to the runtime,
// and what it has the application thread do (a commit, the rebalance listener callbacks
// onPartitionsRevoked, onPartitionsLost, onPartitionsAssigned) runs on the data plane through the
// host and is counted in the rebalance log. The same for every protocol. Pure: the host does the work.

import type { EventObject } from 'xstate'
import type { ConsumerCall, MemberEffect } from '../../protocols/memberKit.ts'
import type { GroupHost } from './groupRuntime.ts'
import { interpretActions, type Delivery, type DeliveryTable, type MachineAction } from './machineEffects.ts'
import type { RebalanceTracker } from './rebalanceTracker.ts'

/** Where a member's requests and reports go. */
export interface MemberEffectSink<Req, Report> {
  sendRequest(slot: number, incarnation: number, request: Req): void
  onMemberReport(slot: number, report: Report): void
}

/**
 * One member transition's actions: its timers are set or cancelled in the table, its requests and
 * reports go to `sink`, its calls run one after another on the application thread, and the machine
 * hears `callback.done` when the last returns.
 */
export function runMemberEffects<Ev extends EventObject, M extends EventObject, Req, Report>(
  host: GroupHost,
  tracker: RebalanceTracker,
  table: DeliveryTable<Delivery<Ev, M>>,
  sink: MemberEffectSink<Req, Report>,
  slot: number,
  incarnation: number,
  actions: readonly MachineAction[],
): void {
  const self = { to: 'member', slot, incarnation } as const
  const effects = interpretActions<M, MemberEffect<Req, Report>>(actions, {
    set: (event, delayMs, raiseId) => table.schedule({ ...self, event }, delayMs, raiseId),
    cancel: (raiseId) => table.cancelRaise(self, raiseId),
  })
  let busyMs: number | null = null
  for (const e of effects) {
    if (e.type === 'sendRequest') sink.sendRequest(slot, incarnation, e.params)
    else if (e.type === 'report') sink.onMemberReport(slot, e.params)
    else {
      const ms = runConsumerCall(host, tracker, slot, e)
      if (ms !== null) busyMs = (busyMs ?? 0) + ms
    }
  }
  if (busyMs !== null) table.schedule({ ...self, event: { type: 'callback.done' } as M }, busyMs)
}

/**
 * Runs one call for `slot`. Returns how long the application thread is busy with it (ms) when the
 * machine waits for it (`callback.done`), or null when it does not wait.
 */
export function runConsumerCall(host: GroupHost, tracker: RebalanceTracker, slot: number, call: ConsumerCall): number | null {
  const name = host.memberName(slot)
  const { partitions } = call.params
  switch (call.type) {
    case 'commitOffsets':
      return partitions.length > 0 ? host.commitSync(slot, partitions) : 0
    case 'revokePartitions': {
      const ms = partitions.length > 0 ? host.revoke(slot, partitions) : 0
      tracker.countRevoked(partitions.length, call.params.rebalance)
      if (partitions.length > 0) host.say({ kind: 'group.revoke', member: name, partitions: [...partitions] })
      return ms
    }
    case 'losePartitions':
      host.lose(slot, partitions)
      tracker.countLost(partitions.length)
      host.say({ kind: 'group.lost', member: name, partitions: [...partitions], cause: 'onPartitionsLost' })
      return null
    case 'assignPartitions':
      host.assign(slot, partitions)
      tracker.countAssigned(partitions.length)
      host.say({ kind: 'group.assign', member: name, partitions: [...partitions] })
      return null
  }
}

/**
 * What a crashed process still held is given up without a callback: when the group removes it
 * (`removed`, the partitions are free to move) or when its slot starts a new process (`restarted`).
 */
export function releaseCrashed(host: GroupHost, tracker: RebalanceTracker, slot: number, partitions: readonly number[], why: 'removed' | 'restarted'): void {
  host.lose(slot, partitions)
  const name = host.memberName(slot)
  if (why === 'restarted') {
    // Not the group's doing: the coordinator still counts them as the old member's until it removes it.
    host.say({ kind: 'group.lost', member: name, partitions: [...partitions], cause: 'crashedMemberRestarted' })
  } else {
    tracker.countLost(partitions.length)
    host.say({ kind: 'group.lost', member: name, partitions: [...partitions], cause: 'crashedMemberRemoved' })
  }
}
