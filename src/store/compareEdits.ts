// Compare mode's edits, as data: which page edits are the shared workload and which are one side's
// strategy (a variant's overrides by dotted path, the CLI's own words), the sides the Compare button
// opens with, and the changes "Fork to compare" offers. Pure.

import type { OverrideSet, Variant } from '../scenario/overrides.ts'
import type { AssignorName, Command, GroupType, ParallelConsumerSpec, PartitionerName, ProducerConfig, Scenario, ScenarioAction } from '../scenario/types.ts'
import { clusterOverrides, clusterSummary, patchedCluster, type ClusterPatch } from '../scenario/clusterEdit.ts'
import { settingsBefore } from '../scenario/liveOverrides.ts'
import { ASSIGNORS_FOR, protocolChoice, type ProtocolChoice, type ScenarioEdit } from './scenarioEdits.ts'

/** ProducerConfig's acks as stored ("-1" is read as 'all'). */
export type Acks = NonNullable<ProducerConfig['acks']>

/** One side's strategy controls. */
export type StrategyEdit =
  | { kind: 'protocol'; protocol: ProtocolChoice }
  | { kind: 'assignor'; assignor: AssignorName }
  | { kind: 'partitioner'; partitioner: PartitionerName | null; ignoreKeys: boolean }
  | { kind: 'salting'; enabled: boolean }
  | { kind: 'loadAware'; enabled: boolean }
  | { kind: 'commitOnRevoke'; enabled: boolean }
  | { kind: 'autoscaler'; enabled: boolean }
  /** The side's brokers (issue 12): the broker count as a strategy answering a hot broker. */
  | { kind: 'cluster'; patch: ClusterPatch }
  /** Consumer group or KIP-932 share group (`group.type`). */
  | { kind: 'groupType'; type: GroupType }
  /** Confluent Parallel Consumer: its ordering and threads, or null for the plain loop. */
  | { kind: 'parallel'; parallel: ParallelConsumerSpec | null }
  /** The producers' `acks` (Kafka's default 'all'): what a broker crash costs, side by side. */
  | { kind: 'acks'; acks: Acks }
  /** The side's consumers (a share group's members) now: `group.consumers`, as one highway's Consumers. */
  | { kind: 'members'; count: number }

/**
 * The overrides that make `cur` (a side's settings now) follow `e`. `scripted`: the consumers the
 * shared script added (negative: removed) since the moment the side's overrides hold from
 * (scriptedMembers); a members edit sets the count at that moment, so the side has `e.count` now.
 */
export function strategySet(cur: Scenario, e: StrategyEdit, scripted = 0): OverrideSet {
  switch (e.kind) {
    case 'members':
      return { 'group.consumers': Math.max(0, Math.round(e.count) - scripted) }
    case 'protocol': {
      const protocol = e.protocol === 'static' ? 'eager' : e.protocol
      const allowed = ASSIGNORS_FOR[protocol]
      const assignor = allowed.includes(cur.group.assignor) ? cur.group.assignor : (allowed[0] ?? 'range')
      return { 'group.protocol': protocol, 'group.assignor': assignor, 'group.staticMembership': e.protocol === 'static' }
    }
    case 'assignor':
      return { 'group.assignor': e.assignor }
    case 'partitioner':
      return { 'producerConfig.partitioner.class': e.partitioner, 'producerConfig.partitioner.ignore.keys': e.ignoreKeys }
    case 'salting':
      return { 'dynamic.salting.enabled': e.enabled }
    case 'loadAware':
      return { 'dynamic.loadAware.enabled': e.enabled }
    case 'commitOnRevoke':
      return { 'group.processing.commitOnRevoke': e.enabled }
    case 'autoscaler':
      return { 'group.autoscaler.enabled': e.enabled }
    case 'cluster':
      return clusterOverrides(cur, e.patch)
    case 'groupType':
      return { 'group.type': e.type }
    case 'parallel':
      return e.parallel ? { 'group.parallel.ordering': e.parallel.ordering, 'group.parallel.maxConcurrency': e.parallel.maxConcurrency } : { 'group.parallel': null }
    case 'acks':
      return { 'producerConfig.acks': e.acks }
  }
}

/**
 * A side's name for the strategy edit `e` made on settings `cur`: the words a fork with that change
 * is named by ("salted", "load-aware", "round-robin", "autoscaled"; see forkChoices), so a copied
 * side the teacher changes says what it now runs. Holds no ":", "=" or "@" (a link's variant syntax).
 */
export function strategyEditLabel(cur: Scenario, e: StrategyEdit): string {
  switch (e.kind) {
    case 'protocol':
      return e.protocol
    case 'assignor':
      return e.assignor
    case 'partitioner':
      return e.ignoreKeys ? 'keys ignored' : (e.partitioner ?? 'murmur2')
    case 'salting':
      return e.enabled ? 'salted' : 'unsalted'
    case 'loadAware':
      return e.enabled ? 'load-aware' : 'no-routing'
    case 'commitOnRevoke':
      return e.enabled ? 'commit-on-revoke' : 'no-commit'
    case 'autoscaler':
      return e.enabled ? 'autoscaled' : 'fixed'
    case 'cluster': {
      const n = patchedCluster(cur, e.patch).brokers
      return `${n} broker${n === 1 ? '' : 's'}`
    }
    case 'groupType':
      return e.type === 'share' ? 'share group' : 'consumer group'
    case 'parallel':
      return e.parallel ? `parallel ${e.parallel.ordering}` : 'plain consumer'
    case 'acks':
      return `acks ${e.acks}`
    case 'members':
      return `${e.count} ${cur.group.type === 'share' ? 'member' : 'consumer'}${e.count === 1 ? '' : 's'}`
  }
}

/**
 * How many consumers the shared script (Consumers' live adds and removes, every side's) added by
 * `nowSec` since the moment variant `v`'s overrides are read at: 0 s, or a fork's second. Pure.
 */
export function scriptedMembers(base: Scenario, v: Variant, nowSec: number): number {
  const from = v.atSec === undefined ? base : settingsBefore(base, v.atSec)
  return settingsBefore(base, nowSec).group.consumers - from.group.consumers
}

/**
 * What a side's Members edit asking `asked` consumers gives the side now, when that is not `asked`
 * (null when it is). Its count is set at the moment its overrides hold from (0 s, or a fork's
 * second), and a group holds at least 0 there: when the shared Consumers added more since then than
 * the side asks for (0 after two adds), the side keeps what the script added, and `why` says so. Pure.
 */
export function membersShortfall(base: Scenario, v: Variant, nowSec: number, asked: number): { have: number; asked: number; why: string } | null {
  const scripted = scriptedMembers(base, v, nowSec)
  const want = Math.max(0, Math.round(asked))
  if (want >= scripted) return null
  const from = v.atSec ?? 0
  return {
    have: scripted,
    asked: want,
    why: `Consumers (every side) added ${scripted} since ${from} s. Members sets this side's own count at ${from} s${v.atSec === undefined ? '' : ' (its fork)'}, and it cannot be below 0 there; Consumers (every side) can remove them.`,
  }
}

/** `v` with `set` merged in (a path set again keeps its place and takes the new value). */
export function withOverrides(v: Variant, set: OverrideSet): Variant {
  return { ...v, set: { ...v.set, ...set } }
}

/** Page edits that change the shared workload (every side); every other edit is a side's strategy. */
export function isSharedEdit(e: ScenarioEdit): boolean {
  switch (e.kind) {
    case 'rate':
    case 'hotKeyShare':
    case 'zipf':
    case 'keyCount':
    case 'hotKeyCost':
    case 'partitions':
    case 'consumers':
    case 'timeout':
    case 'metadataMaxAge':
    case 'seed':
      return true
    default:
      return false
  }
}

const PARTITIONER_WORDS: Record<string, string> = { 'round-robin': 'round-robin', 'uniform-sticky': 'uniform sticky' }

/** A side's strategy in a few words: "cooperative · cooperative-sticky · salting". */
export function strategySummary(s: Scenario): string {
  // A share group (KIP-932) has no rebalance protocol to name: its simple assignor says it all.
  const parts: string[] = s.group.type === 'share' ? ['share group'] : [protocolChoice(s), s.group.assignor]
  const pc = s.producerConfig
  if (pc['partitioner.ignore.keys']) parts.push('keys ignored')
  else if (pc['partitioner.class'] !== null) parts.push(PARTITIONER_WORDS[pc['partitioner.class']] ?? pc['partitioner.class'])
  if (s.dynamic.salting.enabled) parts.push(`salting ×${s.dynamic.salting.splits}`)
  if (s.dynamic.loadAware.enabled) parts.push(`load-aware (${s.dynamic.loadAware.scope})`)
  if (s.group.processing.commitOnRevoke) parts.push('commit on revoke')
  if (s.group.autoscaler.enabled) parts.push('autoscaler')
  if (s.cluster !== undefined) parts.push(clusterSummary(s))
  // Only when set: absent is Kafka's default (all), and it changes nothing until a broker fails.
  if (pc.acks !== undefined) parts.push(`acks=${pc.acks}`)
  if (s.group.parallel) parts.push(`parallel consumer (${s.group.parallel.ordering} order, ${s.group.parallel.maxConcurrency} threads)`)
  return parts.join(' · ')
}

/**
 * The two sides the Compare button opens with: the protocol shown against the other classic one
 * (eager vs cooperative: cooperative-sticky), the teacher's classic comparison.
 */
export function defaultCompareSides(s: Scenario): Variant[] {
  const coop = s.group.protocol === 'cooperative'
  const eager: Variant = { label: 'eager', set: { 'group.protocol': 'eager', 'group.assignor': ASSIGNORS_FOR.eager.includes(s.group.assignor) ? s.group.assignor : 'range' } }
  const cooperative: Variant = { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } }
  // The current protocol first, as "what you were looking at" (KIP-848 and static compare against cooperative).
  if (coop) return [cooperative, eager]
  if (s.group.protocol === 'eager' && !s.group.staticMembership) return [eager, cooperative]
  return [{ label: protocolChoice(s), set: {} }, cooperative]
}

export interface ForkChoice {
  id: string
  /** What the button says. */
  title: string
  /** Label of the changed side. */
  label: string
  set: OverrideSet
  /** A live command can make it at the fork moment; otherwise the change applies from the start. */
  live: boolean
  /** A command the changed side alone runs at the fork moment (its own action, `actions+`), instead of a setting. */
  command?: Command
}

/** The strategy changes "Fork to compare" offers for the settings `s` (the settings now). */
export function forkChoices(s: Scenario): ForkChoice[] {
  const out: ForkChoice[] = []
  const salt = s.dynamic.salting.enabled
  out.push({ id: 'salting', title: salt ? 'Stop salting hot keys' : 'Salt hot keys', label: strategyEditLabel(s, { kind: 'salting', enabled: !salt }), set: { 'dynamic.salting.enabled': !salt }, live: true })
  const la = s.dynamic.loadAware.enabled
  out.push({ id: 'loadAware', title: la ? 'Stop load-aware routing' : 'Load-aware routing', label: strategyEditLabel(s, { kind: 'loadAware', enabled: !la }), set: { 'dynamic.loadAware.enabled': !la }, live: true })
  const rr = s.producerConfig['partitioner.class'] === 'round-robin'
  out.push({
    id: 'partitioner',
    title: rr ? 'Built-in partitioner (murmur2)' : 'RoundRobinPartitioner',
    label: rr ? 'murmur2' : 'round-robin',
    set: { 'producerConfig.partitioner.class': rr ? null : 'round-robin' },
    live: true,
  })
  const auto = s.group.autoscaler.enabled
  out.push({ id: 'autoscaler', title: auto ? 'Autoscaler off' : 'Autoscaler on', label: strategyEditLabel(s, { kind: 'autoscaler', enabled: !auto }), set: { 'group.autoscaler.enabled': !auto }, live: true })
  const coop = s.group.protocol === 'cooperative'
  out.push({
    id: 'protocol',
    title: coop ? 'Eager protocol' : 'Cooperative protocol (cooperative-sticky)',
    label: coop ? 'eager' : 'cooperative',
    set: coop ? { 'group.protocol': 'eager', 'group.assignor': 'range' } : { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky', 'group.staticMembership': false },
    live: false,
  })
  const stat = s.group.staticMembership
  if (s.group.protocol !== 'consumer') {
    out.push({ id: 'static', title: stat ? 'Dynamic members' : 'Static members (KIP-345)', label: stat ? 'dynamic' : 'static', set: { 'group.staticMembership': !stat }, live: false })
  }
  // With a cluster, what a broker crash costs: the leader's word (acks=1) against every in-sync replica's.
  if (s.cluster !== undefined) {
    const one = s.producerConfig.acks === '1'
    out.push({ id: 'acks', title: one ? 'acks=all (every in-sync replica)' : 'acks=1 (the leader only)', label: strategyEditLabel(s, { kind: 'acks', acks: one ? 'all' : '1' }), set: { 'producerConfig.acks': one ? 'all' : '1' }, live: false })
  }
  // With a cluster, Cruise-Control-style "Rebalance cluster" on one side from this moment: the
  // other side shows what leaving the hot broker alone costs, on the same clock.
  if (s.cluster !== undefined && s.cluster.brokers > 1) {
    out.push({ id: 'rebalanceCluster', title: 'Rebalance the cluster', label: 'rebalanced', set: {}, live: true, command: { do: 'rebalanceCluster', throttleBytesPerSec: 50_000_000 } })
  }
  const cor = s.group.processing.commitOnRevoke
  out.push({ id: 'commitOnRevoke', title: cor ? 'No commit on revoke' : 'Commit on revoke', label: strategyEditLabel(s, { kind: 'commitOnRevoke', enabled: !cor }), set: { 'group.processing.commitOnRevoke': !cor }, live: false })
  return out
}

/**
 * The four answers to a hot lane on `s`'s workload, from the start (the hot-lane-answers lesson's
 * sides): salting on the producer side; on the consumer side a share group of two members a lane
 * (KIP-932 gives a lane ceil(members / partitions) readers: with as many members as the group has,
 * one, and the side ran as the plain group did), the Parallel Consumer in key order and the lag-aware
 * assignor (which weighs lanes at the next rebalance). Null when no producer has a hot key.
 */
export function hotLaneAnswerSides(s: Scenario): Variant[] | null {
  if (!s.producers.some((p) => p.keys.kind === 'hot')) return null
  return [
    { label: 'salting', set: { 'dynamic.salting.enabled': true } },
    { label: 'share group', set: { 'group.type': 'share', 'group.consumers': 2 * s.topic.partitions } },
    { label: 'parallel consumer', set: { 'group.parallel.ordering': 'key' } },
    { label: 'lag-aware', set: { 'group.assignor': 'lag-aware', 'group.protocol': 'eager' } },
  ]
}

/** A fork's unchanged side: the run as it was. A strategy edit on that side renames it (sideEdits). */
export const FORK_BEFORE_LABEL = 'before'

/** The sides of a fork at `atSec`: the run as it is ("before"), and the change (from `atSec` when live). */
export function forkVariants(choice: ForkChoice, atSec: number): Variant[] {
  const before: Variant = { label: FORK_BEFORE_LABEL, set: {} }
  if (choice.command !== undefined) return [before, { label: choice.label, set: {}, actions: [{ ...choice.command, atSec } as ScenarioAction] }]
  const after: Variant = choice.live ? { label: choice.label, atSec, set: choice.set } : { label: choice.label, set: choice.set }
  return [before, after]
}
