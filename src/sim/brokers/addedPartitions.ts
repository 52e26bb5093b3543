// Partitions added (CreatePartitions) while brokers are down. The controller places them by what
// it knows: a fenced broker is still registered, so the placer may give it a last-resort follower
// (out of the ISR) but never a leader; a crashed broker it has not fenced yet (its heartbeats have
// not timed out: broker.session.timeout.ms) looks alive to it, so it may lead or follow a new
// partition exactly as in Kafka, and that partition's clients then wait for the fence like the
// ones of the partitions it led when it crashed.

import type { SimCore } from '../core.ts'
import type { WorldState } from '../worldState.ts'
import { producerDelivery } from './faultState.ts'
import { clientsLoseBroker } from './leadership.ts'

/** The brokers the controller has fenced now (ClusterControlManager's view; none before any fault). */
export function fencedBrokers(w: WorldState): Set<number> {
  const out = new Set<number>()
  const f = w.faults
  if (f !== undefined) f.fenced.forEach((x, b) => x && out.add(b))
  return out
}

/** A new partition's replica on a broker that is down, as the narration tells it. */
export interface ReplicaOnDownBroker {
  partition: number
  broker: number
  /** Whether that broker leads the partition (only possible before the controller fences it). */
  leads: boolean
  /** Whether the controller had fenced that broker (else it crashed and is not noticed yet). */
  fenced: boolean
}

/**
 * After partitions [from, to) were placed and the world grew: a fenced broker's replica copies the
 * whole log when the broker returns (it left the ISR at offset 0); a crashed, not yet fenced
 * broker's replica holds the partition's clients until the fence (faults.ts then elects).
 */
export function partitionsAddedWhileDown(sim: SimCore, from: number, to: number): ReplicaOnDownBroker[] {
  const w = sim.w
  const f = w.faults
  const out: ReplicaOnDownBroker[] = []
  if (f === undefined) return out
  const now = sim.kernel.now
  const acksAll = producerDelivery(w.live).acks === 'all'
  for (let p = from; p < to; p++) {
    for (const b of w.cluster.replicas[p]!) {
      if (w.cluster.brokers[b]!.up) continue
      if (f.fenced[b] === true) f.leftIsrAt[p]![b] = 0
      else clientsLoseBroker(w, b, p, now, acksAll)
      out.push({ partition: p, broker: b, leads: w.cluster.leader[p] === b, fenced: f.fenced[b] === true })
    }
  }
  return out
}
