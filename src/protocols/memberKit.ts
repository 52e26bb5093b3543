// What the classic and the KIP-848 member machines share: the events the application, the
// client's timers and the runtime send them, the effects they hand back (requests, rebalance
// callbacks, facts), and the heartbeat / max.poll.interval.ms timers. Pure types and actions.

import { effectStubs } from './machineKit.ts'

export const HEARTBEAT_TIMER = 'heartbeat'
export const POLL_TIMER = 'pollTimer'

/** Events every member machine receives besides its coordinator's responses. */
export type MemberBaseEvent =
  | { type: 'app.poll' }
  | { type: 'app.close' }
  | { type: 'app.crash' }
  | { type: 'metadata.update'; partitionCount: number }
  | { type: 'timer.heartbeat' }
  | { type: 'timer.pollTimeout' }
  /** What the application thread was doing for the member (a commit, a revoke callback) is done. */
  | { type: 'callback.done' }
  /** Internal: one pass of the client's work inside poll(). */
  | { type: 'client.pollLoop' }

/**
 * The rebalance a revocation is charged to in the rebalance log: the one of `generation` (whose
 * assignment revoked them, or which this member's JoinGroup / LeaveGroup is about to start), the
 * one in progress, or none (a static member leaving for a while starts no rebalance).
 */
export type RebalanceRef = { generation: number } | 'current' | 'none'

/**
 * What a member has the application thread do on the data plane: commit, or run one of the
 * ConsumerRebalanceListener callbacks. Commits and revocations take time: the runtime runs a
 * transition's calls one after another and answers `callback.done` when the last has returned.
 */
export type ConsumerCall =
  /** A synchronous commit of the consumed offsets of these partitions (auto-commit, commitSync). */
  | { type: 'commitOffsets'; params: { partitions: number[] } }
  /** onPartitionsRevoked. */
  | { type: 'revokePartitions'; params: { partitions: number[]; rebalance: RebalanceRef } }
  /** onPartitionsLost: nothing is committed. */
  | { type: 'losePartitions'; params: { partitions: number[] } }
  /** onPartitionsAssigned. */
  | { type: 'assignPartitions'; params: { partitions: number[] } }

/** What a member machine hands the runtime: a request to its coordinator, a callback, a fact. */
export type MemberEffect<Request, Report> = { type: 'sendRequest'; params: Request } | ConsumerCall | { type: 'report'; params: Report }

export const memberEffectStubs = <Request, Report>() =>
  effectStubs<MemberEffect<Request, Report>>({ sendRequest: true, commitOffsets: true, revokePartitions: true, losePartitions: true, assignPartitions: true, report: true })

/** The member context the shared timers read. */
export interface PollingMember {
  heartbeatIntervalMs: number
  maxPollIntervalMs: number
  /** The application has called poll() at least once. */
  hasPolled: boolean
  owned: number[]
}

/** The part of a member machine's `enqueue` the shared timers use (method syntax: any member machine's fits). */
export interface TimerEnqueue {
  assign(values: { hasPolled: true }): void
  cancel(id: string): void
  raise(event: MemberBaseEvent, options?: { id: string; delay: number }): void
}

/** The heartbeat thread's and poll()'s timers, the same for both member machines. */
export const memberTimers = {
  scheduleHeartbeat(context: PollingMember, enqueue: TimerEnqueue): void {
    // `transition()` builds a throwaway actor without input, which runs this entry too.
    if (!(context.heartbeatIntervalMs > 0)) return
    enqueue.cancel(HEARTBEAT_TIMER)
    enqueue.raise({ type: 'timer.heartbeat' }, { id: HEARTBEAT_TIMER, delay: context.heartbeatIntervalMs })
  },
  /** poll() was called: the max.poll.interval.ms timer starts over. */
  notePoll(context: PollingMember, enqueue: TimerEnqueue): void {
    enqueue.assign({ hasPolled: true })
    enqueue.cancel(POLL_TIMER)
    enqueue.raise({ type: 'timer.pollTimeout' }, { id: POLL_TIMER, delay: context.maxPollIntervalMs })
  },
  runPollLoop(enqueue: TimerEnqueue): void {
    enqueue.raise({ type: 'client.pollLoop' })
  },
  /** A member that owns nothing sits inside poll(): what poll() does next happens now. */
  continuePollIfIdle(context: PollingMember, enqueue: TimerEnqueue): void {
    if (context.hasPolled && context.owned.length === 0) enqueue.raise({ type: 'client.pollLoop' })
  },
}
