// The data plane as the group protocol sees it (GroupHost): timers on the engine clock, and the
// rebalance listener's callbacks — onPartitionsRevoked, onPartitionsLost, onPartitionsAssigned —
// acting on offsets and ownership.

import { commitReachesCoordinator } from './brokers/coordinatorState.ts'
import { EV, type SimCore } from './core.ts'
import type { GroupHost } from './group/groupRuntime.ts'
import { noteSkipped } from './ledger.ts'
import { partitionLoads } from './partitionLoad.ts'
import { commitPcPartition } from './parallel/pcCommit.ts'
import { schedulePoll } from './pollLoop.ts'
import { shareAssign, shareUnassign } from './share/shareDataPlane.ts'
import { recountStopped } from './stoppedTime.ts'
import { setOwner, type WorldState } from './worldState.ts'
import { segCount, segEnd } from './segLog.ts'

export function createGroupHost(sim: SimCore): GroupHost {
  return {
    now: () => sim.kernel.now,
    schedule: (delayMs, token) => sim.kernel.after(delayMs, EV.group, token),
    cancel: (id) => sim.kernel.cancel(id),
    get rng() {
      return sim.rng.group
    },
    partitionCount: () => sim.w.P,
    partitionLoad: () => partitionLoads(sim.w),
    topicName: () => sim.w.live.topic.name,
    networkLatencyMs: () => sim.w.live.broker.networkLatencyMs,
    commitSync: (m, parts) => commitSync(sim, m, parts),
    // A share group's members read partitions together, without offsets to commit (share/).
    revoke: (m, parts) => (sim.w.share ? (shareUnassign(sim, m, parts), 0) : revoke(sim, m, parts)),
    lose: (m, parts) => (sim.w.share ? shareUnassign(sim, m, parts) : lose(sim, m, parts)),
    assign: (m, parts) => (sim.w.share ? shareAssign(sim, m, parts) : assign(sim, m, parts)),
    say: (fact) => sim.say(fact),
    memberName: (m) => memberName(sim, m),
  }
}

function memberName(sim: SimCore, m: number): string {
  return sim.w.consumers[m]?.name ?? `consumer-?${m}`
}

/**
 * The consumer's synchronous auto-commit of what it has consumed from the partitions it still owns
 * (ConsumerCoordinator.onJoinPrepare before every rejoin; the KIP-848 consumer before reconciling
 * and on close). Returns the round trip it takes, or 0 when nothing was committed.
 */
function commitSync(sim: SimCore, m: number, parts: readonly number[]): number {
  const w = sim.w
  // Hook: no reachable coordinator: the commit fails (the rejoin goes on without it, as onJoinPrepare does when its timer runs out).
  if (!commitReachesCoordinator(w, sim.kernel.now)) return 0
  let n = 0
  for (const p of parts) {
    if (w.owner[p] !== m) continue
    // Hook: a Parallel Consumer commits only completed offsets.
    if (w.live.group.parallel) commitPcPartition(w, m, p, sim.kernel.now)
    else w.committed[p] = w.pos[p]!
    n++
  }
  return n > 0 ? 2 * w.live.broker.networkLatencyMs : 0
}

/**
 * onPartitionsRevoked. The auto-commit is the member's own step before it (commitSync: before
 * every rejoin, reconciliation or close); here only an application that commits in the callback
 * (`commitOnRevoke`) commits. A classic cooperative member keeps consuming after its rejoin's
 * commit and revokes after SyncGroup, so what it fetched in between is processed again by the new
 * owner, unless it commits here.
 */
function revoke(sim: SimCore, m: number, parts: readonly number[]): number {
  const w = sim.w
  // Hook: a commit in the callback fails without a reachable coordinator (brokers/coordinatorState.ts).
  const commit = w.live.group.processing.commitOnRevoke && parts.some((p) => w.owner[p] === m) && commitReachesCoordinator(w, sim.kernel.now)
  let n = 0
  for (const p of parts) {
    if (w.owner[p] !== m) continue
    if (commit && w.live.group.parallel) commitPcPartition(w, m, p, sim.kernel.now)
    else if (commit) w.committed[p] = w.pos[p]!
    setOwner(w, p, -1)
    n++
  }
  w.revokedPartitions += n
  recountStopped(sim)
  return commit && n > 0 ? 2 * w.live.broker.networkLatencyMs : 0
}

/** onPartitionsLost: nothing is committed; the next owner starts from the last commit. */
function lose(sim: SimCore, m: number, parts: readonly number[]): void {
  const w = sim.w
  let n = 0
  for (const p of parts) {
    if (w.owner[p] !== m) continue
    setOwner(w, p, -1)
    n++
  }
  w.lostPartitions += n
  recountStopped(sim)
}

/** onPartitionsAssigned: fetching starts from the committed offset (or auto.offset.reset). */
function assign(sim: SimCore, m: number, parts: readonly number[]): void {
  const w = sim.w
  const now = sim.kernel.now
  const reset = w.live.group.config['auto.offset.reset']
  for (const p of parts) {
    if (p < 0 || p >= w.P) continue
    const prev = w.owner[p]!
    // The group moved it while the old owner was still busy (e.g. removed by max.poll.interval.ms):
    // the old owner finishes its batch and learns at its next poll (onPartitionsLost), as in Kafka.
    if (prev >= 0 && prev !== m) sim.say({ kind: 'group.handover', partition: p, to: memberName(sim, m), from: memberName(sim, prev) })
    setOwner(w, p, m)
    if (w.lastOwner[p]! >= 0 && w.lastOwner[p] !== m) w.movedAt[p] = now
    w.lastOwner[p] = m
    let start = w.committed[p]!
    if (start < 0) {
      start = reset === 'earliest' ? 0 : w.leo[p]!
      w.committed[p] = start
      if (start > w.delivered[p]!) {
        const skipped = start - w.delivered[p]!
        w.skipped[p]! += skipped
        skipTo(w, p, start, now)
        sim.say({ kind: 'partition.offsetReset', partition: p, skipped })
      }
    }
    w.pos[p] = start
  }
  recountStopped(sim)
  const cs = w.consumers[m]
  if (cs && cs.status === 'running' && cs.waiting) {
    cs.waiting = false
    schedulePoll(sim, m, now)
  }
}

/** Advances a partition's first-delivery frontier without delivering (offset reset skipped them). */
function skipTo(w: WorldState, p: number, offset: number, now: number): void {
  noteSkipped(w.ledger, p, w.delivered[p]!, offset)
  let h = w.segHead[p]!
  while (h < segCount(w.segs, p) && segEnd(w.segs, p, h) <= offset) h++
  w.segHead[p] = h
  for (const idx of w.partKeySegs[p]!) {
    const s = w.keySegs[idx]!
    while (s.head < s.end.length && s.end[s.head]! <= offset) s.head++
  }
  const list = w.samplesByP[p]!
  let sh = w.sampleHead[p]!
  while (sh < list.length && list[sh]!.offset < offset) list[sh++]!.consumedAt = now
  w.sampleHead[p] = sh
  w.delivered[p] = offset
}
