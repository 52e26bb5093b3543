// From what an import knows about a real cluster (ClusterFacts, merged from pastes or a live
// snapshot) to a scenario that runs like it: the topic's partitions and measured lag, the producer
// rate and keys that reproduce the per-partition rates, the group's members, protocol and assignor,
// a processing rate from what the consumers managed. Every field it sets is listed with where it
// came from; everything not measured is Kafka's default and listed as assumed, with why. Pure.

import { encodeScenario, MAX_LINK_CHARS } from '../codec.ts'
import { startingNames } from '../consumerNames.ts'
import { defaultScenario, defaultShareGroup } from '../defaults.ts'
import type { AssignorName, RebalanceProtocol, Scenario } from '../types.ts'
import { validateScenario } from '../validate.ts'
import { LIMITS } from '../validation/limits.ts'
import { TOPIC_NAME } from '../validation/world.ts'
import { applyClientConfig } from './buildClientConfig.ts'
import { clusterShape } from './buildCluster.ts'
import { assumedKeyCount, keysForRates, keysFromSample, misroutedShare } from './buildKeys.ts'
import { chooseGroup, chooseTopic, partitionView, readsAnotherTopic, type PartitionView } from './buildFacts.ts'
import { offersFor, type CompareOffer, type DeclinedOffer } from './offers.ts'
import { scaleToBudget, sliceOf } from './reduce.ts'
import type { ScaleRequest } from './scale.ts'
import { storyFor } from './story.ts'
import { IMPORTED_NAME_PREFIX, type ClusterFacts, type ImportedField, type ImportedGroup } from './types.ts'

export type { CompareOffer, DeclinedOffer } from './offers.ts'

export type BuildResult =
  | { ok: true; scenario: Scenario; fields: ImportedField[]; story: string; offers: CompareOffer[]; declined: DeclinedOffer[] }
  | {
      ok: false
      message: string
      /** Over budget: the factor whose scaled copy fits (BuildOptions.scale). */
      scaleFits?: number
      /** Over budget whatever the rate: the slice that fits (BuildOptions.slice). */
      sliceFits?: number
    }

export interface BuildOptions {
  /**
   * Over the cost budget: simulate a copy at 1/k of the rates and lags (scale.ts), k given or the
   * smallest that fits ('auto'). Absent: an over-budget cluster is refused, saying which k fits.
   */
  scale?: ScaleRequest
  /**
   * A group too large to simulate: build the slice of every k-th consumer with the partitions it
   * owns (slice.ts), labelled. Absent: refused, saying which k fits.
   */
  slice?: number
  /** The topic to simulate when the facts name several (default: the one the group reads, else the largest). */
  topic?: string
  /** The consumer group (default: the one that owns the topic's partitions). */
  group?: string
  /**
   * Set by the slice (reduce.ts), not by callers: the whole cluster's partition count. Without
   * measured rates the assumed rate is the whole cluster's, so the slice takes its partitions'
   * share of it and each lane carries what it would in the whole cluster (not K times more).
   */
  sliceOfPartitions?: number
}

/** What the consumers' measured rates say about one consumer's processing rate. */
function processingRate(view: PartitionView, group: ImportedGroup | undefined): { perSec: number; how: 'derived' | 'assumed'; why: string } | null {
  if (!group || !view.parts.some((p) => p.consumedPerSec !== undefined)) return null
  const byOwner = new Map<string, { consumed: number; produced: number; lag: number }>()
  for (const p of view.parts) {
    if (p.owner === undefined || p.consumedPerSec === undefined) continue
    const o = byOwner.get(p.owner) ?? { consumed: 0, produced: 0, lag: 0 }
    o.consumed += p.consumedPerSec
    o.produced += p.producedPerSec ?? 0
    o.lag += p.lag ?? 0
    byOwner.set(p.owner, o)
  }
  if (byOwner.size === 0) return null
  // A consumer that falls behind (its lanes fill faster than it drains them) runs at its limit.
  let limit = 0
  let limited = ''
  let fastest = 0
  for (const [owner, o] of byOwner) {
    fastest = Math.max(fastest, o.consumed)
    if (o.consumed > 0 && o.produced > o.consumed * 1.05 && o.consumed > limit) {
      limit = o.consumed
      limited = owner
    }
  }
  if (limit > 0) {
    return { perSec: round(limit), how: 'derived', why: `${limited} fell behind while consuming ${fmtRate(limit)}: taken as what one consumer can process` }
  }
  const base = defaultScenario().group.processing.recordsPerSec
  const perSec = round(Math.max(base, fastest * 1.5))
  return { perSec, how: 'assumed', why: `no consumer was at its limit (the busiest consumed ${fmtRate(fastest)}), so 1.5× that (at least the default ${base}/s) is assumed` }
}

/**
 * A paste of two groups or topics (`--describe --all-groups`) builds one of them; the account says
 * which others it held and how to pick one, rather than dropping them without a word.
 */
function alsoNamed(kind: string, names: string[], chosen: string, how: string): string {
  const others = [...new Set(names)].filter((n) => n !== chosen && !n.startsWith('__'))
  if (others.length === 0) return ''
  const shown = others.slice(0, 3).map((n) => `'${n}'`).join(', ') + (others.length > 3 ? ` and ${others.length - 3} more` : '')
  return `; the pastes also name ${kind}${others.length === 1 ? '' : 's'} ${shown} (${how})`
}

function round(x: number): number {
  return x >= 100 ? Math.round(x) : Math.round(x * 100) / 100
}

export function fmtRate(perSec: number): string {
  return `${perSec >= 100 ? Math.round(perSec).toLocaleString('en-US') : String(round(perSec))} records/s`
}

/** The protocol and assignor a tool's words name (range, cooperative-sticky, uniform; classic/consumer). */
function strategyOf(group: ImportedGroup): { protocol: RebalanceProtocol; assignor: AssignorName } | null {
  const a = (group.assignor ?? '').toLowerCase()
  const kip848 = (group.protocol ?? '').toLowerCase() === 'consumer'
  if (kip848) return { protocol: 'consumer', assignor: a === 'range' ? 'range' : 'uniform' }
  if (a === 'cooperative-sticky' || a.endsWith('cooperativestickyassignor')) return { protocol: 'cooperative', assignor: 'cooperative-sticky' }
  if (a === 'range' || a.endsWith('rangeassignor')) return { protocol: 'eager', assignor: 'range' }
  if (a === 'roundrobin' || a.endsWith('roundrobinassignor')) return { protocol: 'eager', assignor: 'roundrobin' }
  if (a === 'sticky' || a.endsWith('.stickyassignor')) return { protocol: 'eager', assignor: 'sticky' }
  if (a === 'uniform') return { protocol: 'consumer', assignor: 'uniform' }
  return null
}

export function buildScenario(facts: ClusterFacts, opts: BuildOptions = {}): BuildResult {
  const topic = chooseTopic(facts, opts.topic, opts.group)
  if (!topic.ok) return topic
  const group = chooseGroup(facts, topic.topic.name, opts.group)
  if (!group.ok) return group
  const view = partitionView(facts, topic.topic, group.group)
  if (opts.slice !== undefined && opts.slice > 1) return sliceOf(facts, topic.topic, group.group, view, opts, buildScenario)
  const P = view.partitions
  if (P < 1) return { ok: false, message: `topic '${topic.topic.name}': no partition count in the pastes (paste kcat -L -J, kafka-consumer-groups.sh --describe or a kafka_exporter scrape)` }
  if (P > LIMITS.partitions.max) return { ok: false, message: `topic '${topic.topic.name}' has ${P} partitions; the simulator runs at most ${LIMITS.partitions.max}` }

  const fields: ImportedField[] = []
  const src = (re: RegExp) => view.sources(re)
  const measured = (path: string, value: unknown, sources: string[], why: string, how: 'measured' | 'derived' = 'measured') => fields.push({ path, value, how, sources, why })
  const assumed = (path: string, value: unknown, why: string) => fields.push({ path, value, how: 'assumed', sources: [], why })

  const s = defaultScenario()
  const name = topic.topic.name
  const topicName = TOPIC_NAME(name).ok ? name : name.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, LIMITS.topicNameChars) || 'imported'
  s.name = `${IMPORTED_NAME_PREFIX}${topicName}`.slice(0, LIMITS.nameChars)
  s.start = 'warm'
  s.topic = { name: topicName, partitions: P }
  measured('topic.name', topicName, src(/^topics\.[^.]+\./), (topicName === name ? 'the topic the pastes describe' : `'${name}' with characters Kafka does not allow in topic names replaced`) + alsoNamed('topic', facts.topics.map((t) => t.name), name, 'Topic in the dialog or --topic picks another'))
  measured('topic.partitions', P, view.countSources, view.countWhy)
  assumed('start', 'warm', 'the group is running when the pastes were taken: the run starts with it formed and stable')

  // Lag at t = 0: what the group still had to read when measured.
  const lag = view.parts.map((p) => Math.max(0, Math.min(LIMITS.initialLag.max, Math.round(p.lag ?? 0))))
  if (lag.some((l) => l > 0)) {
    while (lag.length > 0 && lag[lag.length - 1] === 0) lag.pop()
    s.topic.initialLag = lag
    measured('topic.initialLag', lag, src(/\.(lag|committedOffset|logEndOffset)$/), 'each partition starts with the lag measured for it (log-end offset − committed offset; for a share group, what is not yet acknowledged past its start offset)')
  }

  // The brokers and the topic's replication, when a paste lists replicas (kafka-topics.sh, kcat -L).
  const shape = clusterShape(facts, topic.topic, src, P)
  if (shape.cluster) s.cluster = shape.cluster
  fields.push(...shape.fields)

  // Producers: the total rate and keys that put each partition's measured share on it.
  const producer = s.producers[0]!
  const rates = view.parts.map((p) => p.producedPerSec ?? 0)
  const total = rates.reduce((a, b) => a + b, 0)
  const rateSources = src(/\.producedPerSec$/)
  if (total > 0) {
    producer.rate = { kind: 'constant', perSec: round(Math.min(total, LIMITS.ratePerSec.max)) }
    measured('producers[0].rate.perSec', producer.rate.perSec, rateSources, `the sum of the ${view.parts.filter((p) => p.producedPerSec !== undefined).length} partitions' produce rates (log-end-offset growth)`, 'derived')
  } else if (opts.sliceOfPartitions !== undefined && opts.sliceOfPartitions > P) {
    const whole = (producer.rate as { perSec: number }).perSec
    producer.rate = { kind: 'constant', perSec: round((whole * P) / opts.sliceOfPartitions) }
    assumed('producers[0].rate.perSec', producer.rate.perSec, `no produce rate in the pastes (two kafka_exporter scrapes give one): the default ${fmtRate(whole)} over the cluster's ${opts.sliceOfPartitions} partitions, so the slice's ${P} take their share and each partition carries ${fmtRate(whole / opts.sliceOfPartitions)} as it would in the whole cluster`)
  } else assumed('producers[0].rate.perSec', (producer.rate as { perSec: number }).perSec, 'no produce rate in the pastes (two kafka_exporter scrapes give one): the default rate')

  const sample = facts.keySample ? keysFromSample(facts.keySample) : null
  if (sample) {
    producer.keys = sample.keys
    const nulls = sample.nullRecords > 0 ? `; ${sample.nullRecords} records without a usable key counted with the others` : ''
    const off = misroutedShare(facts.keySample!, P)
    const routed = off > 0.05 ? `; ${Math.round(off * 100)} % of the sampled keyed records sat on another partition than murmur2 puts their key (a custom partitioner?), and the run routes by murmur2` : ''
    measured('producers[0].keys', sample.keys, src(/^keySample$/), `a histogram of the ${facts.keySample!.records} sampled records: the ${sample.named} most frequent keys by name, the rest spread over ${sample.others} other keys${nulls}${routed}`, 'derived')
  } else {
    const keys = total > 0 ? keysForRates(rates) : null
    if (keys) {
      producer.keys = keys
      measured('producers[0].keys', keys, rateSources, 'no key sample: keys chosen so murmur2 puts each partition\'s measured share of records on it (paste kcat -C -J records for the real keys)', 'derived')
    } else {
      // The default scenario's 1000 keys left most of 10 000 lanes empty and flagged the rest hot;
      // a hundred keys a partition puts about the same share on every lane under murmur2.
      producer.keys = { kind: 'uniform', count: assumedKeyCount(P) }
      assumed('producers[0].keys', producer.keys, `no key sample and no per-partition rates: ${producer.keys.count} keys, uniform (about 100 a partition, so every partition gets about the same share)`)
    }
  }
  if (facts.keySample?.meanRecordBytes !== undefined && facts.keySample.meanRecordBytes >= 1) {
    producer.recordBytes = Math.min(LIMITS.recordBytes.max, Math.round(facts.keySample.meanRecordBytes))
    measured('producers[0].recordBytes', producer.recordBytes, src(/^keySample$/), 'the sampled records\' mean key + value size', 'derived')
  } else assumed('producers[0].recordBytes', producer.recordBytes, 'record size not in the pastes: 100 bytes')

  // The group.
  const g = group.group
  if (g) {
    s.group.groupId = g.groupId.slice(0, LIMITS.groupIdChars) || s.group.groupId
    // Another group the paste holds on its own topic can be picked; one that only shares this
    // topic cannot (a topic keeps one group's offsets, even when the paste held another's), and the
    // account says which.
    const others = facts.groups.filter((x) => x.groupId !== g.groupId).map((x) => x.groupId)
    const pickable = topic.topic.group === undefined || others.every((o) => readsAnotherTopic(facts, o, name))
    measured('group.groupId', s.group.groupId, src(new RegExp(`^groups\\.${escape(g.groupId)}\\.`)), 'the group that reads the topic' + alsoNamed('group', others, g.groupId, pickable ? '--group in the CLI picks another' : `their offsets for '${name}' are not used, as a topic keeps one group's offsets: import a group's own --describe --group`))
    const share = (g.protocol ?? '').toLowerCase() === 'share'
    const consumers = Math.min(LIMITS.consumers.max, view.members.length)
    if (share && view.members.length === 0) {
      assumed('group.consumers', s.group.consumers, `kafka-share-groups.sh --describe names no members (several read each partition): paste its --describe --members for them; ${s.group.consumers} assumed`)
    } else if (view.members.length === 0 && ((g.memberCount ?? 0) > 0 || /Rebalance$/.test(g.state ?? ''))) {
      // Mid-rebalance the offsets view lists no owners: the members exist (0 consumers ran none).
      const n = g.memberCount ?? 0
      if (n > 0) measured('group.consumers', (s.group.consumers = Math.min(LIMITS.consumers.max, n)), src(new RegExp(`^groups\\.${escape(g.groupId)}\\.memberCount$`)), `#MEMBERS of '${g.groupId}' (the offsets view names no owners while it rebalances)`)
      else assumed('group.consumers', s.group.consumers, `'${g.groupId}' was rebalancing when the pastes were taken, so they name no members (--describe --state counts them): the default ${s.group.consumers} consumers`)
    } else {
      s.group.consumers = consumers
      measured('group.consumers', consumers, src(new RegExp(`^groups\\.${escape(g.groupId)}\\.members$`)), consumers === view.members.length ? `${consumers} active member${consumers === 1 ? '' : 's'} of '${g.groupId}'` : `${view.members.length} members, at most ${LIMITS.consumers.max} simulated`)
      // The run's cards, lane owners, narration and exports name each consumer as the cluster does.
      const names = view.names.slice(0, consumers)
      const generated = startingNames({ consumers })
      if (names.some((n, i) => n !== generated[i])) {
        s.group.consumerNames = names
        const widened = view.widenedNames > 0 ? `; ${view.widenedNames} client id${view.widenedNames === 1 ? ' repeats' : 's repeat'}, so ${view.widenedNames === 1 ? 'it is' : 'they are'} told apart by host (client-id@host) or, on one host, by consumer id` : ''
        measured('group.consumerNames', names, src(new RegExp(`^groups\\.${escape(g.groupId)}\\.members$`)), `each consumer is named by its client id (CLIENT-ID), as its logs and metrics know it${widened}; consumers started later in the run are consumer-N`)
      }
    }
    const strat = share ? null : strategyOf(g)
    if (share) {
      // KIP-932: records are acquired under a lock by whichever member fetches them; the simple
      // assignor runs in the group coordinator, so there is no client-side protocol to choose.
      s.group.type = 'share'
      s.group.share = defaultShareGroup()
      measured('group.type', 'share', src(new RegExp(`^groups\\.${escape(g.groupId)}\\.protocol$`)), `'${g.groupId}' is a share group (kafka-share-groups.sh): its start offsets and lag are the share-partitions'`)
      assumed('group.share', '(Kafka defaults)', 'share group settings are broker-side group configs not in the pastes: record lock 30 s, delivery limit 5, 2000 record locks per partition')
    } else if (strat) {
      s.group.protocol = strat.protocol
      s.group.assignor = strat.assignor
      const ss = src(new RegExp(`^groups\\.${escape(g.groupId)}\\.(assignor|protocol)$`))
      measured('group.protocol', strat.protocol, ss, `the group's ${g.protocol ?? 'classic'} protocol with assignor '${g.assignor ?? strat.assignor}'`)
      measured('group.assignor', strat.assignor, ss, `shown by the tool as '${g.assignor ?? strat.assignor}'`)
    } else {
      assumed('group.protocol', s.group.protocol, g.assignor ? `assignor '${g.assignor}' is not one the simulator runs: the Java consumer's default (eager range)` : "not in the pastes (--describe --state shows it): the Java consumer's default, eager with range")
      assumed('group.assignor', s.group.assignor, "the Java consumer's default for the eager protocol")
    }
    if (!share && consumers === view.members.length && consumers > 0) {
      // Who owned what when the paste was taken: the run starts from it whatever the assignor, so
      // a compare side with another assignor differs by its protocol, not by a fresh placement.
      const owned = view.members.map((m) => m.assignment.filter((a) => a.topic === name).map((a) => a.partition))
      const unowned = P - owned.reduce((n, ps) => n + ps.length, 0)
      if (unowned === 0) {
        s.group.initialAssignment = owned
        measured('group.initialAssignment', owned, src(new RegExp(`^groups\\.${escape(g.groupId)}\\.members$`)), "who owned which partitions when the paste was taken: the run starts with these owners whatever the assignor (switching assignors in Kafka keeps them until the next rebalance, and the sticky ones after it)")
      } else assumed('group.initialAssignment', '(the assignor\'s)', `${unowned} partition${unowned === 1 ? ' had' : 's had'} no owner in the pastes: the run starts with the assignor's placement`)
    }
    s.group.staticMembership = view.members.some((m) => m.instanceId !== undefined && m.instanceId !== '')
    if (s.group.staticMembership) measured('group.staticMembership', true, src(new RegExp(`^groups\\.${escape(g.groupId)}\\.members$`)), 'members have a group.instance.id (KIP-345)')
    else assumed('group.staticMembership', false, 'no group.instance.id shown: dynamic membership')
  } else {
    assumed('group.consumers', s.group.consumers, 'no consumer group in the pastes (paste kafka-consumer-groups.sh --describe): the default 3 consumers')
    assumed('group.protocol', s.group.protocol, "the Java consumer's default")
  }

  const proc = processingRate(view, g)
  if (proc) {
    s.group.processing.recordsPerSec = proc.perSec
    fields.push({ path: 'group.processing.recordsPerSec', value: proc.perSec, how: proc.how, sources: proc.how === 'derived' ? src(/\.consumedPerSec$/) : [], why: proc.why })
  } else assumed('group.processing.recordsPerSec', s.group.processing.recordsPerSec, 'no consume rates in the pastes (two scrapes of kafka_consumergroup_current_offset give them): the default')

  const client = applyClientConfig(s, facts.clientConfig ?? [], fields)
  if (!client.ok) return client
  assumed('dynamic.hotspotDetection.enabled', true, 'the simulator flags hot keys and lanes (it changes no route), so the hot lane shows')

  const scaled = scaleToBudget(s, fields, opts.scale)
  if (!scaled.ok) return scaled
  const checked = validateScenario(scaled.scenario)
  if (!checked.ok) return { ok: false, message: `the imported scenario is not valid: ${checked.errors.slice(0, 3).map((e) => `${e.path}: ${e.message}`).join('; ')}` }
  const scenario = checked.scenario
  if (scenario.group.consumerNames && encodeScenario(scenario).length > MAX_LINK_CHARS) {
    // The names must not cost the scenario its link (a thousand long ids); the run then numbers them.
    delete scenario.group.consumerNames
    const f = fields.find((x) => x.path === 'group.consumerNames')!
    Object.assign(f, { value: '(consumer-N)', how: 'assumed', sources: [], why: `the client ids would make the scenario's link longer than ${MAX_LINK_CHARS.toLocaleString('en-US')} characters: the run names its consumers consumer-1, consumer-2, …` })
  }
  const story = storyFor(scenario, view, facts)
  const { offers, declined } = offersFor(scenario, view, facts)
  // Why a fix the architect may expect is not offered belongs in the story they read first.
  const notOffered = declined.map((d) => ` ${d.why[0]!.toUpperCase()}${d.why.slice(1)}.`).join('')
  return { ok: true, scenario, fields, story: `${scaled.k > 1 ? `${scaled.note} ` : ''}${story}${notOffered}`, offers, declined }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export type { PartitionView } from './buildFacts.ts'
