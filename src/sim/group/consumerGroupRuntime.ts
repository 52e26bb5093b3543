// KIP-848 (group.protocol=consumer) on the engine's clock: the consumer group coordinator and member
// machines of src/protocols, ConsumerGroupHeartbeat carried over the host's network latency, the
// members' reconciliation callbacks carried out on the data plane. Pure: everything goes through
// the GroupHost.

import type { AnyMachineSnapshot } from 'xstate'
import type { AssignorName } from '../../kafka/assignors/assignor.ts'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { GroupView, MemberPhase } from '../frameTypes.ts'
import { consumerGroupMachine, type ConsumerGroupInput } from '../../protocols/consumerGroupMachine.ts'
import { findMember, type ConsumerGroupContext } from '../../protocols/consumerGroupLogic.ts'
import type { ConsumerGroupMemberRequest, ConsumerGroupReport, ConsumerGroupResponseEvent, EpochCause, ReplyTo } from '../../protocols/consumerGroupMessages.ts'
import { consumerMemberMachine, type ConsumerMemberContext, type ConsumerMemberInput, type ConsumerMemberReport } from '../../protocols/consumerMemberMachine.ts'
import type { GroupHost, GroupRuntimeFactory } from './groupRuntime.ts'
import type { Effect } from './machineEffects.ts'
import { MachineGroupRuntime, partitionList, uuidFrom, type SavedCore } from './runtimeCore.ts'

export interface SavedConsumerGroupRuntime {
  kind: 'consumer'
  core: SavedCore
}

/** group.consumer.assignors: the server-side assignors KIP-848 ships ('uniform' is the default). */
export function serverAssignor(name: AssignorName): 'uniform' | 'range' {
  return name === 'range' ? 'range' : 'uniform'
}

const seconds = (ms: number): string => `${+(ms / 1000).toFixed(1)} s`

export class ConsumerGroupRuntime extends MachineGroupRuntime {
  constructor(
    host: GroupHost,
    private readonly spec: ConsumerGroupSpec,
    private readonly broker: BrokerConfig,
    saved?: SavedConsumerGroupRuntime,
  ) {
    const input: ConsumerGroupInput = {
      groupId: spec.groupId,
      assignor: serverAssignor(spec.assignor),
      topic: host.topicName(),
      partitionCount: host.partitionCount(),
      sessionTimeoutMs: broker['group.consumer.session.timeout.ms'],
      heartbeatIntervalMs: broker['group.consumer.heartbeat.interval.ms'],
    }
    super(host, consumerGroupMachine, consumerMemberMachine, 'consumer', input, saved?.core)
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
    }
  }

  protected override onPartitionsChanged(count: number): void {
    this.stepCoordinator({ type: 'metadata.partitionsChanged', partitionCount: count })
  }

  protected override isClosing(snapshot: AnyMachineSnapshot): boolean {
    return snapshot.value === 'Leaving'
  }

  // ---------------------------------------------------------------- member effects

  protected onMemberEffect(slot: number, incarnation: number, effect: Effect): void {
    switch (effect.type) {
      case 'sendRequest': {
        const req = effect.params as ConsumerGroupMemberRequest
        const replyTo: ReplyTo = { slot, incarnation }
        this.sendToCoordinator({ ...req, replyTo })
        break
      }
      case 'revokePartitions':
      case 'losePartitions':
      case 'assignPartitions':
        this.runRebalanceCallback(slot, incarnation, effect)
        break
      case 'report':
        this.onMemberReport(slot, effect.params as ConsumerMemberReport)
        break
    }
  }

  private onMemberReport(slot: number, r: ConsumerMemberReport): void {
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

  // ---------------------------------------------------------------- coordinator effects

  private get ctx(): ConsumerGroupContext {
    return this.coordinator.context as ConsumerGroupContext
  }

  protected onCoordinatorEffect(effect: Effect): void {
    if (effect.type === 'sendResponse') {
      const { replyTo, event } = effect.params as { replyTo: ReplyTo; event: ConsumerGroupResponseEvent }
      this.sendToMember(replyTo.slot, replyTo.incarnation, event)
    } else if (effect.type === 'report') {
      this.onCoordinatorReport(effect.params as ConsumerGroupReport)
    }
  }

  private onCoordinatorReport(r: ConsumerGroupReport): void {
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
  protected override isRoutinePoll(snapshot: AnyMachineSnapshot): boolean {
    if (snapshot.value !== 'Stable') return false
    const c = snapshot.context as { hasPolled: boolean; target: unknown }
    return c.hasPolled && c.target === null
  }

  protected memberPhase(snapshot: AnyMachineSnapshot): MemberPhase {
    switch (snapshot.value) {
      case 'Dead':
        return 'dead'
      case 'Stable':
        return (snapshot.context as ConsumerMemberContext).target !== null ? 'reconciling' : 'stable'
      case 'Reconciling':
      case 'Leaving':
        return 'revoking'
      case 'Acknowledging':
        return 'reconciling'
      default:
        return 'joining'
    }
  }

  protected memberIdentity(snapshot: AnyMachineSnapshot): { memberId: string; groupInstanceId: string | null; generation: number } {
    const c = snapshot.context as ConsumerMemberContext
    return { memberId: c.memberId, groupInstanceId: c.groupInstanceId, generation: c.memberEpoch }
  }

  group(): GroupView {
    const state = typeof this.coordinator.value === 'string' ? this.coordinator.value : 'Empty'
    return {
      state,
      generation: this.ctx.groupEpoch,
      protocol: 'consumer',
      assignor: this.ctx.assignor,
      rebalancing: this.tracker.isOpen || state === 'Assigning' || state === 'Reconciling',
      leader: null,
      rebalances: this.tracker.records.length,
      rebalancesLastMinute: this.rebalancesLastMinute(),
      storm: this.tracker.storm(this.host.now()),
    }
  }

  coordinatorSnapshot(): AnyMachineSnapshot {
    return this.coordinator
  }

  save(): SavedConsumerGroupRuntime {
    return { kind: 'consumer', core: this.saveCore() }
  }
}

function isSavedConsumer(saved: unknown): saved is SavedConsumerGroupRuntime {
  return typeof saved === 'object' && saved !== null && (saved as { kind?: unknown }).kind === 'consumer'
}

/** KIP-848 groups (protocol 'consumer'). */
export const consumerGroupRuntimeFactory: GroupRuntimeFactory = {
  create: (host, spec, broker) => new ConsumerGroupRuntime(host, spec, broker),
  restore: (host, spec, broker, saved) => {
    if (!isSavedConsumer(saved)) throw new Error('consumerGroupRuntimeFactory.restore: not a saved consumer group')
    return new ConsumerGroupRuntime(host, spec, broker, saved)
  },
}
