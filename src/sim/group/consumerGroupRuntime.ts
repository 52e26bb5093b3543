// KIP-848 (group.protocol=consumer) on the engine's clock: the consumer group coordinator and member
// machines of src/protocols, ConsumerGroupHeartbeat carried over the host's network latency, the
// members' reconciliation callbacks carried out on the data plane. Pure: everything goes through
// the GroupHost.

import type { AssignorName } from '../../kafka/assignors/assignor.ts'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { MemberPhase } from '../frameTypes.ts'
import { consumerGroupMachine, type ConsumerGroupInput } from '../../protocols/consumerGroupMachine.ts'
import { findMember, sessionTimerId, type ConsumerGroupContext } from '../../protocols/consumerGroupLogic.ts'
import { formedConsumerGroup } from '../../protocols/formedGroup.ts'
import type { ConsumerGroupCoordinatorEvent, ConsumerGroupMemberRequest, ConsumerGroupReport, ConsumerGroupResponseEvent, EpochCause } from '../../protocols/consumerGroupMessages.ts'
import { consumerMemberMachine, type ConsumerMemberContext, type ConsumerMemberEvent, type ConsumerMemberInput, type ConsumerMemberReport } from '../../protocols/consumerMemberMachine.ts'
import { rebalanceTrigger, type MemberRemoval, type RebalanceTrigger } from '../narrationGroup.ts'
import { consumerGroupPersistence, type ConsumerGroupRecords } from './consumerGroupRecord.ts'
import type { GroupHost } from './groupRuntime.ts'
import type { SnapshotOf } from './memberSlot.ts'
import { uuidFrom } from './memberIds.ts'
import { MachineGroupRuntime } from './runtimeCore.ts'
import { machineRuntimeFactory, type CoordinatorView, type Formed, type SavedRuntime } from './runtimeTypes.ts'

interface Kip848 {
  coordinatorContext: ConsumerGroupContext
  coordinatorEvent: ConsumerGroupCoordinatorEvent
  response: ConsumerGroupResponseEvent
  coordinatorReport: ConsumerGroupReport
  memberContext: ConsumerMemberContext
  memberEvent: ConsumerMemberEvent
  request: ConsumerGroupMemberRequest
  memberReport: ConsumerMemberReport
  groupRecord: ConsumerGroupRecords
}

type MemberSnapshot = SnapshotOf<ConsumerMemberContext>

/** group.consumer.assignors: the server-side assignors KIP-848 ships ('uniform' is the default). */
export function serverAssignor(name: AssignorName): 'uniform' | 'range' {
  return name === 'range' ? 'range' : 'uniform'
}

export class ConsumerGroupRuntime extends MachineGroupRuntime<Kip848> {
  readonly kind = 'consumer'

  constructor(
    host: GroupHost,
    private readonly spec: ConsumerGroupSpec,
    private readonly broker: BrokerConfig,
    saved?: SavedRuntime,
  ) {
    const input: ConsumerGroupInput = {
      groupId: spec.groupId,
      assignor: serverAssignor(spec.assignor),
      topic: host.topicName(),
      partitionCount: host.partitionCount(),
      sessionTimeoutMs: broker['group.consumer.session.timeout.ms'],
      heartbeatIntervalMs: broker['group.consumer.heartbeat.interval.ms'],
    }
    super(host, consumerGroupMachine, consumerMemberMachine, 'consumer', input, consumerGroupPersistence, saved)
  }

  protected memberInput(slot: number): ConsumerMemberInput {
    const name = this.host.memberName(slot)
    const memberId = uuidFrom(this.host.rng)
    this.names[memberId] = slot
    return {
      slot,
      memberId,
      groupInstanceId: this.spec.staticMembership ? `${name}-instance` : null,
      maxPollIntervalMs: this.spec.config['max.poll.interval.ms'],
      heartbeatIntervalMs: this.broker['group.consumer.heartbeat.interval.ms'],
      autoCommit: this.spec.config['enable.auto.commit'],
    }
  }

  protected loadedMembers(): string[] {
    return this.ctx.members.map((m) => this.nameOf(m.memberId))
  }

  protected sessionTimerId(memberId: string): string {
    return sessionTimerId(memberId)
  }

  protected formed(slots: readonly number[]): Formed<Kip848> {
    const f = formedConsumerGroup(this.ctx, slots.map((slot) => this.memberInput(slot)), this.spec.initialAssignment)
    const coordinatorTimers = f.coordinator.members.map((m) => ({ id: sessionTimerId(m.memberId), event: { type: 'timer.sessionTimeout' as const, memberId: m.memberId }, delayMs: f.coordinator.sessionTimeoutMs }))
    return { coordinatorState: 'Stable', coordinator: f.coordinator, coordinatorTimers, memberState: 'Stable', members: f.members }
  }

  protected override onPartitionsChanged(count: number): void {
    this.stepCoordinator({ type: 'metadata.partitionsChanged', partitionCount: count })
  }

  protected override isClosing(snapshot: MemberSnapshot): boolean {
    return snapshot.value === 'Leaving'
  }

  // ---------------------------------------------------------------- member requests and reports

  protected sendRequest(slot: number, incarnation: number, req: ConsumerGroupMemberRequest): void {
    this.sendToCoordinator({ ...req, replyTo: { slot, incarnation } })
  }

  protected onMemberReport(slot: number, r: ConsumerMemberReport): void {
    const name = this.host.memberName(slot)
    const now = this.host.now()
    switch (r.kind) {
      case 'reconciled': {
        // Done when the client holds exactly what the coordinator has settled it on (STABLE);
        // an UNRELEASED member that merely moved epoch is still waiting for partitions.
        const m = findMember(this.ctx, r.memberId)
        if (m && m.state === 'STABLE' && m.assigned.length === r.owned.length && m.assigned.every((p) => r.owned.includes(p))) {
          this.tracker.applied(now, r.memberId, m.memberEpoch)
        }
        break
      }
      case 'fenced':
        this.host.say({ kind: 'group.fenced', protocol: 'consumer', member: name, error: r.error })
        break
      case 'pollTimeoutExpired':
        this.host.say({ kind: 'group.pollTimeout', protocol: 'consumer', member: name, maxPollIntervalMs: this.spec.config['max.poll.interval.ms'], leaveEpoch: r.leaveEpoch })
        break
      case 'left':
        break
    }
  }

  // ---------------------------------------------------------------- coordinator reports

  protected onCoordinatorReport(r: ConsumerGroupReport): void {
    const now = this.host.now()
    switch (r.kind) {
      case 'epochBumped': {
        const trigger = this.trigger(r.cause)
        this.tracker.start(now, rebalanceTrigger(trigger), r.groupEpoch, this.ctx.members.length)
        this.host.say({ kind: 'group.epoch', trigger, groupEpoch: r.groupEpoch })
        break
      }
      case 'targetComputed': {
        const ids = Object.keys(r.target)
        this.tracker.expect(r.epoch, ids)
        if (ids.length === 0) this.tracker.coordinatorDone(now)
        const assignment = ids.map((id) => ({ member: this.nameOf(id), partitions: [...(r.target[id] ?? [])] }))
        this.host.say({ kind: 'group.target', epoch: r.epoch, assignor: this.ctx.assignor, assignment })
        break
      }
      case 'memberReconciled':
        this.host.say({
          kind: 'group.reconcile',
          member: this.nameOf(r.memberId),
          state: r.state,
          memberEpoch: r.memberEpoch,
          assigned: [...r.assigned],
          pendingRevocation: [...r.pendingRevocation],
        })
        break
      case 'memberFenced': {
        this.tracker.memberGone(now, r.memberId)
        const removal: MemberRemoval = r.why === 'sessionTimeout' ? { protocol: 'consumer', why: r.why, sessionTimeoutMs: this.ctx.sessionTimeoutMs } : { protocol: 'consumer', why: r.why }
        this.host.say({ kind: 'group.memberRemoved', member: this.nameOf(r.memberId), removal })
        this.releaseOrphaned(r.memberId)
        break
      }
      case 'staticMemberLeft':
        this.host.say({ kind: 'group.staticLeave', member: this.nameOf(r.memberId) })
        break
      case 'staticMemberReplaced':
        this.host.say({ kind: 'group.staticRejoin', protocol: 'consumer', member: this.nameOf(r.memberId) })
        break
      case 'groupStable':
        this.tracker.coordinatorDone(now)
        break
    }
  }

  /** The coordinator's cause with members by display name. */
  private trigger(c: EpochCause): RebalanceTrigger {
    switch (c.kind) {
      case 'memberJoined':
      case 'sessionTimeout':
      case 'rebalanceTimeout':
        return { kind: c.kind, member: this.nameOf(c.memberId) }
      case 'memberLeft':
        // A heartbeat with epoch -1 carries no reason.
        return { kind: c.kind, member: this.nameOf(c.memberId), reason: '' }
      case 'partitionsChanged':
        return { kind: c.kind, partitions: c.partitionCount }
    }
  }

  // ---------------------------------------------------------------- views

  /** In Stable with no target assignment waiting, app.poll only re-arms the poll timer. */
  protected override isRoutinePoll(snapshot: MemberSnapshot): boolean {
    return snapshot.value === 'Stable' && snapshot.context.hasPolled && snapshot.context.target === null
  }

  protected memberPhase(snapshot: MemberSnapshot): MemberPhase {
    switch (snapshot.value) {
      case 'Dead':
        return 'dead'
      case 'Stable':
        return snapshot.context.target !== null ? 'reconciling' : 'stable'
      case 'Reconciling':
      case 'Leaving':
        return 'revoking'
      case 'Acknowledging':
        return 'reconciling'
      default:
        return 'joining'
    }
  }

  protected memberGeneration(c: ConsumerMemberContext): number {
    return c.memberEpoch
  }

  protected coordinatorView(): CoordinatorView {
    const state = typeof this.coordinator.value === 'string' ? this.coordinator.value : 'Empty'
    return {
      countdowns: [],
      state,
      generation: this.ctx.groupEpoch,
      protocol: 'consumer',
      assignor: this.ctx.assignor,
      rebalancing: state === 'Assigning' || state === 'Reconciling',
      leader: null,
    }
  }
}

/** KIP-848 groups (protocol 'consumer'). */
export const consumerGroupRuntimeFactory = machineRuntimeFactory('consumer', (host, spec, broker, saved) => new ConsumerGroupRuntime(host, spec, broker, saved))
