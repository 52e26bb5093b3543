// What a member machine has the application thread do (a commit, the rebalance listener callbacks
// onPartitionsRevoked, onPartitionsLost, onPartitionsAssigned), carried out on the data plane
// through the host and counted in the rebalance log. The same for every protocol. Pure: the host
// does the work.

import type { ConsumerCall } from '../../protocols/memberKit.ts'
import type { GroupHost } from './groupRuntime.ts'
import type { RebalanceTracker } from './rebalanceTracker.ts'

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
