// The rebalance log: one RebalanceRecord per rebalance, from the coordinator starting it until every
// member of the new generation consumes its new assignment. Counts the partitions each rebalance
// revoked, lost and assigned, and how many rebalances started in the last minute of sim time
// (storms). Plain data; reads no clock (times are passed in).

import type { SimTime } from '../../engine/time.ts'
import type { RebalanceRef } from '../../protocols/memberKit.ts'
import type { RebalanceRecord } from './groupRuntime.ts'

/** Rebalances started within one minute of sim time from which the group counts as in a storm. */
export const STORM_REBALANCES_PER_MINUTE = 4
export const STORM_WINDOW_MS = 60_000

export interface RebalanceTrackerState {
  records: RebalanceRecord[]
  /** Index of the open record, or -1. */
  open: number
  /** Members that must still apply the new assignment before the open record ends. */
  waiting: string[] | null
  /** The coordinator has finished its side (Stable / target assignment reached). */
  coordinatorDone: boolean
  /** Counted before the rebalance they belong to started: revocations by the generation they wait for, losses. */
  early?: { revoked: Array<{ generation: number; n: number }>; lost: number }
}

export class RebalanceTracker {
  private st: RebalanceTrackerState

  constructor(
    private readonly protocol: RebalanceRecord['protocol'],
    saved?: RebalanceTrackerState,
  ) {
    this.st = saved ? copyState(saved) : { records: [], open: -1, waiting: null, coordinatorDone: false }
  }

  get records(): readonly RebalanceRecord[] {
    return this.st.records
  }

  get isOpen(): boolean {
    return this.st.open >= 0
  }

  private get current(): RebalanceRecord | undefined {
    return this.st.open >= 0 ? this.st.records[this.st.open] : undefined
  }

  /**
   * A rebalance starts; one still open is closed now (it was superseded). Triggers at the very
   * same instant (several members starting together) make one rebalance.
   */
  start(now: SimTime, trigger: string, generation: number, members: number): void {
    const open = this.current
    // KIP-848 has no barrier: an epoch bump while members are still reconciling toward the last
    // target just moves the target, so it continues that rebalance (a group forming member by
    // member is one rebalance, not a storm). Classic generations each need their own join round.
    if (open && (open.startMs === now || this.protocol === 'consumer')) {
      open.trigger = `${open.trigger}, ${trigger}`
      open.generation = generation
      open.members = members
    } else {
      this.close(now, members)
      this.st.records.push({ trigger, generation, startMs: now, endMs: null, durationMs: null, revoked: 0, lost: 0, assigned: 0, members, protocol: this.protocol })
      this.st.open = this.st.records.length - 1
    }
    this.st.waiting = null
    this.st.coordinatorDone = false
    this.takeEarly()
  }

  /** The coordinator fixed the generation and who is in it: they must each apply their assignment. */
  expect(generation: number, memberIds: readonly string[]): void {
    const r = this.current
    if (!r) return
    r.generation = generation
    r.members = memberIds.length
    this.st.waiting = [...memberIds]
    this.takeEarly()
  }

  coordinatorDone(now: SimTime): void {
    if (!this.current) return
    this.st.coordinatorDone = true
    this.maybeClose(now)
  }

  /** A member applied the assignment of `generation` (onJoinComplete / reconciliation done). */
  applied(now: SimTime, memberId: string, generation: number): void {
    const r = this.current
    if (!r || this.st.waiting === null || generation < r.generation) return
    this.st.waiting = this.st.waiting.filter((id) => id !== memberId)
    this.maybeClose(now)
  }

  /** A member left or died: nobody waits for it any more. */
  memberGone(now: SimTime, memberId: string): void {
    if (this.st.waiting === null) return
    this.st.waiting = this.st.waiting.filter((id) => id !== memberId)
    this.maybeClose(now)
  }

  /**
   * Partitions revoked (onPartitionsRevoked), charged to the rebalance that caused it (KIP-429: a
   * cooperative round's assignment revokes, the next round only hands over): the first rebalance
   * that reached `generation`, held until it starts (an eager member revokes before its JoinGroup
   * reaches the coordinator); or the one in progress (else the latest); or none.
   */
  countRevoked(n: number, rebalance: RebalanceRef): void {
    if (n === 0 || rebalance === 'none') return
    if (rebalance === 'current') {
      const r = this.current ?? this.st.records[this.st.records.length - 1]
      if (r) r.revoked += n
      return
    }
    const r = this.st.records.find((x) => x.generation >= rebalance.generation)
    if (r) r.revoked += n
    else this.early.revoked.push({ generation: rebalance.generation, n })
  }

  /**
   * Partitions lost (onPartitionsLost, or a crashed process's, released when the group removes
   * it): nothing was committed. Charged to the rebalance in progress, else to the next to start
   * (a removal is reported just before the rebalance it starts; a member learns at its rejoin).
   */
  countLost(n: number): void {
    const r = this.current
    if (r) r.lost += n
    else if (n > 0) this.early.lost += n
  }

  countAssigned(n: number): void {
    const r = this.current
    if (r) r.assigned += n
  }

  /** Ends the open record now (superseded, or the group emptied). */
  close(now: SimTime, members?: number): void {
    const r = this.current
    if (!r) return
    r.endMs = now
    r.durationMs = now - r.startMs
    if (members !== undefined && this.st.waiting === null) r.members = members
    this.st.open = -1
    this.st.waiting = null
    this.st.coordinatorDone = false
  }

  private get early(): NonNullable<RebalanceTrackerState['early']> {
    return (this.st.early ??= { revoked: [], lost: 0 })
  }

  /** The open rebalance takes what was counted early for it. */
  private takeEarly(): void {
    const r = this.current
    const early = this.st.early
    if (!r || !early) return
    r.lost += early.lost
    early.lost = 0
    for (const e of early.revoked) if (e.generation <= r.generation) r.revoked += e.n
    early.revoked = early.revoked.filter((e) => e.generation > r.generation)
    if (early.lost === 0 && early.revoked.length === 0) delete this.st.early
  }

  private maybeClose(now: SimTime): void {
    if (this.st.coordinatorDone && this.st.waiting !== null && this.st.waiting.length === 0) this.close(now)
  }

  /** Rebalances that started in the last minute of sim time. */
  startedInLastMinute(now: SimTime): number {
    let n = 0
    for (let i = this.st.records.length - 1; i >= 0; i--) {
      const r = this.st.records[i]
      if (!r || r.startMs <= now - STORM_WINDOW_MS) break
      n++
    }
    return n
  }

  storm(now: SimTime): boolean {
    return this.startedInLastMinute(now) >= STORM_REBALANCES_PER_MINUTE
  }

  save(): RebalanceTrackerState {
    return copyState(this.st)
  }
}

function copyState(s: RebalanceTrackerState): RebalanceTrackerState {
  const out: RebalanceTrackerState = { records: s.records.map((r) => ({ ...r })), open: s.open, waiting: s.waiting && [...s.waiting], coordinatorDone: s.coordinatorDone }
  if (s.early) out.early = { revoked: s.early.revoked.map((e) => ({ ...e })), lost: s.early.lost }
  return out
}
