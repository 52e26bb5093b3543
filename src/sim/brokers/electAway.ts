// The controller takes broker b out of every partition (KRaft's ReplicationControlManager
// .generateLeaderAndIsrUpdates with brokerToRemove = b): b leaves each ISR (never emptying one), and
// the partitions it led elect another leader from their ISR or go offline. The same records come
// from a fence (b's session timed out: faults.ts) and from a controlled shutdown
// (handleBrokerInControlledShutdown: controlledShutdown.ts); only the moment differs.

import { fenceBroker, NO_LEADER } from '../../kafka/leaderElection.ts'
import type { SimCore } from '../core.ts'
import { shareLeaderChanged } from '../share/shareLeaderChange.ts'
import { catchUpTimers, waitingForLeader } from './catchUp.ts'
import { brokerUp } from './clusterState.ts'
import { faultSettings, faultsOf } from './faultState.ts'
import { registration } from './leaderBalance.ts'
import { clientsLearnLeader, clientsRedirected, resumeTimers, setLeader, truncateLog } from './leadership.ts'

export interface ElectedAway {
  moved: Array<{ partition: number; to: number }>
  /** Partitions b led whose ISR held no other live broker: no leader now. */
  offline: number[]
  /** Partitions b followed in sync that no longer wait for it. */
  followed: number[]
  /** Records above what the new leaders had copied (lost under acks=1/0, sent again under acks=all). */
  unreplicated: number
}

/**
 * Applies the change to every partition b holds. Partitions b led must have their clients' loss
 * recorded first (clientsLoseBroker: when, and what the followers had copied); they learn the new
 * leader at their next metadata refresh (resume timers scheduled here), or, when b still runs and
 * redirects them (`redirectAt`: a controlled shutdown), at that moment.
 */
export function electAway(sim: SimCore, b: number, redirectAt?: number): ElectedAway {
  const w = sim.w
  const f = faultsOf(w)
  const cfg = faultSettings(w.live.cluster)
  const out: ElectedAway = { moved: [], offline: [], followed: [], unreplicated: 0 }
  const resume: Array<{ partition: number; at: number }> = []
  const followers: Array<{ partition: number; broker: number }> = []
  for (let p = 0; p < w.P; p++) {
    const reg = registration(w, p)
    if (!reg.replicas.includes(b)) continue
    const wasLeader = reg.leader === b
    const inIsr = reg.isr.includes(b)
    const change = fenceBroker(reg, b, brokerUp(w.cluster), cfg.uncleanElection)
    if (inIsr && !change.isr.includes(b)) f.leftIsrAt[p]![b] = w.leo[p]!
    w.cluster.isr[p] = change.isr
    if (!wasLeader) {
      if (inIsr) {
        f.hwCap[p] = Infinity
        if (f.lostAt[p]! < 0) f.produceResumeAt[p] = 0
        if (change.isr.length < reg.isr.length) out.followed.push(p)
      }
      continue
    }
    setLeader(w, p, change.leader)
    if (change.leader === NO_LEADER) {
      out.offline.push(p)
      continue
    }
    // The new leader has what the followers had copied; the rest of the old leader's log is gone.
    out.unreplicated += truncateLog(w, p, f.replicatedEnd[p]!)
    f.replicatedEnd[p] = -1
    // Hook: a share group's share-partition starts again on the new leader.
    shareLeaderChanged(sim, p)
    resume.push({ partition: p, at: redirectAt === undefined ? clientsLearnLeader(sim, p) : clientsRedirected(w, p, redirectAt) })
    out.moved.push({ partition: p, to: change.leader })
    // Replicas that restarted while b, dead, still led p had nothing to fetch from: now they do.
    for (const r of waitingForLeader(w, p)) followers.push({ partition: p, broker: r })
  }
  resumeTimers(sim, resume)
  catchUpTimers(sim, followers)
  return out
}
