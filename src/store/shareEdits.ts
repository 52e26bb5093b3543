// The page's share-group edits (KIP-932): the group type and a share group's settings. Both are
// restart-level, as the protocol is: a group does not change type while it runs. Pure.

import { defaultShareGroup } from '../scenario/defaults.ts'
import type { GroupType, Scenario, ShareGroupSpec } from '../scenario/types.ts'

export type ShareEdit =
  | { kind: 'groupType'; type: GroupType }
  | { kind: 'shareSetting'; key: keyof ShareGroupSpec; value: number }

export function groupTypeOf(s: Scenario): GroupType {
  return s.group.type ?? 'consumer'
}

/** The scenario with the edit made; a consumer group keeps no share fields (as validation normalises it). */
export function applyShareEdit(s: Scenario, e: ShareEdit): Scenario {
  const { type: _type, share: _share, ...consumerGroup } = s.group
  if (e.kind === 'groupType') {
    return e.type === 'share' ? { ...s, group: { ...consumerGroup, type: 'share', share: s.group.share ?? defaultShareGroup() } } : { ...s, group: consumerGroup }
  }
  const share = { ...(s.group.share ?? defaultShareGroup()), [e.key]: e.value }
  return { ...s, group: { ...consumerGroup, type: 'share', share } }
}
