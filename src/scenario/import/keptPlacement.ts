// Whether an import keeps the pasted replica placement, and as what: each partition's Replicas as
// listed (the first is Kafka's preferred leader) and who led it when printed (Leader). Pasted broker
// ids become Broker 1..N in id order, as the account names them. Kept only when every partition
// lists its replicas, each as many as the simulated replication factor; otherwise the reason, and
// the run places replicas with KRaft's placer. Pure.

import { LIMITS } from '../validation/limits.ts'
import type { ImportedTopic } from './types.ts'

export type KeptPlacement =
  | {
      ok: true
      /** Broker numbers 1..N per partition, preferred leader first. */
      assignment: number[][]
      /** Present when some pasted leader is not its partition's preferred one. */
      leaders?: number[]
      /** What the account shows (a summary: the lists themselves can be 10 000 long). */
      value: string
      why: string
      leadersValue: string
      leadersWhy: string
    }
  | { ok: false; why: string }

const parts = (ps: readonly number[]): string => (ps.length <= 6 ? ps.map((p) => `p${p}`).join(', ') : `${ps.slice(0, 5).map((p) => `p${p}`).join(', ')} … (${ps.length})`)

/**
 * `listed`: the pasted broker ids, ascending (Broker k is listed[k-1]); `rf` the simulated
 * replication factor and `rfRaw` the pasted one (they differ when the paste has more replicas than
 * brokers can be simulated).
 */
export function keptPlacement(topic: ImportedTopic, P: number, listed: readonly number[], rf: number, rfRaw: number): KeptPlacement {
  if (listed.length > LIMITS.brokers.max) return { ok: false, why: `the paste has ${listed.length} brokers and at most ${LIMITS.brokers.max} are simulated` }
  if (rf !== rfRaw) return { ok: false, why: `replication factor ${rfRaw} cannot be simulated on ${listed.length} brokers` }
  const byPartition = new Map(topic.partitions.map((p) => [p.partition, p]))
  const missing: number[] = []
  const uneven: number[] = []
  for (let p = 0; p < P; p++) {
    const r = byPartition.get(p)?.replicas
    if (r === undefined || r.length === 0) missing.push(p)
    else if (r.length !== rf || new Set(r).size !== r.length) uneven.push(p)
  }
  if (missing.length > 0) {
    return {
      ok: false,
      why: `${P - missing.length} of ${P} partitions list their replicas (${parts(missing)} do not; kafka-topics.sh --describe or kcat -L -J lists every partition: paste the whole output)`,
    }
  }
  if (uneven.length > 0) return { ok: false, why: `${parts(uneven)} list${uneven.length === 1 ? 's' : ''} other than ${rf} distinct replicas (a reassignment in progress?)` }

  const number = new Map(listed.map((id, i) => [id, i + 1]))
  const assignment: number[][] = []
  const leaders: number[] = []
  const noLeader: number[] = []
  for (let p = 0; p < P; p++) {
    const part = byPartition.get(p)!
    const r = part.replicas!.map((id) => number.get(id)!)
    assignment.push(r)
    const led = part.leader === undefined ? undefined : number.get(part.leader)
    if (led === undefined || !r.includes(led)) noLeader.push(p)
    leaders.push(led !== undefined && r.includes(led) ? led : r[0]!)
  }
  const away = leaders.map((b, p) => (b !== assignment[p]![0] ? p : -1)).filter((p) => p >= 0)
  const counts = new Map<number, number>()
  for (const b of leaders) counts.set(b, (counts.get(b) ?? 0) + 1)
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!
  const ids = listed.length <= 6 ? listed.map((id, i) => `${id} → Broker ${i + 1}`).join(', ') : `${listed[0]} → Broker 1 … ${listed[listed.length - 1]} → Broker ${listed.length}`
  const offline = noLeader.length > 0 ? `; ${parts(noLeader)} had no leader when printed and start${noLeader.length === 1 ? 's' : ''} with ${noLeader.length === 1 ? 'its' : 'their'} preferred leader` : ''
  return {
    ok: true,
    assignment,
    ...(away.length > 0 ? { leaders } : {}),
    value: `(as pasted: ${P} partitions; Broker ${top[0]} leads ${top[1]})`,
    why: `the placement as pasted, not KRaft's placer: each partition's Replicas as listed, the first its preferred leader; pasted broker ids in id order (${ids})${offline}; partitions added during the run are placed by the placer after these`,
    leadersValue: `(as pasted: ${parts(away)} not led by the preferred replica)`,
    leadersWhy: `who led each partition when printed (Leader), kept at 0 s; the controller's leader-imbalance check (auto.leader.rebalance.enable, leader.imbalance.check.interval.seconds = 300 s after it sees the imbalance) then elects the preferred leaders back`,
  }
}
