// What a share group (KIP-932) narrates, as typed facts, and their English. narration.ts routes
// these here; the facts carry members by display name.

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

export type ShareFactKind = ShareFact['kind']

const KINDS: ReadonlySet<string> = new Set<ShareFactKind>(['share.joined', 'share.assignment', 'share.memberRemoved', 'share.left', 'share.lockExpired'])

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
  }
}
