// Broker faults' facts and their English: who noticed what, when. Brokers are indices inside the
// simulation and numbered from 1 where people read them (brokerNumber), partitions as `p3`.

import type { Acks } from '../../kafka/producerDelivery.ts'
import type { ReplicaOnDownBroker } from './addedPartitions.ts'
import { brokerNumber } from './clusterState.ts'
import { narrateShutdown } from './narrationShutdown.ts'
import { extraAppendMs } from './slowDisk.ts'

export type BrokerFaultFact =
  /** `atCapacity`: it was at its append capacity when it died (only then present); its saturation ends here. */
  | { kind: 'broker.crash'; broker: number; leaderOf: number[]; noticeInMs: number; atCapacity?: true }
  | {
      kind: 'broker.fenced'
      broker: number
      /** Since its last heartbeat: broker.session.timeout.ms when the controller timed it out. */
      silentMs: number
      /** Since it crashed (its last heartbeat was up to broker.heartbeat.interval.ms before). */
      crashedAgoMs: number
      /** Fenced because the session timed out (else it registered again first). */
      timedOut: boolean
      moved: Array<{ partition: number; to: number }>
      offline: number[]
      unreplicated: number
      acks: Acks
      followed: number[]
    }
  | {
      kind: 'broker.restart'
      broker: number
      /** Offline partitions it leads again at once (its registration elects it). */
      leaderAgain: number[]
      /** Partitions that prefer it (it is their first replica) and are led elsewhere: it follows them for now. */
      preferred: number[]
      /** Partitions it holds outside their ISR with no running leader to copy from: it waits (absent when none). */
      noLeader?: number[]
      /** When the controller's next leader-imbalance check runs (sim ms); null: auto.leader.rebalance.enable=false. */
      leaderCheckAt: number | null
      /** leader.imbalance.check.interval.seconds */
      intervalSec: number
    }
  | {
      kind: 'broker.shutdown'
      broker: number
      moved: Array<{ partition: number; to: number }>
      /** Partitions it led whose only in-sync replica it was: no leader until it is back. */
      offline: number[]
      followed: number[]
      unreplicated: number
      acks: Acks
      /** Until the controller grants the shutdown and the broker stops (0: it led nothing). */
      stopInMs: number
    }
  | {
      kind: 'broker.stopped'
      broker: number
      afterMs: number
      /** Offline partitions whose only in-sync replica it is: they wait for it to come back. */
      offline: number[]
    }
  | { kind: 'broker.isrJoin'; partitions: number[]; broker: number }
  | { kind: 'broker.clientsResumed'; moved: Array<{ partition: number; to: number }> }
  | {
      kind: 'broker.preferredLeaders'
      moved: Array<{ partition: number; to: number; from: number }>
      /** Imbalanced partitions whose preferred broker runs but is not yet back in their ISR. */
      waiting: number[]
      intervalSec: number
      /** The next check (sim ms), when a partition is still away from its preferred leader. */
      nextCheckAt: number | null
    }
  | { kind: 'broker.slow'; broker: number; factor: number; capacityPerSec: number | null }
  /**
   * 0 s, a placement kept as imported (cluster.assignment): partitions each broker leads, those led
   * by another replica than their preferred one, and when the controller's imbalance check runs
   * (null: auto.leader.rebalance.enable is off, or every preferred leader leads).
   */
  | { kind: 'broker.placement'; leaders: number[]; notPreferred: Array<{ partition: number; leader: number; preferred: number }>; checkAtMs: number | null }

const KINDS = new Set(['broker.placement', 'broker.crash', 'broker.fenced', 'broker.shutdown', 'broker.stopped', 'broker.restart', 'broker.isrJoin', 'broker.clientsResumed', 'broker.preferredLeaders', 'broker.slow'])

export function isBrokerFaultFact(f: { kind: string }): f is BrokerFaultFact {
  return KINDS.has(f.kind)
}

export const parts = (ps: readonly number[]): string => (ps.length <= 8 ? ps.map((p) => `p${p}`).join(', ') : `${ps.slice(0, 8).map((p) => `p${p}`).join(', ')} … (${ps.length})`)
export const secs = (ms: number): string => `${+(ms / 1000).toFixed(1)} s`

/** "p3, p7 to broker 1; p5 to broker 3": moves grouped by their new leader. */
export function moves(ms: ReadonlyArray<{ partition: number; to: number }>): string {
  const by = new Map<number, number[]>()
  for (const m of ms) by.set(m.to, [...(by.get(m.to) ?? []), m.partition])
  return [...by.entries()].map(([to, ps]) => `${parts(ps)} to broker ${brokerNumber(to)}`).join('; ')
}

/** "broker 3 for p2, p7; broker 1 for p3": the same moves, leader first. */
function leaders(ms: ReadonlyArray<{ partition: number; to: number }>): string {
  const by = new Map<number, number[]>()
  for (const m of ms) by.set(m.to, [...(by.get(m.to) ?? []), m.partition])
  return [...by.entries()].map(([to, ps]) => `broker ${brokerNumber(to)} for ${parts(ps)}`).join('; ')
}

export function narrateBrokerFault(f: BrokerFaultFact): string {
  switch (f.kind) {
    case 'broker.crash': {
      const b = `broker ${brokerNumber(f.broker)}`
      const led = f.leaderOf.length > 0 ? `; producers and consumers of ${parts(f.leaderOf)} lose their leader and retry` : ''
      // Its AT CAPACITY goes with the crash: said here, so the strip's change has its words.
      const cap = f.atCapacity === true ? ' (it was at its append capacity; a dead broker appends nothing)' : ''
      return `${b} crashed${cap}: its heartbeats to the controller stop${led}; the controller will notice in ${secs(f.noticeInMs)} (broker.session.timeout.ms)`
    }
    case 'broker.fenced': {
      const b = `broker ${brokerNumber(f.broker)}`
      // The silence the controller timed (from the last heartbeat), so it matches the session
      // timeout the crash line announced; "7.6 s" since the crash read as a shorter timeout.
      const silence = f.timedOut
        ? `${b} sent no heartbeat for ${secs(f.silentMs)} (broker.session.timeout.ms; it crashed ${secs(f.crashedAgoMs)} ago)`
        : `${b} registered again ${secs(f.crashedAgoMs)} after its crash, before broker.session.timeout.ms ran out`
      const out: string[] = [`${silence}; the controller fenced it and dropped it from the in-sync replicas`]
      if (f.moved.length > 0) out.push(`moved leadership of ${moves(f.moved)}`)
      if (f.offline.length > 0) out.push(`${parts(f.offline)} offline: no in-sync replica alive (unclean leader election is off)`)
      if (f.followed.length > 0) out.push(`${parts(f.followed)}, which it followed, move on (high watermark${f.acks === 'all' ? ' and acks=all writes' : ''} no longer wait for it)`)
      if (f.unreplicated > 0) {
        out.push(
          f.acks === 'all'
            ? `${f.unreplicated} records it had not yet replicated were never acknowledged (acks=all): the producer sends them again`
            : `${f.unreplicated} acknowledged records it had not yet replicated are lost (acks=${f.acks})`,
        )
      }
      return out.join('; ')
    }
    case 'broker.shutdown':
    case 'broker.stopped':
      return narrateShutdown(f)
    case 'broker.restart': {
      const b = `broker ${brokerNumber(f.broker)}`
      const out = [
        f.leaderAgain.length > 0
          ? `${b} restarts and registers; it leads offline ${parts(f.leaderAgain)} again at once and is back as a follower elsewhere: it catches up its other replicas before rejoining their in-sync sets`
          : `${b} restarts and registers; it is back as a follower: it catches up its replicas before rejoining their in-sync sets`,
      ]
      if (f.noLeader !== undefined) {
        out.push(
          `${parts(f.noLeader)} have no running leader to copy from (offline, or led by a dead broker the controller has not fenced yet): it stays out of their in-sync sets, and cannot lead them, until a leader is elected from their in-sync replicas`,
        )
      }
      // Kafka does not hand a restarted broker its leaders back: the controller's check does, later.
      if (f.preferred.length > 0) {
        out.push(
          f.leaderCheckAt !== null
            ? `it leads ${parts(f.preferred)}, whose preferred leader it is, again only at the controller's next leader-imbalance check, at ${secs(f.leaderCheckAt)} (leader.imbalance.check.interval.seconds = ${f.intervalSec} s after the leaders moved; auto.leader.rebalance.enable)`
            : `it leads none of ${parts(f.preferred)}, whose preferred leader it is, until someone runs a preferred leader election (kafka-leader-election.sh): auto.leader.rebalance.enable is false`,
        )
      }
      return out.join('; ')
    }
    case 'broker.isrJoin':
      return `broker ${brokerNumber(f.broker)} caught up and rejoins the in-sync replicas of ${parts(f.partitions)}`
    case 'broker.clientsResumed':
      // The burst that follows is not a hot lane (hotspots.ts judges what producers send, too): said
      // here, so a lesson's In spike and busy lanes after a failover have their cause on screen.
      return `producers and consumers refreshed metadata and found the new leaders (${leaders(f.moved)}): those lanes resume, and the batches their producers held back are sent at once (a catch-up burst, not a hot key)`
    case 'broker.preferredLeaders': {
      const head = `the controller's leader-imbalance check (auto.leader.rebalance.enable, leader.imbalance.check.interval.seconds = ${f.intervalSec} s)`
      const body = f.moved.length > 0 ? `preferred leaders take back ${moves(f.moved)}; clients follow after one round trip, nothing is lost` : 'nothing to move back yet'
      const next = f.nextCheckAt !== null ? ` (next check at ${secs(f.nextCheckAt)})` : ''
      const wait = f.waiting.length > 0 ? `; ${parts(f.waiting)} wait: their preferred broker is not back in their in-sync replicas yet${next}` : ''
      return `${head}: ${body}${wait}`
    }
    case 'broker.placement': {
      const led = f.leaders.map((n, b) => ({ b, n })).filter((x) => x.n > 0).sort((a, b) => b.n - a.n || a.b - b.b)
      const shown = led.slice(0, 4).map((x) => `broker ${brokerNumber(x.b)} leads ${x.n}`).join(', ') + (led.length > 4 ? ', …' : '')
      const head = `replicas and leaders as the imported cluster placed them (cluster.assignment, not KRaft's placer): ${shown}`
      if (f.notPreferred.length === 0) return head
      const away = f.notPreferred.map((x) => x.partition)
      const check =
        f.checkAtMs === null
          ? 'auto.leader.rebalance.enable is off, so they stay'
          : `the controller's leader-imbalance check at ${secs(f.checkAtMs)} (leader.imbalance.check.interval.seconds) moves them back to their preferred replicas`
      return `${head}; ${parts(away)} led by another replica than the preferred one (the first listed): ${check}`
    }
    case 'broker.slow':
      if (f.factor === 1) return `broker ${brokerNumber(f.broker)}'s disk is back to normal`
      return (
        `broker ${brokerNumber(f.broker)}'s disk is slow: each append takes ${f.factor}× longer (+${extraAppendMs(f.factor)} ms), so the lanes it leads, and with ` +
        `it as an in-sync follower those whose high watermark waits for it (acks=all writes too), reach consumers later` +
        (f.capacityPerSec === null ? '' : `; it also appends at most ${Math.round(f.capacityPerSec / f.factor)} rec/s and every lane it leads slows`)
      )
  }
}

/**
 * Added partitions with a replica on a down broker (topic.partitionsAdded), per broker: a fenced one
 * holds only last-resort followers; one whose crash the controller has not noticed yet may lead too.
 */
export function onDownBrokers(list: readonly ReplicaOnDownBroker[]): string {
  const by = new Map<number, ReplicaOnDownBroker[]>()
  for (const r of list) by.set(r.broker, [...(by.get(r.broker) ?? []), r])
  let out = ''
  for (const [b, rs] of by) {
    const led = rs.filter((r) => r.leads).map((r) => r.partition)
    const followed = rs.filter((r) => !r.leads).map((r) => r.partition)
    if (rs[0]!.fenced) {
      out += `; broker ${brokerNumber(b)} is fenced, so it leads none of them, but holds a replica of ${parts(followed)} to make up replication.factor (out of the ISR until it is back)`
      continue
    }
    const roles = [led.length > 0 ? `leads ${parts(led)}` : '', followed.length > 0 ? `follows ${parts(followed)}` : ''].filter((x) => x !== '').join(' and ')
    out += `; broker ${brokerNumber(b)} is down but not yet fenced, so the controller placed it like a live one: it ${roles}, whose clients wait until it is fenced`
  }
  return out
}
