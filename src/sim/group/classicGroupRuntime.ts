// The classic group protocol (eager or cooperative, dynamic or static members) on the engine's
// clock: the coordinator and member machines of src/protocols, their messages carried over the
// host's network latency, their rebalance callbacks carried out on the data plane.
// Pure: everything goes through the GroupHost.

import type { EventObject } from 'xstate'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { Countdown, MemberPhase } from '../frameTypes.ts'
import { classicCoordinatorMachine, classicGroupStateName, type ClassicCoordinatorInput, type ClassicGroupEvent } from '../../protocols/classicCoordinatorMachine.ts'
import { JOIN_TIMER, sessionTimerId, type ClassicGroupContext } from '../../protocols/classicGroupLogic.ts'
import { formedClassicGroup } from '../../protocols/formedGroup.ts'
import type { CoordinatorReport, CoordinatorResponseEvent, MemberRequest, RebalanceCause } from '../../protocols/classicMessages.ts'
import { classicMemberMachine, ignoresHeartbeatResponse, type ClassicMemberContext, type ClassicMemberEvent, type ClassicMemberInput, type ClassicMemberReport } from '../../protocols/classicMemberMachine.ts'
import { rebalanceTrigger, type MemberRemoval, type RebalanceTrigger } from '../narrationGroup.ts'
import { classicGroupPersistence, type ClassicGroupRecord } from './classicGroupRecord.ts'
import type { GroupHost } from './groupRuntime.ts'
import type { SnapshotOf } from './memberSlot.ts'
import { uuidFrom } from './memberIds.ts'
import { MachineGroupRuntime } from './runtimeCore.ts'
import { machineRuntimeFactory, type CoordinatorView, type Formed, type MemberEventOf, type SavedRuntime } from './runtimeTypes.ts'

interface Classic {
  coordinatorContext: ClassicGroupContext
  coordinatorEvent: ClassicGroupEvent
  response: CoordinatorResponseEvent
  coordinatorReport: CoordinatorReport
  memberContext: ClassicMemberContext
  memberEvent: ClassicMemberEvent
  request: MemberRequest
  memberReport: ClassicMemberReport
  groupRecord: ClassicGroupRecord
}

type MemberSnapshot = SnapshotOf<ClassicMemberContext>

export class ClassicGroupRuntime extends MachineGroupRuntime<Classic> {
  readonly kind = 'classic'
  private readonly protocol: 'eager' | 'cooperative'

  constructor(
    host: GroupHost,
    private readonly spec: ConsumerGroupSpec,
    private readonly broker: BrokerConfig,
    saved?: SavedRuntime,
  ) {
    const input: ClassicCoordinatorInput = { groupId: spec.groupId, initialRebalanceDelayMs: broker['group.initial.rebalance.delay.ms'] }
    const protocol = spec.protocol === 'cooperative' ? 'cooperative' : 'eager'
    super(host, classicCoordinatorMachine, classicMemberMachine, protocol, input, classicGroupPersistence, saved)
    this.protocol = protocol
  }

  protected memberInput(slot: number): ClassicMemberInput {
    const name = this.host.memberName(slot)
    const c = this.spec.config
    return {
      slot,
      clientId: name,
      groupInstanceId: this.spec.staticMembership ? `${name}-instance` : null,
      protocol: this.protocol,
      assignor: this.spec.assignor,
      topic: this.host.topicName(),
      partitionCount: this.host.partitionCount(),
      sessionTimeoutMs: c['session.timeout.ms'],
      heartbeatIntervalMs: c['heartbeat.interval.ms'],
      maxPollIntervalMs: c['max.poll.interval.ms'],
      autoCommit: c['enable.auto.commit'],
    }
  }

  /**
   * The lag-aware leader reads every partition's lag and rate when its JoinGroup response arrives
   * (onLeaderElected), as community lag-based assignors query offsets there. Only the leader's
   * response lists the members.
   */
  protected override arriving(event: MemberEventOf<Classic>): MemberEventOf<Classic> {
    if (this.spec.assignor !== 'lag-aware' || event.type !== 'coordinator.joinGroupResponse' || event.response.members.length === 0) return event
    return { ...event, partitionLoad: this.host.partitionLoad() }
  }

  protected loadedMembers(): string[] {
    return this.ctx.members.map((m) => this.nameOf(m.memberId))
  }

  protected sessionTimerId(memberId: string): string {
    return sessionTimerId(memberId)
  }

  protected formed(slots: readonly number[]): Formed<Classic> {
    const members = slots.map((slot) => {
      const input = this.memberInput(slot)
      // The member.id the coordinator handed out at its first JoinGroup (MEMBER_ID_REQUIRED).
      const memberId = `${input.groupInstanceId ?? input.clientId}-${uuidFrom(this.host.rng)}`
      this.names[memberId] = slot
      return { memberId, input }
    })
    const load = this.spec.assignor === 'lag-aware' ? this.host.partitionLoad() : undefined
    const f = formedClassicGroup({ groupId: this.spec.groupId, initialRebalanceDelayMs: this.broker['group.initial.rebalance.delay.ms'] }, members, load, this.spec.initialAssignment)
    // SyncGroup counted as each member's heartbeat (the coordinator rescheduled its session then).
    const coordinatorTimers = f.coordinator.members.map((m) => ({ id: sessionTimerId(m.memberId), event: { type: 'timer.sessionTimeout' as const, memberId: m.memberId }, delayMs: m.sessionTimeoutMs }))
    return { coordinatorState: 'Stable', coordinator: f.coordinator, coordinatorTimers, memberState: 'Stable', members: f.members }
  }

  /**
   * In Stable with nothing pending and no rejoin requested, app.poll only re-arms the poll timer
   * (the pollLoop guards all fail), so the runtime may take it lazily.
   */
  protected override isRoutinePoll(snapshot: MemberSnapshot): boolean {
    const c = snapshot.context
    return snapshot.value === 'Stable' && c.hasPolled && !c.rejoinNeeded && c.pendingAssignment === null
  }

  protected override memberIgnores(event: EventObject): boolean {
    return ignoresHeartbeatResponse(event)
  }

  protected override isClosing(snapshot: MemberSnapshot): boolean {
    return (snapshot.value === 'Revoking' || snapshot.value === 'Committing') && snapshot.context.afterCallback === 'leave'
  }

  // ---------------------------------------------------------------- member requests and reports

  protected sendRequest(slot: number, incarnation: number, req: MemberRequest): void {
    const replyTo = { slot, incarnation }
    if (req.type === 'member.joinGroup') {
      let newMemberId = ''
      if (req.request.memberId === '') {
        // The coordinator names new members clientId-UUID (static: instanceId-UUID); drawn here
        // from the runtime's stream so the coordinator machine stays pure.
        newMemberId = `${req.request.groupInstanceId ?? req.request.clientId}-${uuidFrom(this.host.rng)}`
        this.names[newMemberId] = slot
      } else {
        this.names[req.request.memberId] = slot
      }
      this.sendToCoordinator({ ...req, replyTo, newMemberId })
    } else {
      this.sendToCoordinator({ ...req, replyTo })
    }
  }

  protected onMemberReport(slot: number, r: ClassicMemberReport): void {
    const name = this.host.memberName(slot)
    const now = this.host.now()
    switch (r.kind) {
      case 'assignmentApplied':
        this.tracker.applied(now, r.memberId, r.generation)
        break
      case 'pollTimeoutExpired':
        this.host.say({ kind: 'group.pollTimeout', protocol: 'classic', member: name, maxPollIntervalMs: this.spec.config['max.poll.interval.ms'], sentLeaveGroup: r.sentLeaveGroup })
        break
      case 'generationReset':
        this.host.say({ kind: 'group.generationReset', member: name, error: r.error })
        break
      case 'fenced':
        this.host.say({ kind: 'group.fenced', protocol: 'classic', member: name, error: 'FENCED_INSTANCE_ID' })
        break
      case 'joinGroupSent':
        break
    }
  }

  // ---------------------------------------------------------------- coordinator reports

  protected onCoordinatorReport(r: CoordinatorReport): void {
    const now = this.host.now()
    switch (r.kind) {
      case 'rebalanceStarted': {
        const trigger = this.trigger(r.cause)
        const generation = r.generation + 1
        this.tracker.start(now, rebalanceTrigger(trigger), generation, this.ctx.members.length)
        const initialDelayMs = r.initial ? this.ctx.initialRebalanceDelayMs : null
        const owned = this.ctx.members.reduce((n, m) => n + m.assignment.length, 0)
        this.host.say({ kind: 'group.rebalanceStart', trigger, generation, protocol: this.protocol, initialDelayMs, owned })
        break
      }
      case 'initialDelayExtended':
        this.host.say({ kind: 'group.initialDelay', delayMs: r.delayMs })
        break
      case 'joinCompleted':
        this.tracker.expect(r.generation, r.memberIds)
        this.host.say({ kind: 'group.joinComplete', generation: r.generation, members: r.memberIds.map((id) => this.nameOf(id)), leader: this.nameOf(r.leaderId), assignor: this.spec.assignor })
        break
      case 'stable': {
        this.tracker.coordinatorDone(now)
        const assignment = Object.entries(r.assignments).map(([id, ps]) => ({ member: this.nameOf(id), partitions: [...ps] }))
        this.host.say({ kind: 'group.stable', generation: r.generation, assignment })
        break
      }
      case 'groupEmptied':
        this.tracker.close(now, 0)
        this.host.say({ kind: 'group.empty', generation: r.generation })
        break
      case 'memberRemoved':
        this.tracker.memberGone(now, r.memberId)
        this.host.say({ kind: 'group.memberRemoved', member: this.nameOf(r.memberId), removal: this.removal(r.why) })
        this.releaseOrphaned(r.memberId)
        break
      case 'staticMemberRejoined':
        this.host.say({ kind: 'group.staticRejoin', protocol: 'classic', member: this.nameOf(r.memberId), generation: r.generation })
        break
      case 'noMemberRejoined':
        this.host.say({ kind: 'group.noRejoin', generation: r.generation })
        break
    }
  }

  /** The coordinator's cause with members by display name. */
  private trigger(c: RebalanceCause): RebalanceTrigger {
    switch (c.kind) {
      case 'memberJoined':
      case 'staticMemberReplaced':
      case 'sessionTimeout':
        return { kind: c.kind, member: this.nameOf(c.memberId) }
      case 'memberRejoined':
        return { kind: c.kind, member: this.nameOf(c.memberId), leader: c.leader, reason: c.reason }
      case 'staticMemberChangedProtocol':
        return { kind: c.kind, member: this.nameOf(c.memberId), protocol: c.protocol }
      case 'memberLeft':
        return { kind: c.kind, member: this.nameOf(c.memberId), reason: c.reason }
      case 'syncTimeout':
        return { kind: c.kind, members: c.memberIds.map((id) => this.nameOf(id)) }
    }
  }

  /** Why the coordinator removed a member, with the timeout that expired. */
  private removal(why: Extract<CoordinatorReport, { kind: 'memberRemoved' }>['why']): MemberRemoval {
    const c = this.spec.config
    switch (why) {
      case 'sessionTimeout':
        return { protocol: 'classic', why, sessionTimeoutMs: c['session.timeout.ms'] }
      case 'notRejoined':
        return { protocol: 'classic', why, maxPollIntervalMs: c['max.poll.interval.ms'] }
      case 'leaveGroup':
      case 'syncTimeout':
        return { protocol: 'classic', why }
    }
  }

  // ---------------------------------------------------------------- views

  protected memberPhase(snapshot: MemberSnapshot): MemberPhase {
    const c = snapshot.context
    switch (snapshot.value) {
      case 'Dead':
        return 'dead'
      case 'Revoking':
        return 'revoking'
      case 'Unjoined':
      case 'Committing':
      case 'PreparingRebalance':
        return 'joining'
      case 'CompletingRebalance':
        return 'syncing'
      default:
        return c.rejoinNeeded ? 'joining' : c.pendingAssignment !== null ? 'syncing' : 'stable'
    }
  }

  protected memberGeneration(c: ClassicMemberContext): number {
    return c.generation
  }

  protected coordinatorView(): CoordinatorView {
    const state = classicGroupStateName(this.coordinator.value)
    // KIP-134: the first rebalance of an Empty group waits group.initial.rebalance.delay.ms (again while members arrive).
    const join = this.table.timer({ to: 'coordinator' }, JOIN_TIMER)
    const countdowns: Countdown[] =
      join?.event.type === 'timer.initialRebalanceDelay'
        ? [{ kind: 'initialDelay', elapsedMs: this.host.now() - join.setAt, limitMs: join.dueAt - join.setAt, config: 'group.initial.rebalance.delay.ms' }]
        : []
    return {
      countdowns,
      state,
      generation: this.ctx.generation,
      protocol: this.protocol,
      assignor: this.spec.assignor,
      rebalancing: state === 'PreparingRebalance' || state === 'CompletingRebalance',
      leader: this.ctx.leaderId === null ? null : this.nameOf(this.ctx.leaderId),
    }
  }
}

/** Classic groups: protocol 'eager' or 'cooperative', dynamic or static members. */
export const classicGroupRuntimeFactory = machineRuntimeFactory('classic', (host, spec, broker, saved) => new ClassicGroupRuntime(host, spec, broker, saved))
