// The cluster rebalance's facts (reassign.ts) and their English. Brokers are named as on the page
// (index 0 is "broker 1", clusterState.brokerNumber).

import { brokerNumber } from './clusterState.ts'

export type ClusterFact =
  | { kind: 'cluster.plan'; leaderMoves: number; replicaMoves: number; bytes: number; estimatedMs: number; throttle: number; busiestBefore: number; busiestAfter: number }
  | { kind: 'cluster.leaderMoved'; partition: number; from: number; to: number }
  | { kind: 'cluster.replicaMoveStarted'; partition: number; from: number; to: number; bytes: number; throttle: number }
  | { kind: 'cluster.replicaMoveDone'; partition: number; from: number; to: number; ms: number; leader: number }
  | { kind: 'cluster.moveSkipped'; partition: number; from: number; to: number; reason: string }
  | { kind: 'cluster.rebalanceDone'; moves: number; ms: number }

/** "broker 2" for index 1: broker ids as the page shows them. */
export function brokerName(id: number): string {
  return `broker ${brokerNumber(id)}`
}

/** Bytes in MB with sensible digits ("12.5 MB", "0.04 MB"). */
export function megabytes(bytes: number): string {
  const mb = bytes / 1e6
  return `${mb >= 10 ? mb.toFixed(0) : mb >= 0.1 ? mb.toFixed(1) : mb.toFixed(2)} MB`
}

export function duration(ms: number): string {
  if (!Number.isFinite(ms)) return 'never (the throttle is below the partition’s own in-rate)'
  return ms < 1000 ? `${Math.round(ms)} ms` : `${+(ms / 1000).toFixed(1)} s`
}

export function narrateCluster(f: ClusterFact): string {
  switch (f.kind) {
    case 'cluster.plan':
      if (f.leaderMoves + f.replicaMoves === 0) return `cluster rebalance: the brokers are as balanced as moves can make them — nothing to do`
      return (
        `cluster rebalance planned: ${f.leaderMoves} leader move${f.leaderMoves === 1 ? '' : 's'}, ${f.replicaMoves} replica move${f.replicaMoves === 1 ? '' : 's'}` +
        (f.replicaMoves > 0 ? ` (${megabytes(f.bytes)} to copy at ${megabytes(f.throttle)}/s, about ${duration(f.estimatedMs)})` : '') +
        `; busiest broker ${Math.round(f.busiestBefore)} → ${Math.round(f.busiestAfter)} rec/s`
      )
    case 'cluster.leaderMoved':
      return `preferred-leader election: partition ${f.partition}'s leader moves from ${brokerName(f.from)} to ${brokerName(f.to)} (no data copied)`
    case 'cluster.replicaMoveStarted':
      return `partition ${f.partition}: a new replica on ${brokerName(f.to)} copies ${megabytes(f.bytes)} from the leader at ${megabytes(f.throttle)}/s (replacing ${brokerName(f.from)})`
    case 'cluster.replicaMoveDone':
      return (
        `partition ${f.partition}: the replica on ${brokerName(f.to)} caught up after ${duration(f.ms)} and joined the ISR; ${brokerName(f.from)} dropped it` +
        (f.leader >= 0 ? `, ${brokerName(f.leader)} now leads it` : '')
      )
    case 'cluster.moveSkipped':
      return `partition ${f.partition}: move ${brokerName(f.from)} → ${brokerName(f.to)} skipped (${f.reason})`
    case 'cluster.rebalanceDone':
      // Leader moves alone (preferred-leader election) copy nothing and finish in the plan's own
      // millisecond: "in 0 ms" read as a measurement, so say it happened at once.
      if (f.ms === 0) return `cluster rebalance done: ${f.moves} move${f.moves === 1 ? '' : 's'} at once (leader moves copy no data)`
      return `cluster rebalance done: ${f.moves} move${f.moves === 1 ? '' : 's'} in ${duration(f.ms)}`
  }
}
