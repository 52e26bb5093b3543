// The share coordinator lives on brokers (KIP-932): a share-partition's persisted state is in the
// __share_group_state partition its key hashes to (kafka/shareCoordinatorPlacement.ts), and that
// partition's leader is the share coordinator the share-partition leader writes to and reads from.
// When that broker crashes, the state partition fails over like any partition (a new leader from
// its ISR once the controller fences the broker) and the new leader loads the state before it
// answers. Meanwhile writes wait in the persister's retries (sharePersister.ts), and a
// share-partition that changed leader cannot be initialised (ReadShareGroupState) until the state
// is back. Plain data in `w.faults.shareState`, created at the first broker fault of a share group,
// so runs without one carry nothing new.

import { NO_LEADER } from '../../kafka/leaderElection.ts'
import { topicIdHashOf } from '../../kafka/shareAssignor.ts'
import { SHARE_STATE_TOPIC_DEFAULTS, shareCoordinatorKey, shareStatePartitionFor, topicIdString } from '../../kafka/shareCoordinatorPlacement.ts'
import { brokerUp } from '../brokers/clusterState.ts'
import {
  coordinatorLoadMs,
  fenceCoordinatorPartition,
  internalTopicPlacement,
  loseCoordinatorPartition,
  newCoordinatorPartition,
  restartCoordinatorPartition,
  type CoordinatorPartition,
} from '../brokers/coordinatorState.ts'
import { faultSettings } from '../brokers/faultState.ts'
import type { SimCore } from '../core.ts'
import { defer } from '../deferred.ts'
import type { WorldState } from '../worldState.ts'

/**
 * The state topic's placement draws from its own stream of the seed (as __consumer_offsets does
 * with stream 16): Kafka creates it on its own, and its draws must not shift any other placement.
 */
const SHARE_STATE_PLACEMENT_STREAM = 17

/** One __share_group_state partition that holds some of this group's share-partitions. */
export type ShareStatePartition = CoordinatorPartition

export interface ShareStateCoordinators {
  /** By state partition number, only the ones a fault touched. */
  parts: Record<number, ShareStatePartition>
}

/** Replicas of the 50 state partitions. */
function statePlacement(w: WorldState): number[][] {
  const d = SHARE_STATE_TOPIC_DEFAULTS
  return internalTopicPlacement(w, d['share.coordinator.state.topic.num.partitions'], d['share.coordinator.state.topic.replication.factor'], SHARE_STATE_PLACEMENT_STREAM)
}

/** The __share_group_state partition holding data partition p's share-partition state. */
export function statePartitionOf(w: WorldState, p: number): number {
  const topic = w.live.topic.name
  const group = w.live.group.groupId
  // Keyed by the run's live scenario object (no key string built per call: the frame asks per lane).
  let c = statePartitions.get(w.live)
  if (c === undefined || c.group !== group || c.topic !== topic) {
    c = { group, topic, topicId: topicIdString(topic, topicIdHashOf(topic)), of: [] }
    statePartitions.set(w.live, c)
  }
  return (c.of[p] ??= shareStatePartitionFor(shareCoordinatorKey(group, c.topicId, p)))
}

// Cache of the pure (group, topic, partition) → state partition map: asked per acknowledgement and,
// after a fault, per lane of every frame. Not state.
const statePartitions = new WeakMap<object, { group: string; topic: string; topicId: string; of: number[] }>()

/** The broker holding p's share state now (its state partition's leader; -1 while offline). */
export function shareCoordinatorBrokerOf(w: WorldState, p: number): number {
  return coordinatorBroker(w, statePlacement(w), statePartitionOf(w, p))
}

/** Per broker index: how many of the topic's partitions have their share coordinator there now. */
export function shareCoordinatorCounts(w: WorldState): number[] {
  const out = new Array<number>(w.cluster.brokers.length).fill(0)
  const placement = statePlacement(w)
  for (let p = 0; p < w.P; p++) {
    const b = coordinatorBroker(w, placement, statePartitionOf(w, p))
    if (b >= 0) out[b]!++
  }
  return out
}

function coordinatorBroker(w: WorldState, placement: number[][], s: number): number {
  const known = w.faults?.shareState?.parts[s]
  return known !== undefined ? known.leader : placement[s]![0]!
}

/** Whether p's share coordinator answers at time t (no outage, or a new leader has loaded the state by then). */
export function shareStateReady(w: WorldState, p: number, t: number): boolean {
  const parts = w.faults?.shareState?.parts
  if (parts === undefined) return true
  const s = parts[statePartitionOf(w, p)]
  return s === undefined || s.lostAt < 0 || s.loadedAt <= t
}

function coordinatorsOf(w: WorldState): ShareStateCoordinators {
  const f = w.faults!
  f.shareState ??= { parts: {} }
  return f.shareState
}

/** Every state partition this group's share-partitions use, with its registration (created on first use). */
function touchedParts(w: WorldState): Array<[number, ShareStatePartition]> {
  const c = coordinatorsOf(w)
  const placement = statePlacement(w)
  const used = new Set<number>()
  for (let p = 0; p < w.P; p++) used.add(statePartitionOf(w, p))
  const sorted = [...used].sort((a, b) => a - b)
  for (const s of sorted) {
    c.parts[s] ??= newCoordinatorPartition(placement[s]!)
  }
  return sorted.map((s) => [s, c.parts[s]!])
}


/** Broker b crashed: the state partitions it led lose their share coordinator. */
export function shareStateBrokerCrashed(sim: SimCore, b: number): void {
  const w = sim.w
  if (w.share === undefined) return
  const lost: number[] = []
  for (const [s, st] of touchedParts(w)) {
    if (st.leader !== b) continue
    loseCoordinatorPartition(st, sim.kernel.now)
    lost.push(s)
  }
  if (lost.length > 0) sim.say({ kind: 'shareState.lost', broker: b, statePartitions: lost, partitions: dataPartitionsOf(w, lost) })
}

/** The controller fenced b: state partitions elect from their ISR; a new leader loads the state. */
export function shareStateBrokerFenced(sim: SimCore, b: number): void {
  const w = sim.w
  if (w.share === undefined) return
  const uncleanElection = faultSettings(w.live.cluster).uncleanElection
  for (const [s, st] of touchedParts(w)) if (fenceCoordinatorPartition(st, b, brokerUp(w.cluster), uncleanElection)) startLoad(sim, s, st)
}

/** Broker b registered again: back in the ISRs; an offline state partition it holds comes back. */
export function shareStateBrokerRestarted(sim: SimCore, b: number): void {
  const w = sim.w
  if (w.share === undefined) return
  for (const [s, st] of touchedParts(w)) if (restartCoordinatorPartition(st, b, brokerUp(w.cluster))) startLoad(sim, s, st)
}

/** As for the group coordinator: the new leader learns it from the controller and reads the (small) state partition. */
function startLoad(sim: SimCore, s: number, st: ShareStatePartition): void {
  st.loadedAt = sim.kernel.now + coordinatorLoadMs(sim.w)
  defer(sim, st.loadedAt, { fault: { kind: 'shareStateLoaded', statePartition: s, epoch: st.epoch } })
}

/** The load timer: that state partition's coordinator answers again. */
export function shareStateLoaded(sim: SimCore, s: number, epoch: number): void {
  const st = sim.w.faults?.shareState?.parts[s]
  if (st === undefined || st.epoch !== epoch || st.lostAt < 0 || st.leader === NO_LEADER) return
  sim.say({ kind: 'shareState.loaded', broker: st.leader, statePartition: s, partitions: dataPartitionsOf(sim.w, [s]), outageMs: sim.kernel.now - st.lostAt })
  st.lostAt = -1
}

function dataPartitionsOf(w: WorldState, stateParts: readonly number[]): number[] {
  const want = new Set(stateParts)
  const out: number[] = []
  for (let p = 0; p < w.P; p++) if (want.has(statePartitionOf(w, p))) out.push(p)
  return out
}
