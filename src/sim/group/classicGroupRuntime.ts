// The classic group protocol (eager or cooperative, dynamic or static members) on the engine's
// clock: the coordinator and member machines of src/protocols, their messages carried over the
// host's network latency, their rebalance callbacks carried out on the data plane.
// Pure: everything goes through the GroupHost.

import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { MemberPhase } from '../frameTypes.ts'
import { classicCoordinatorMachine, classicGroupStateName, type ClassicCoordinatorInput, type ClassicGroupEvent } from '../../protocols/classicCoordinatorMachine.ts'
import type { ClassicGroupContext } from '../../protocols/classicGroupLogic.ts'
import type { CoordinatorReport, CoordinatorResponseEvent, MemberRequest, RebalanceCause } from '../../protocols/classicMessages.ts'
import { classicMemberMachine, type ClassicMemberContext, type ClassicMemberEvent, type ClassicMemberInput, type ClassicMemberReport } from '../../protocols/classicMemberMachine.ts'
import type { GroupHost } from './groupRuntime.ts'
import type { SnapshotOf } from './memberProcesses.ts'
import { partitionList, seconds, uuidFrom } from './narration.ts'
import { MachineGroupRuntime } from './runtimeCore.ts'
import { machineRuntimeFactory, type CoordinatorView, type SavedRuntime } from './runtimeTypes.ts'

interface Classic {
  coordinatorContext: ClassicGroupContext
  coordinatorEvent: ClassicGroupEvent
  response: CoordinatorResponseEvent
  coordinatorReport: CoordinatorReport
  memberContext: ClassicMemberContext
  memberEvent: ClassicMemberEvent
  request: MemberRequest
  memberReport: ClassicMemberReport
}

type MemberSnapshot = SnapshotOf<ClassicMemberContext>

export class ClassicGroupRuntime extends MachineGroupRuntime<Classic> {
  readonly kind = 'classic'
  private readonly protocol: 'eager' | 'cooperative'

  constructor(
    host: GroupHost,
    private readonly spec: ConsumerGroupSpec,
    broker: BrokerConfig,
    saved?: SavedRuntime,
  ) {
    const input: ClassicCoordinatorInput = { groupId: spec.groupId, initialRebalanceDelayMs: broker['group.initial.rebalance.delay.ms'] }
    const protocol = spec.protocol === 'cooperative' ? 'cooperative' : 'eager'
    super(host, classicCoordinatorMachine, classicMemberMachine, protocol, input, saved)
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
   * In Stable with nothing pending and no rejoin requested, app.poll only re-arms the poll timer
   * (the pollLoop guards all fail), so the runtime may take it lazily.
   */
  protected override isRoutinePoll(snapshot: MemberSnapshot): boolean {
    const c = snapshot.context
    return snapshot.value === 'Stable' && c.hasPolled && !c.rejoinNeeded && c.pendingAssignment === null
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
      case 'pollTimeoutExpired': {
        const limit = seconds(this.spec.config['max.poll.interval.ms'])
        this.host.trace(
          'group.pollTimeout',
          r.sentLeaveGroup
            ? `${name} did not call poll() within max.poll.interval.ms (${limit}) → sends LeaveGroup; it rejoins at its next poll`
            : `${name} did not call poll() within max.poll.interval.ms (${limit}) → static member: no LeaveGroup, it stops heartbeating`,
        )
        break
      }
      case 'generationReset':
        this.host.trace('group.generationReset', `${name} got ${r.error} → its generation is reset; it rejoins at its next poll`)
        break
      case 'fenced':
        this.host.trace('group.fenced', `${name} was fenced (FENCED_INSTANCE_ID): another process uses its group.instance.id`)
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
        const trigger = this.causeText(r.cause)
        this.tracker.start(now, trigger, r.generation + 1, this.ctx.members.length)
        this.host.trace('group.rebalanceStart', `${trigger} → ${this.rebalanceText(r.initial)}`)
        break
      }
      case 'initialDelayExtended':
        this.host.trace('group.initialDelay', `a member joined during group.initial.rebalance.delay.ms → waiting another ${seconds(r.delayMs)}`)
        break
      case 'joinCompleted':
        this.tracker.expect(r.generation, r.memberIds)
        this.host.trace('group.joinComplete', `generation ${r.generation}: ${r.memberIds.length} members joined, ${this.nameOf(r.leaderId)} leads and runs the ${this.spec.assignor} assignor`)
        break
      case 'stable': {
        this.tracker.coordinatorDone(now)
        const parts = Object.entries(r.assignments).map(([id, ps]) => `${this.nameOf(id)} ${partitionList(ps)}`)
        this.host.trace('group.stable', `generation ${r.generation} stable: ${parts.join(' ')}`)
        break
      }
      case 'groupEmptied':
        this.tracker.close(now, 0)
        this.host.trace('group.empty', `generation ${r.generation}: no members left, the group is Empty`)
        break
      case 'memberRemoved':
        this.tracker.memberGone(now, r.memberId)
        this.host.trace('group.memberRemoved', this.removalText(r.memberId, r.why))
        this.releaseOrphaned(r.memberId)
        break
      case 'staticMemberRejoined':
        this.host.trace(
          'group.staticRejoin',
          `${this.nameOf(r.memberId)} (static) rejoined within session.timeout.ms → no rebalance: it gets its generation ${r.generation} assignment back`,
        )
        break
      case 'noMemberRejoined':
        this.host.trace('group.noRejoin', `no member rejoined within the rebalance timeout → waiting again`)
        break
    }
  }

  private causeText(c: RebalanceCause): string {
    switch (c.kind) {
      case 'memberJoined':
        return `${this.nameOf(c.memberId)} joined`
      case 'memberRejoined':
        return c.leader ? `${this.nameOf(c.memberId)} (leader) rejoined${c.reason ? `: ${c.reason}` : ''}` : `${this.nameOf(c.memberId)} rejoined${c.reason ? `: ${c.reason}` : ''}`
      case 'staticMemberReplaced':
        return `${this.nameOf(c.memberId)} (static) restarted during a rebalance`
      case 'staticMemberChangedProtocol':
        return `${this.nameOf(c.memberId)} (static) rejoined with other protocols: the group's protocol becomes ${c.protocol ?? 'none'}`
      case 'memberLeft':
        return `${this.nameOf(c.memberId)} left${c.reason ? ` (${c.reason})` : ''}`
      case 'sessionTimeout':
        return `${this.nameOf(c.memberId)} session timeout`
      case 'syncTimeout':
        return `${c.memberIds.map((id) => this.nameOf(id)).join(', ')} sent no SyncGroup`
    }
  }

  private rebalanceText(initial: boolean): string {
    if (initial) return `first rebalance of the group (group.initial.rebalance.delay.ms = ${seconds(this.ctx.initialRebalanceDelayMs)} to gather members)`
    if (this.protocol === 'cooperative') return 'cooperative rebalance: members keep consuming while they rejoin'
    const owned = this.ctx.members.reduce((n, m) => n + m.assignment.length, 0)
    return owned > 0 ? `eager rebalance: every member revokes all it owns (${owned} partitions) as it rejoins` : 'eager rebalance'
  }

  private removalText(memberId: string, why: Extract<CoordinatorReport, { kind: 'memberRemoved' }>['why']): string {
    const name = this.nameOf(memberId)
    const c = this.spec.config
    switch (why) {
      case 'sessionTimeout':
        return `${name} missed heartbeats for ${seconds(c['session.timeout.ms'])} (session.timeout.ms) → removed`
      case 'leaveGroup':
        return `${name} left the group (LeaveGroup) → removed`
      case 'syncTimeout':
        return `${name} sent no SyncGroup within the rebalance timeout → removed`
      case 'notRejoined':
        return `${name} did not rejoin within the rebalance timeout (max.poll.interval.ms = ${seconds(c['max.poll.interval.ms'])}) → removed`
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
    return {
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
