// What a group coordinator keeps in __consumer_offsets, and how a new coordinator rebuilds a group
// from it: GroupCoordinatorShard.replay applies the group's records in log order, then
// GroupMetadataManager.onLoaded starts the timers again. Whatever the old coordinator held only in
// memory (a classic rebalance under way, parked JoinGroup/SyncGroup requests, timers) is not in
// the log, so it is gone. Pure types; each protocol's rules are in its own file
// (classicGroupRecord.ts, consumerGroupRecord.ts, share/shareGroupRecord.ts).

/** A group as a coordinator holds it right after loading it: machine state, context and timers to arm. */
export interface LoadedGroup<Ctx, Ev> {
  coordinatorState: string
  coordinator: Ctx
  /** The timers onLoaded schedules, full length from the load. */
  coordinatorTimers: Array<{ id: string; event: Ev; delayMs: number }>
}

/** One protocol's records: when they are written, what they hold, and how a load replays them. */
export interface GroupPersistence<Ctx, Ev, Report, R> {
  /**
   * KIP-848 and KIP-932 groups write a record for every change before the coordinator answers, so
   * the log always holds the group as the coordinator has it (only timers live in memory). A
   * classic group writes its GroupMetadata record only at some steps (`writes`).
   */
  readonly everyChange: boolean
  /** Whether a coordinator step that reported these appended the group's record. */
  writes(reports: readonly Report[]): boolean
  /** The group's record(s) as written from this context. */
  record(ctx: Ctx): R
  /**
   * The group rebuilt from its last record (null: none was written, the new coordinator knows no
   * such group). `config` supplies what is configuration, not state (group id, broker settings).
   */
  load(config: Ctx, record: R | null): LoadedGroup<Ctx, Ev>
}
