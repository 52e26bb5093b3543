// The classic group protocol (eager or cooperative, dynamic or static members) on the engine's
// clock: the coordinator and member machines of src/protocols, their messages carried over the
// host's network latency, their rebalance callbacks carried out on the data plane.
// Pure: everything goes through the GroupHost.

import type { AnyMachineSnapshot } from 'xstate'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { GroupView, MemberPhase } from '../frameTypes.ts'
import { classicCoordinatorMachine, classicGroupStateName, type ClassicCoordinatorInput } from '../../protocols/classicCoordinatorMachine.ts'
import type { ClassicGroupContext } from '../../protocols/classicGroupLogic.ts'
import type { CoordinatorReport, CoordinatorResponseEvent, MemberRequest, RebalanceCause, ReplyTo } from '../../protocols/classicMessages.ts'
import { classicMemberMachine, type ClassicMemberContext, type ClassicMemberInput, type ClassicMemberReport } from '../../protocols/classicMemberMachine.ts'
import type { GroupHost, GroupRuntimeFactory } from './groupRuntime.ts'
import type { Effect } from './machineEffects.ts'
import { MachineGroupRuntime, partitionList, uuidFrom, type SavedCore } from './runtimeCore.ts'

export interface SavedClassicRuntime {
  kind: 'classic'
  core: SavedCore
}

const seconds = (ms: number): string => `${+(ms / 1000).toFixed(1)} s`

export class ClassicGroupRuntime extends MachineGroupRuntime {
  private readonly protocol: 'eager' | 'cooperative'

  constructor(
    host: GroupHost,
    private readonly spec: ConsumerGroupSpec,
    broker: BrokerConfig,
    saved?: SavedClassicRuntime,
  ) {
    const input: ClassicCoordinatorInput = { groupId: spec.groupId, initialRebalanceDelayMs: broker['group.initial.rebalance.delay.ms'] }
    const protocol = spec.protocol === 'cooperative' ? 'cooperative' : 'eager'
    super(host, classicCoordinatorMachine, classicMemberMachine, protocol, input, saved?.core)
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
    }
  }

  /**
   * In Stable with nothing pending and no rejoin requested, app.poll only re-arms the poll timer
   * (the pollLoop guards all fail), so the runtime may take it lazily.
   */
  protected override isRoutinePoll(snapshot: AnyMachineSnapshot): boolean {
    if (snapshot.value !== 'Stable') return false
    const c = snapshot.context as ClassicMemberContext
    return c.hasPolled && !c.rejoinNeeded && c.pendingAssignment === null
  }

  protected override isClosing(snapshot: AnyMachineSnapshot): boolean {
    return snapshot.value === 'Revoking' && (snapshot.context as ClassicMemberContext).afterRevoke === 'leave'
  }

  // ---------------------------------------------------------------- member effects

  protected onMemberEffect(slot: number, incarnation: number, effect: Effect): void {
    switch (effect.type) {
      case 'sendRequest':
        this.sendRequest(slot, incarnation, effect.params as MemberRequest)
        break
      case 'revokePartitions':
      case 'losePartitions':
      case 'assignPartitions':
        this.runRebalanceCallback(slot, incarnation, effect)
        break
      case 'report':
        this.onMemberReport(slot, effect.params as ClassicMemberReport)
        break
    }
  }

  private sendRequest(slot: number, incarnation: number, req: MemberRequest): void {
    const replyTo: ReplyTo = { slot, incarnation }
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

  private onMemberReport(slot: number, r: ClassicMemberReport): void {
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

  // ---------------------------------------------------------------- coordinator effects

  protected onCoordinatorEffect(effect: Effect): void {
    if (effect.type === 'sendResponse') {
      const { replyTo, event } = effect.params as { replyTo: ReplyTo; event: CoordinatorResponseEvent }
      this.sendToMember(replyTo.slot, replyTo.incarnation, event)
    } else if (effect.type === 'report') {
      this.onCoordinatorReport(effect.params as CoordinatorReport)
    }
  }

  private get ctx(): ClassicGroupContext {
    return this.coordinator.context as ClassicGroupContext
  }

  private onCoordinatorReport(r: CoordinatorReport): void {
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

  protected memberPhase(snapshot: AnyMachineSnapshot): MemberPhase {
    const c = snapshot.context as ClassicMemberContext
    switch (snapshot.value) {
      case 'Dead':
        return 'dead'
      case 'Revoking':
        return 'revoking'
      case 'Unjoined':
      case 'PreparingRebalance':
        return 'joining'
      case 'CompletingRebalance':
        return 'syncing'
      default:
        return c.rejoinNeeded ? 'joining' : c.pendingAssignment !== null ? 'syncing' : 'stable'
    }
  }

  protected memberIdentity(snapshot: AnyMachineSnapshot): { memberId: string; groupInstanceId: string | null; generation: number } {
    const c = snapshot.context as ClassicMemberContext
    return { memberId: c.memberId, groupInstanceId: c.groupInstanceId, generation: c.generation }
  }

  group(): GroupView {
    const state = classicGroupStateName(this.coordinator.value)
    const ctx = this.ctx
    const lastMinute = this.rebalancesLastMinute()
    return {
      state,
      generation: ctx.generation,
      protocol: this.protocol,
      assignor: this.spec.assignor,
      rebalancing: this.tracker.isOpen || state === 'PreparingRebalance' || state === 'CompletingRebalance',
      leader: ctx.leaderId === null ? null : this.nameOf(ctx.leaderId),
      rebalances: this.tracker.records.length,
      rebalancesLastMinute: lastMinute,
      storm: this.tracker.storm(this.host.now()),
    }
  }

  /** The coordinator's snapshot (tests and model checks). */
  coordinatorSnapshot(): AnyMachineSnapshot {
    return this.coordinator
  }

  save(): SavedClassicRuntime {
    return { kind: 'classic', core: this.saveCore() }
  }
}

function isSavedClassic(saved: unknown): saved is SavedClassicRuntime {
  return typeof saved === 'object' && saved !== null && (saved as { kind?: unknown }).kind === 'classic'
}

/** Classic groups: protocol 'eager' or 'cooperative', dynamic or static members. */
export const classicGroupRuntimeFactory: GroupRuntimeFactory = {
  create: (host, spec, broker) => new ClassicGroupRuntime(host, spec, broker),
  restore: (host, spec, broker, saved) => {
    if (!isSavedClassic(saved)) throw new Error('classicGroupRuntimeFactory.restore: not a saved classic group')
    return new ClassicGroupRuntime(host, spec, broker, saved)
  },
}
