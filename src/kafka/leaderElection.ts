// The KRaft controller's partition leadership rules, as pure functions over plain arrays: who leads
// a partition after a broker is fenced or comes back, how the ISR shrinks, and which partitions the
// automatic preferred-leader rebalance moves back. No simulation state; the sim calls these.
//
// Sources (apache/kafka, metadata module): PartitionChangeBuilder.electAnyLeader /
// electPreferredLeader (election order), PartitionChangeBuilder.build (the ISR is never written
// empty unless eligible leader replicas, KIP-966, are enabled: not modelled here), and the
// controller's auto leader rebalance (auto.leader.rebalance.enable, leader.imbalance.check.interval.seconds
// in ReplicationConfigs; ReplicationControlManager.maybeBalancePartitionLeaders).

/** Kafka's LeaderConstants.NO_LEADER: the partition is offline. */
export const NO_LEADER = -1

/** One partition's registration, as the controller keeps it. `replicas[0]` is the preferred leader. */
export interface PartitionRegistration {
  readonly replicas: readonly number[]
  readonly isr: readonly number[]
  readonly leader: number
}

export interface ElectionResult {
  leader: number
  /** Chosen outside the ISR (unclean.leader.election.enable=true): records the ISR had may be lost. */
  unclean: boolean
}

/**
 * Election.ONLINE / UNCLEAN (PartitionChangeBuilder.electAnyLeader): keep the current leader if it
 * is still in the ISR and alive; else the first replica, in replica order, that is in the ISR and
 * alive; else (only with unclean election) the first alive replica; else NO_LEADER.
 */
export function electLeader(
  p: PartitionRegistration,
  isr: readonly number[],
  alive: (broker: number) => boolean,
  uncleanEnabled = false,
): ElectionResult {
  const valid = (b: number) => isr.includes(b) && alive(b)
  if (p.leader !== NO_LEADER && valid(p.leader)) return { leader: p.leader, unclean: false }
  const clean = p.replicas.find(valid)
  if (clean !== undefined) return { leader: clean, unclean: false }
  if (uncleanEnabled) {
    const any = p.replicas.find(alive)
    if (any !== undefined) return { leader: any, unclean: true }
  }
  return { leader: NO_LEADER, unclean: false }
}

/**
 * Election.PREFERRED (electPreferredLeader): the preferred replica if it is in the ISR and alive;
 * else the current leader if still valid; else the first valid replica after the preferred one.
 */
export function electPreferredLeader(p: PartitionRegistration, alive: (broker: number) => boolean): number {
  const valid = (b: number) => p.isr.includes(b) && alive(b)
  const preferred = p.replicas[0]
  if (preferred !== undefined && valid(preferred)) return preferred
  if (p.leader !== NO_LEADER && valid(p.leader)) return p.leader
  return p.replicas.slice(1).find(valid) ?? NO_LEADER
}

export interface PartitionChange {
  leader: number
  isr: number[]
  /** The leader changed (a new leader epoch). */
  leaderChanged: boolean
  unclean: boolean
}

/**
 * The controller fences `broker` (it missed heartbeats for broker.session.timeout.ms): it leaves
 * every ISR, except that an ISR is never left empty (without KIP-966's ELR the last member stays,
 * so the partition can come back when that broker does); partitions it led elect a new leader.
 */
export function fenceBroker(p: PartitionRegistration, broker: number, alive: (b: number) => boolean, uncleanEnabled = false): PartitionChange {
  const without = p.isr.filter((b) => b !== broker)
  const isr = without.length > 0 ? without : [...p.isr]
  const r = electLeader(p, isr, (b) => b !== broker && alive(b), uncleanEnabled)
  const finalIsr = r.unclean ? [r.leader] : isr
  return { leader: r.leader, isr: finalIsr, leaderChanged: r.leader !== p.leader, unclean: r.unclean }
}

/**
 * A broker registers again (unfenced). An offline partition whose ISR still holds it elects it at
 * once (ONLINE election; ReplicationControlManager.handleBrokerUnfenced runs it over
 * brokersToIsrs.partitionsWithNoLeader); elsewhere it is a follower until it catches up (see
 * joinIsr). A replica outside the ISR of an offline partition is no candidate: without KIP-966's
 * ELR (off by default in 4.0, on for new 4.1+ clusters; not modelled) or unclean election, the
 * partition stays offline until a broker in its ISR returns.
 */
export function unfenceBroker(p: PartitionRegistration, alive: (b: number) => boolean): PartitionChange {
  if (p.leader !== NO_LEADER) return { leader: p.leader, isr: [...p.isr], leaderChanged: false, unclean: false }
  const r = electLeader(p, p.isr, alive)
  return { leader: r.leader, isr: [...p.isr], leaderChanged: r.leader !== p.leader, unclean: false }
}

/**
 * A caught-up follower re-enters the ISR; ISR kept in replica order. Only a leader expands its ISR
 * (the follower caught up by fetching from it; ReplicationControlManager.validateAlterPartitionData
 * rejects an AlterPartition from any other broker), so callers apply this only while p has a leader.
 */
export function joinIsr(p: PartitionRegistration, broker: number): number[] {
  if (p.isr.includes(broker) || !p.replicas.includes(broker)) return [...p.isr]
  return p.replicas.filter((b) => b === broker || p.isr.includes(b))
}

/**
 * KRaft's QuorumController.MAX_ELECTIONS_PER_IMBALANCE: one leader-imbalance run elects at most this
 * many preferred leaders; the next run then follows at once (10 ms later) instead of an interval.
 */
export const MAX_ELECTIONS_PER_IMBALANCE = 1000

/**
 * PartitionRegistration.hasPreferredLeader: the leader is the first replica. A partition without it
 * (offline ones too) is in ReplicationControlManager's imbalancedPartitions.
 */
export function hasPreferredLeader(p: PartitionRegistration): boolean {
  return p.leader === p.replicas[0]
}

/**
 * The automatic preferred-leader rebalance as KRaft runs it (ReplicationControlManager
 * .maybeBalancePartitionLeaders, auto.leader.rebalance.enable): every imbalanced partition whose
 * preferred replica is alive and in the ISR moves back to it, in partition order, at most `max` of
 * them (`more`: it stopped there). There is no per-broker threshold: the ZooKeeper controller's
 * leader.imbalance.per.broker.percentage was never read by KRaft and was removed in Kafka 4.0
 * (KAFKA-18743). Returns partition indices, ascending.
 */
export function preferredLeaderMoves(
  parts: readonly PartitionRegistration[],
  alive: (b: number) => boolean,
  max = MAX_ELECTIONS_PER_IMBALANCE,
): { moves: number[]; more: boolean } {
  const moves: number[] = []
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!
    if (hasPreferredLeader(p)) continue
    if (electPreferredLeader(p, alive) !== p.replicas[0]) continue
    if (moves.length >= max) return { moves, more: true }
    moves.push(i)
  }
  return { moves, more: false }
}
