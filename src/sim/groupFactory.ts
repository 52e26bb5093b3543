// Picks the group runtime for a scenario's protocol. The data plane never knows which one runs.

import type { Scenario } from '../scenario/types.ts'
import type { GroupHost, GroupRuntime } from './group/groupRuntime.ts'
import { createInstantGroup } from './instantGroup.ts'

export function createGroup(host: GroupHost, live: Scenario): GroupRuntime {
  void live
  return createInstantGroup(host)
}

export function restoreGroup(host: GroupHost, live: Scenario, saved: unknown): GroupRuntime {
  void live
  void saved
  return createInstantGroup(host)
}
