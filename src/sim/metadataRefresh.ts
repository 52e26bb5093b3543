// Adding partitions and who learns of them when. The broker has the new partitions at once;
// producers see them at their next metadata refresh (metadata.max.age.ms), and so does the classic
// group's leader, whose rejoin then rebalances the group. Under KIP-848 the group coordinator owns
// the metadata image and bumps the group epoch at once; members learn at their next heartbeat. Refreshes run on a fixed phase since
// t = 0 (producers at multiples of their period, the consumer half a period later), so the two
// differ; several additions before a refresh are handled by that one refresh.

import { remappedKeys } from '../kafka/keyRemapping.ts'
import type { SimCore } from './core.ts'
import { defer } from './deferred.ts'
import { allKeyNames } from './keyModel.ts'
import { rebuildProducer } from './producers.ts'
import { growPartitions } from './growPartitions.ts'
import { clusterOf } from '../scenario/defaults.ts'
import { growClusterPartitions } from './brokers/clusterState.ts'
import { fencedBrokers, partitionsAddedWhileDown } from './brokers/addedPartitions.ts'
import { InvalidReplicationFactorError } from '../kafka/replicaPlacer.ts'

/** The topic grows to what the scenario's settings now say (applyCommandToScenario has clamped it). */
export function addPartitions(sim: SimCore): void {
  const w = sim.w
  const from = w.P
  const to = w.live.topic.partitions
  if (to <= from) return
  // The controller places the new partitions at once (CreatePartitions), continuing the stripe over
  // the brokers it has not fenced; when it cannot (every broker fenced), the request fails and the
  // topic keeps its partitions, as kafka-topics --alter would report.
  try {
    growClusterPartitions(w.cluster, clusterOf(w.live), to, sim.rng.brokers, fencedBrokers(w))
  } catch (e) {
    if (!(e instanceof InvalidReplicationFactorError)) throw e
    w.live = { ...w.live, topic: { ...w.live.topic, partitions: from } }
    w.refusedPartitionAdds = [...(w.refusedPartitionAdds ?? []), { atMs: sim.kernel.now, from, to, error: e.message }]
    sim.say({ kind: 'topic.partitionsRefused', from, to, error: e.message })
    return
  }
  growPartitions(w, to)
  const down = partitionsAddedWhileDown(sim, from, to)
  const now = sim.kernel.now
  const producerAge = Math.max(1, w.live.producerConfig['metadata.max.age.ms'])
  const consumerAge = Math.max(1, w.live.group.config['metadata.max.age.ms'])
  const producersAt = nextPhase(now, producerAge, 0)
  const groupAt = nextPhase(now, consumerAge, consumerAge / 2)
  // KIP-848's and a share group's (KIP-932) coordinator read the broker's metadata themselves.
  const coordinatorSees = w.live.group.protocol === 'consumer' || w.live.group.type === 'share'
  sim.say({ kind: 'topic.partitionsAdded', from, to, producersInMs: producersAt - now, groupInMs: groupAt - now, groupAtCoordinator: coordinatorSees, ...(down.length > 0 ? { onDownBrokers: down } : {}) })
  if (!w.producerRefreshPending) {
    w.producerRefreshPending = true
    defer(sim, producersAt, { refresh: 'producers' })
  }
  if (coordinatorSees) sim.group.partitionsChanged(to)
  else if (!w.groupRefreshPending) {
    w.groupRefreshPending = true
    defer(sim, groupAt, { refresh: 'group' })
  }
}

/** Producers' metadata refresh: they now route over all partitions, and keys move. */
export function producersRefreshMetadata(sim: SimCore): void {
  const w = sim.w
  w.producerRefreshPending = false
  const from = w.producerPartitions
  const to = w.P
  if (to === from) return
  let moved = 0
  for (const spec of w.live.producers) moved += remappedKeys(allKeyNames(spec.keys), from, to).count
  w.remappedKeys += moved
  w.producerPartitions = to
  for (let i = 0; i < w.producers.length; i++) rebuildProducer(sim, i)
  sim.say({ kind: 'producer.metadataRefresh', partitions: to, movedKeys: moved })
}

/** The group leader's metadata refresh: its snapshot no longer matches the assignment, so it rejoins. */
export function groupLeaderRefreshesMetadata(sim: SimCore): void {
  const w = sim.w
  w.groupRefreshPending = false
  sim.say({ kind: 'group.metadataRefresh', partitions: w.P })
  sim.group.partitionsChanged(w.P)
}

/** The first time after `now` that is `phase` plus a multiple of `period` (a client's next metadata refresh). */
export function nextPhase(now: number, period: number, phase: number): number {
  const into = (((now - phase) % period) + period) % period
  return now + (period - into)
}
