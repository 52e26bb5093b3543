// What a share group (KIP-932) narrates, as typed facts, and their English. narration.ts routes
// these here; the facts carry members by display name.

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
  | { kind: 'share.leaderChanged'; partition: number; broker: number; returned: number; start: number; available: number }

export type ShareFactKind = ShareFact['kind']

const KINDS: ReadonlySet<string> = new Set<ShareFactKind>(['share.joined', 'share.assignment', 'share.memberRemoved', 'share.left', 'share.lockExpired', 'share.leaderChanged'])

export function isShareFact(f: { kind: string }): f is ShareFact {
  return KINDS.has(f.kind)
}

const list = (ps: readonly number[]): string => (ps.length === 0 ? 'no partitions' : ps.length === 1 ? `partition ${ps[0]}` : `partitions ${ps.join(', ')}`)

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
      return f.returned > 0
        ? `${head}; the ${f.returned} records members had acquired were never written, so their locks are gone and they are available again (${f.available} in all): delivered again`
        : `${head}; nothing was locked, nothing is delivered again`
    }
  }
}
