// A controlled shutdown's English (controlledShutdown.ts): leaders move first, then the broker stops.
// Said next to the crash's words (narrationFaults.ts) so a compare of the two reads as a contrast.

import { brokerNumber } from './clusterState.ts'
import { moves, parts, secs, type BrokerFaultFact } from './narrationFaults.ts'

type ShutdownFact = Extract<BrokerFaultFact, { kind: 'broker.shutdown' | 'broker.stopped' }>

export function narrateShutdown(f: ShutdownFact): string {
  const b = `broker ${brokerNumber(f.broker)}`
  if (f.kind === 'broker.stopped') {
    const head = `${b} stopped (controlled shutdown, ${secs(f.afterMs)} after it asked): the controller fenced it; it leads nothing`
    // An older trace's fact has no list: it read as one with none.
    const offline = f.offline ?? []
    return offline.length === 0 ? `${head}, so no lane waits for it` : `${head}, but ${parts(offline)} stay offline until it is back (it was their only in-sync replica)`
  }
  const out: string[] = [`${b} shuts down cleanly (controlled.shutdown.enable): it asks the controller first, which drops it from the in-sync replicas`]
  if (f.moved.length > 0) {
    out.push(`moved leadership of ${moves(f.moved)} before it stops: their clients, told the new leader by the old one (NOT_LEADER_OR_FOLLOWER, KIP-951), pause for one round trip, with no leaderless wait for broker.session.timeout.ms`)
  }
  if (f.offline.length > 0) {
    out.push(`${parts(f.offline)} offline: ${b} was their only in-sync replica, so no leader can take over; they stay offline until ${b} is back (unclean leader election is off)`)
  }
  if (f.followed.length > 0) out.push(`${parts(f.followed)}, which it followed, no longer wait for it`)
  if (f.unreplicated > 0) {
    out.push(
      f.acks === 'all'
        ? `${f.unreplicated} records the new leaders had not yet copied were never acknowledged (acks=all): the producer sends them again`
        : `${f.unreplicated} acknowledged records the new leaders had not yet copied are lost (acks=${f.acks}): the leaders move at once, without waiting for followers`,
    )
  }
  out.push(
    f.stopInMs === 0
      ? `it led nothing, so it stops at once`
      : `it stops ${secs(f.stopInMs)} later, once every broker has heartbeated the new leaders to the controller (broker.heartbeat.interval.ms)`,
  )
  return out.join('; ')
}
