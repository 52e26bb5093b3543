// Picks the group runtime for a scenario's protocol. The data plane never knows which one runs.

import type { Scenario } from '../scenario/types.ts'
import { createGroupRuntime, restoreGroupRuntime } from './group/createGroupRuntime.ts'
import type { GroupHost, GroupRuntime } from './group/groupRuntime.ts'

export function createGroup(host: GroupHost, live: Scenario): GroupRuntime {
  return createGroupRuntime(host, live.group, live.broker)
}

export function restoreGroup(host: GroupHost, live: Scenario, saved: unknown): GroupRuntime {
  return restoreGroupRuntime(host, live.group, live.broker, saved)
}
