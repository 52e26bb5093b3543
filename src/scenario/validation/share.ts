// Readers for a share group (KIP-932): `group.type` and `group.share`. Both optional: absent, the
// group is a consumer group exactly as before. Limits are ShareGroupConfig's (see limits.ts).

import { defaultShareGroup } from '../defaults.ts'
import type { ConsumerGroupSpec, GroupType, ShareGroupSpec } from '../types.ts'
import { at, error, type Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'
import { int, leaf, num, oneOf, own, record } from './rules.ts'

export const GROUP_TYPES = ['consumer', 'share'] as const satisfies readonly GroupType[]

const readShare = record<ShareGroupSpec>({
  'group.share.record.lock.duration.ms': leaf(int(LIMITS.shareRecordLockDurationMs.min, LIMITS.shareRecordLockDurationMs.max)),
  'group.share.delivery.count.limit': leaf(int(LIMITS.shareDeliveryCountLimit.min, LIMITS.shareDeliveryCountLimit.max)),
  'group.share.partition.max.record.locks': leaf(int(LIMITS.sharePartitionMaxRecordLocks.min, LIMITS.sharePartitionMaxRecordLocks.max)),
  releaseShare: leaf(num(0, 1)),
  rejectShare: leaf(num(0, 1)),
})

/**
 * `type` and `share` of a group object `o` merged onto `base`'s. 'consumer' normalises to absent
 * (one form per run, as `start` does); `share` is kept only for a share group.
 */
export function readShareFields(ctx: Ctx, o: Record<string, unknown> | undefined, base: ConsumerGroupSpec, path: string): Pick<ConsumerGroupSpec, 'type' | 'share'> {
  const rawType = o === undefined ? undefined : own(o, 'type')
  let type = base.type
  if (rawType !== undefined) {
    const r = oneOf(GROUP_TYPES)(rawType)
    if (r.ok) type = r.value
    else error(ctx, at(path, 'type'), `${r.message}: 'share' is a KIP-932 share group, 'consumer' (the default) a consumer group`)
  }
  if (type !== 'share') return {}
  const rawShare = o === undefined ? undefined : own(o, 'share')
  const shareBase = base.share ?? defaultShareGroup()
  const share = rawShare === undefined ? shareBase : readShare(ctx, rawShare, shareBase, at(path, 'share'))
  if (share.releaseShare + share.rejectShare > 1) {
    error(ctx, at(at(path, 'share'), 'rejectShare'), `releaseShare + rejectShare must be ≤ 1 (got ${share.releaseShare + share.rejectShare})`)
    return { type, share: { ...share, rejectShare: 1 - share.releaseShare } }
  }
  return { type, share }
}
