// KIP-848 (group.protocol=consumer) on the engine's clock: the consumer group coordinator and member
// machines of src/protocols, ConsumerGroupHeartbeat carried over the host's network latency, the
// members' reconciliation callbacks carried out on the data plane. Pure: everything goes through
// the GroupHost.

import type { AssignorName } from '../../kafka/assignors/assignor.ts'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { MemberPhase } from '../frameTypes.ts'
import { consumerGroupMachine, type ConsumerGroupInput } from '../../protocols/consumerGroupMachine.ts'
import { findMember, type ConsumerGroupContext } from '../../protocols/consumerGroupLogic.ts'
import type { ConsumerGroupCoordinatorEvent, ConsumerGroupMemberRequest, ConsumerGroupReport, ConsumerGroupResponseEvent, EpochCause } from '../../protocols/consumerGroupMessages.ts'
import { consumerMemberMachine, type ConsumerMemberContext, type ConsumerMemberEvent, type ConsumerMemberInput, type ConsumerMemberReport } from '../../protocols/consumerMemberMachine.ts'
import type { GroupHost } from './groupRuntime.ts'
import type { SnapshotOf } from './memberProcesses.ts'
import { partitionList, seconds, uuidFrom } from './narration.ts'
import { MachineGroupRuntime } from './runtimeCore.ts'
import { machineRuntimeFactory, type CoordinatorView, type SavedRuntime } from './runtimeTypes.ts'

interface Kip848 {
  coordinatorContext: ConsumerGroupContext
  coordinatorEvent: ConsumerGroupCoordinatorEvent
  response: ConsumerGroupResponseEvent
  coordinatorReport: ConsumerGroupReport
  memberContext: ConsumerMemberContext
  memberEvent: ConsumerMemberEvent
  request: ConsumerGroupMemberRequest
  memberReport: ConsumerMemberReport
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
    super(host, consumerGroupMachine, consumerMemberMachine, 'consumer', input, saved)
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
        this.host.trace('group.fenced', `${name} got ${r.error} → its partitions are lost; it rejoins with epoch 0`)
        break
      case 'pollTimeoutExpired':
        this.host.trace(
          'group.pollTimeout',
          `${name} did not call poll() within max.poll.interval.ms (${seconds(this.spec.config['max.poll.interval.ms'])}) → leaves the group (epoch ${r.leaveEpoch}); it rejoins at its next poll`,
        )
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
        const trigger = this.causeText(r.cause)
        this.tracker.start(now, trigger, r.groupEpoch, this.ctx.members.length)
        this.host.trace('group.epoch', `${trigger} → group epoch ${r.groupEpoch}: a new target assignment; members reconcile one heartbeat at a time, nobody else stops`)
        break
      }
      case 'targetComputed': {
        const ids = Object.keys(r.target)
        this.tracker.expect(r.epoch, ids)
        if (ids.length === 0) this.tracker.coordinatorDone(now)
        const parts = ids.map((id) => `${this.nameOf(id)} ${partitionList(r.target[id] ?? [])}`)
        this.host.trace('group.target', `target assignment for epoch ${r.epoch} (${this.ctx.assignor}): ${parts.join(' ')}`)
        break
      }
      case 'memberReconciled': {
        const who = this.nameOf(r.memberId)
        if (r.state === 'UNREVOKED_PARTITIONS') this.host.trace('group.reconcile', `${who}: UNREVOKED_PARTITIONS, must revoke ${partitionList(r.pendingRevocation)} first`)
        else if (r.state === 'UNRELEASED_PARTITIONS') this.host.trace('group.reconcile', `${who}: UNRELEASED_PARTITIONS at epoch ${r.memberEpoch}, waiting for partitions others still hold`)
        else this.host.trace('group.reconcile', `${who}: STABLE at epoch ${r.memberEpoch} ${partitionList(r.assigned)}`)
        break
      }
      case 'memberFenced':
        this.tracker.memberGone(now, r.memberId)
        this.host.trace(
          'group.memberRemoved',
          r.why === 'sessionTimeout'
            ? `${this.nameOf(r.memberId)} missed heartbeats for ${seconds(this.ctx.sessionTimeoutMs)} (group.consumer.session.timeout.ms) → fenced and removed`
            : `${this.nameOf(r.memberId)} did not revoke within its rebalance timeout (max.poll.interval.ms) → fenced and removed`,
        )
        this.releaseOrphaned(r.memberId)
        break
      case 'staticMemberLeft':
        this.host.trace('group.staticLeave', `${this.nameOf(r.memberId)} (static) left for now (epoch -2): its partitions wait for it until group.consumer.session.timeout.ms`)
        break
      case 'staticMemberReplaced':
        this.host.trace('group.staticRejoin', `${this.nameOf(r.memberId)} (static) rejoined within the session timeout → no new epoch, it gets its partitions back`)
        break
      case 'groupStable':
        this.tracker.coordinatorDone(now)
        break
    }
  }

  private causeText(c: EpochCause): string {
    switch (c.kind) {
      case 'memberJoined':
        return `${this.nameOf(c.memberId)} joined`
      case 'memberLeft':
        return `${this.nameOf(c.memberId)} left`
      case 'sessionTimeout':
        return `${this.nameOf(c.memberId)} session timeout`
      case 'rebalanceTimeout':
        return `${this.nameOf(c.memberId)} rebalance timeout`
      case 'partitionsChanged':
        return `partitions added (now ${c.partitionCount})`
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
