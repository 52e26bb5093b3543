// Builds the read-only Frame the view draws: copies of the per-partition arrays, members with
// their protocol phase, totals, hot keys and the newest sampled records.

import { parallelView } from './parallel/pcFrame.ts'
import type { ParallelView } from './frameTypes.ts'
import { memberCountdowns, metadataCountdowns } from './countdowns.ts'
import { LANE_HOT, LANE_MOVING, LANE_PAUSED, LANE_SATURATED, LANE_STATE_WAIT, LANE_STOPPED, PARTICLE_STRIDE, type Frame, type GroupView, type HotKeyView, type MemberView } from './frameTypes.ts'
import type { GroupRuntime } from './group/groupRuntime.ts'
import { shownShare } from './hotspots.ts'
import { saltedPartitions } from './keyModel.ts'
import { computeTotals } from './summary.ts'
import type { WorldState } from './worldState.ts'
import { segCount, segTime } from './segLog.ts'
import { brokerViews, laneNoLeader } from './brokers/brokerView.ts'
import { heldLanes } from './laneHeld.ts'
import { shareGroupView } from './share/shareSummary.ts'
import { runningReader } from './share/shareState.ts'
import { shareStateReady } from './share/shareStateCoordinator.ts'

/** How long a lane that changed owner is shown as handed over (its link to the new owner dashed). */
const HANDOVER_SHOWN_MS = 3000

/**
 * The world at `now`. Reads only: asking for frames never changes a run. With `borrow`, the
 * per-partition arrays the world keeps (offsets, rates, owners, leaders) are the world's own, not
 * copies: for a caller that reduces the frame at once and keeps nothing of it (the worker turning
 * 10 000 lanes into the page's rows: copying ~1 MB a frame to throw it away cost it its frame rate).
 */
export function buildFrame(w: WorldState, group: GroupRuntime, now: number, maxParticles: number, borrow = false): Frame {
  const copy = <A extends Float64Array | Int32Array>(a: A): A => (borrow ? a : (a.slice() as A))
  const P = w.P
  const lag = new Float64Array(P)
  const lagMs = new Float64Array(P)
  const flags = new Uint8Array(P)
  for (let p = 0; p < P; p++) {
    lag[p] = w.leo[p]! - w.delivered[p]!
    const h = w.segHead[p]!
    lagMs[p] = h < segCount(w.segs, p) && lag[p]! > 0 ? now - segTime(w.segs, p, h) : 0
    // A share group's lane is flagged by a member still reading it, if any (several read each lane).
    const reader = w.share ? runningReader(w, p, now) : -1
    const c = reader >= 0 ? reader : w.owner[p]!
    const cs = c >= 0 ? w.consumers[c] : undefined
    let f = 0
    if (!cs || cs.status !== 'running') f |= LANE_STOPPED
    else if (now < cs.pausedUntil) f |= LANE_PAUSED | LANE_STOPPED
    if (w.hotLane[p]) f |= LANE_HOT
    if (c >= 0 && now - w.movedAt[p]! < HANDOVER_SHOWN_MS) f |= LANE_MOVING
    if (w.buffered[p]! > 0) f |= LANE_SATURATED
    if (w.share && (w.share.initPending?.[p] || !shareStateReady(w, p, now))) f |= LANE_STATE_WAIT
    flags[p] = f
  }
  const members: MemberView[] = w.consumers.map((cs, c) => {
    const pv = group.member(c)
    const owned = cs.owned.slice()
    const phase =
      cs.status === 'crashed' || cs.status === 'closed' ? 'dead' : cs.status === 'down' ? (cs.everStarted ? 'restarting' : 'starting') : now < cs.pausedUntil ? 'paused' : pv.phase
    const countdowns = memberCountdowns(w, c, pv, now)
    return { name: cs.name, memberId: pv.memberId, groupInstanceId: pv.groupInstanceId, phase, owned, utilization: cs.utilization, speed: cs.speed, generation: pv.generation, countdowns }
  })
  const hotKeys: HotKeyView[] = []
  const dyn = w.live.dynamic
  const totalRate = sumRates(w)
  for (const ps of w.producers) {
    ps.model.tracked.forEach((tk, k) => {
      if (tk.role === 'sample') return
      let partitions = [tk.partition]
      if (ps.flagged[k] && dyn.salting.enabled && !dyn.loadAware.enabled) {
        partitions = saltedPartitions(tk.name, dyn.salting.splits, w.producerPartitions)
      }
      const share = shownShare(w, ps, k)
      hotKeys.push({ key: tk.name, share, ratePerSec: share * totalRate, partitions, flagged: ps.flagged[k]! })
    })
  }
  hotKeys.sort((a, b) => b.share - a.share)
  const held = heldLanes(w)
  const frame: Frame = {
    t: now,
    partitions: P,
    logEndOffset: copy(w.leo),
    position: copy(w.pos),
    committed: copy(w.committed),
    lag,
    lagMs,
    inRate: copy(w.inRate),
    outRate: copy(w.outRate),
    owner: copy(w.owner),
    laneFlags: flags,
    members,
    group: withMetadata(group.group(), w, now),
    totals: computeTotals(w, group, now),
    hotKeys: hotKeys.slice(0, 8),
    particles: packParticles(w, maxParticles),
    brokers: brokerViews(w, now),
    laneLeader: copy(w.cluster.leader),
    laneNoLeader: laneNoLeader(w, now),
    ...(w.refusedPartitionAdds ? { refusedPartitions: w.refusedPartitionAdds.reduce((n, r) => n + r.to - r.from, 0) } : {}),
    ...shareFrame(w, now),
    // Hook: the Parallel Consumer's view, only when group.parallel runs.
    ...parallelPart(w, now),
  }
  // Set only when a lane holds records: most frames have none, and then no list is built.
  if (held !== undefined) frame.heldLanes = held
  return frame
}

function withMetadata(g: GroupView, w: WorldState, now: number): GroupView {
  return { ...g, countdowns: [...g.countdowns, ...metadataCountdowns(w, now)] }
}

function sumRates(w: WorldState): number {
  let s = 0
  for (let p = 0; p < w.P; p++) s += w.inRate[p]!
  return s
}

/** The newest samples of every lane, round-robin across lanes so each lane gets its share. */
function packParticles(w: WorldState, max: number): Float64Array {
  const P = w.P
  let total = 0
  for (let p = 0; p < P; p++) total += w.samplesByP[p]!.length
  const n = Math.min(max, total)
  const out = new Float64Array(n * PARTICLE_STRIDE)
  const idx = new Int32Array(P)
  // Lanes that still have samples to give, ascending: each round visits only those (a round over
  // all 10 000 lanes for every sample of the busiest one was most of a frame's cost).
  let live = new Int32Array(P)
  let L = 0
  for (let p = 0; p < P; p++) {
    idx[p] = w.samplesByP[p]!.length - 1
    if (idx[p]! >= 0) live[L++] = p
  }
  let o = 0
  let next = new Int32Array(L)
  while (o < n && L > 0) {
    let K = 0
    // A round that cannot visit every lane (10 000 lanes, 3 000 particles) takes lanes spread evenly
    // over the topic, not the lowest-numbered ones: in ascending order the highest lanes never got a
    // particle, and on scale-10k four consumers' rows (the hot lane's among them) drew no records.
    const room = n - o
    const spread = L > room
    for (let k = 0; k < L && o < n; k++) {
      const j = spread ? Math.floor((k * L) / room) : k
      const p = live[j]!
      const i = idx[p]!
      const s = w.samplesByP[p]![i]!
      idx[p] = i - 1
      if (i - 1 >= 0) next[K++] = p
      const b = o * PARTICLE_STRIDE
      out[b] = s.partition
      out[b + 1] = s.keyIndex
      out[b + 2] = s.producedAt
      out[b + 3] = s.consumedAt
      out[b + 4] = s.offset
      out[b + 5] = s.lagAtProduce
      o++
    }
    const t = live
    live = next
    next = t
    L = K
  }
  return o === n ? out : out.slice(0, o * PARTICLE_STRIDE)
}

/** `shareGroup` only when a share group runs. */
function shareFrame(w: WorldState, now: number): Pick<Frame, 'shareGroup'> {
  const v = shareGroupView(w, now)
  return v ? { shareGroup: v } : {}
}

function parallelPart(w: WorldState, now: number): { parallel?: ParallelView } {
  const parallel = parallelView(w, now)
  return parallel ? { parallel } : {}
}
