// What a share group (KIP-932) narrates, as typed facts, and their English. narration.ts routes
// these here; the facts carry members by display name.

import { SHARE_STATE_TOPIC } from '../../kafka/shareCoordinatorPlacement.ts'
import { brokerNumber } from '../brokers/clusterState.ts'

export type ShareFact =
  /** A member's ShareGroupHeartbeat joined it; the group epoch moved. */
  | { kind: 'share.joined'; member: string; epoch: number }
  /** A member's heartbeat brought it a new assignment; `shared`: partitions other members read too. */
  | { kind: 'share.assignment'; member: string; partitions: number[]; shared: number[] }
  /** The coordinator fenced a member that sent no heartbeat for group.share.session.timeout.ms. */
  | { kind: 'share.memberRemoved'; member: string; sessionTimeoutMs: number }
  /** A member closed: it left, and the records it held were released at once. */
  | { kind: 'share.left'; member: string; released: number }
  /** A member's acquisition locks on a partition expired: its records are available again or archived. */
  | { kind: 'share.lockExpired'; partition: number; member: string; released: number; archived: number; lockMs: number; limit: number }
  /** Partition's leader changed: its share-partition started again from the share coordinator's state on `broker` (index). */
  | { kind: 'share.leaderChanged'; partition: number; broker: number; returned: number; start: number; available: number; revived?: number }
  /** Partition's new leader (index) cannot serve its share-partition before the share coordinator on `coordinator` (index, -1: none) answers. */
  | { kind: 'share.initWaiting'; partition: number; broker: number; coordinator: number }
  /** A member's acknowledgement found no share coordinator within the persister's retries: the records stay locked until their locks run out. */
  | { kind: 'share.ackFailed'; partition: number; member: string; records: number; waitedMs: number }
  /** Broker (index) crashed and with it the share coordinator for these partitions' state (these __share_group_state partitions). */
  | { kind: 'shareState.lost'; broker: number; statePartitions: number[]; partitions: number[] }
  /** A new share coordinator on broker (index) has loaded the state of these partitions: writes and reads go through again. */
  | { kind: 'shareState.loaded'; broker: number; statePartition: number; partitions: number[]; outageMs: number }

export type ShareFactKind = ShareFact['kind']

const KINDS: ReadonlySet<string> = new Set<ShareFactKind>(['share.joined', 'share.assignment', 'share.memberRemoved', 'share.left', 'share.lockExpired', 'share.leaderChanged', 'share.initWaiting', 'share.ackFailed', 'shareState.lost', 'shareState.loaded'])

export function isShareFact(f: { kind: string }): f is ShareFact {
  return KINDS.has(f.kind)
}

/** Partitions in words; past twelve, the first twelve and the count (a state partition's keys are scattered over a big topic). */
const list = (ps: readonly number[]): string =>
  ps.length === 0 ? 'no partitions' : ps.length === 1 ? `partition ${ps[0]}` : ps.length <= 12 ? `partitions ${ps.join(', ')}` : `partitions ${ps.slice(0, 12).join(', ')}, … (${ps.length} in all)`

export function narrateShare(f: ShareFact): string {
  switch (f.kind) {
    case 'share.joined':
      return `${f.member} joins the share group (group epoch ${f.epoch}); no rebalance: nobody stops reading`
    case 'share.assignment':
      return f.shared.length > 0
        ? `${f.member} now reads ${list(f.partitions)}, sharing ${list(f.shared)} with other members (records are handed out one batch at a time, under a lock)`
        : `${f.member} now reads ${list(f.partitions)}`
    case 'share.memberRemoved':
      return `${f.member} sent no heartbeat for ${f.sessionTimeoutMs / 1000} s (group.share.session.timeout.ms): removed from the share group`
    case 'share.left':
      return f.released > 0 ? `${f.member} left the share group and released the ${f.released} records it held: others get them now` : `${f.member} left the share group`
    case 'share.lockExpired': {
      const back = `${f.released} records available again (delivery count +1 when next acquired)`
      const arch = f.archived > 0 ? `; ${f.archived} archived at the delivery limit (${f.limit})` : ''
      return `${f.member}'s locks on partition ${f.partition} expired after ${f.lockMs / 1000} s (group.share.record.lock.duration.ms): ${back}${arch}`
    }
    case 'share.leaderChanged': {
      const head = `partition ${f.partition}'s share-partition now lives on broker ${brokerNumber(f.broker)}, its new leader: it read the share coordinator's state (start offset ${f.start}, delivery counts as last written)`
      const revived = f.revived ? `; ${f.revived} records it had archived at a lock timeout it could not write are back in flight` : ''
      return f.returned > 0
        ? `${head}; the ${f.returned} records members had acquired were never written, so their locks are gone and they are available again (${f.available} in all): delivered again${revived}`
        : `${head}; nothing was locked, nothing is delivered again${revived}`
    }
    case 'share.initWaiting':
      return `partition ${f.partition}'s new leader, broker ${brokerNumber(f.broker)}, cannot read its share-partition's state: ${f.coordinator >= 0 ? `its share coordinator (broker ${brokerNumber(f.coordinator)}) is not answering yet` : 'no share coordinator is up'}; members get nothing from it until the state is back`
    case 'share.ackFailed':
      return `${f.member}'s acknowledgement of ${f.records} records on partition ${f.partition} failed after ${(f.waitedMs / 1000).toFixed(0)} s without a share coordinator: they stay locked until their locks run out, then are delivered again`
    case 'shareState.lost':
      return `broker ${brokerNumber(f.broker)} held the share coordinator for ${list(f.partitions)} (${f.statePartitions.length} ${SHARE_STATE_TOPIC} partition${f.statePartitions.length === 1 ? '' : 's'}): their acknowledgements wait, records stay locked, until a new leader of that state loads it`
    case 'shareState.loaded':
      return `broker ${brokerNumber(f.broker)} now holds the share coordinator for ${list(f.partitions)} (after ${(f.outageMs / 1000).toFixed(1)} s): waiting acknowledgements go through at the persister's next lookup`
  }
}
