// The comparisons worth making for an imported cluster, each a ready compare link (the same
// `s=…&v=…` words `highway compare --link` writes): salting the key behind the hot lane, more
// partitions, the cooperative protocol (or KIP-848) when a consumer joins, and a share group
// (KIP-932) reading the hot lane with several members. When the lag piles on a few partitions
// (lagSpot.ts) more partitions are not offered (the offers' `declined` says why); what puts more
// processing on those lanes is: the Parallel Consumer, lag-aware assignment, a share group. Pure.

import { compareLinkHash } from '../links.ts'
import { variantScenario, type Variant } from '../overrides.ts'
import type { Scenario } from '../types.ts'
import { validateScenario } from '../validate.ts'
import { LIMITS } from '../validation/limits.ts'
import type { PartitionView } from './buildFacts.ts'
import { lagSpot, morePartitionsWontHelp, partitionWords, type LagSpot } from './lagSpot.ts'
import { hotSpot } from './story.ts'
import type { ClusterFacts } from './types.ts'

export interface CompareOffer {
  id: 'salt' | 'partitions' | 'cooperative' | 'share' | 'parallel' | 'lag-aware'
  /** Button text. */
  label: string
  /** One sentence: what the comparison shows. */
  why: string
  /** The shared workload (the imported scenario, plus a joining consumer for the protocol offer). */
  base: Scenario
  variants: Variant[]
  /** The page's hash (after '#') that opens this comparison. */
  hash: string
}

/** A comparison left out on purpose, and why (shown beside the offers). */
export interface DeclinedOffer {
  id: CompareOffer['id']
  why: string
}

/** Records each consumer of the Parallel Consumer offer processes at once (PC's maxConcurrency). */
export const PARALLEL_KEYS = 16

/** When a consumer joins in the protocol comparison, simulated seconds. */
export const JOIN_AT_SEC = 30

const AS_MEASURED = 'as measured'

function offer(id: CompareOffer['id'], label: string, why: string, base: Scenario, variants: Variant[]): CompareOffer | null {
  // Each side must be a scenario the simulator accepts; an offer that is not is left out.
  if (!variants.every((v) => variantScenario(base, v).ok)) return null
  return { id, label, why, base, variants, hash: compareLinkHash(base, variants) }
}

export function offersFor(s: Scenario, view: PartitionView, facts: ClusterFacts): { offers: CompareOffer[]; declined: DeclinedOffer[] } {
  const out: Array<CompareOffer | null> = []
  const declined: DeclinedOffer[] = []
  const P = s.topic.partitions
  const hot = hotSpot(view, facts)
  const piled = lagSpot(view)
  if (hot?.key !== undefined && hot.keyShare !== undefined) {
    // Salts enough that each carries about one lane's fair share; detection must flag the key first.
    const splits = Math.max(2, Math.min(P, Math.ceil(hot.keyShare * P)))
    const threshold = Math.max(0.01, Math.min(s.dynamic.hotspotDetection.keyShareThreshold, Math.floor(hot.keyShare * 80) / 100))
    out.push(
      offer(
        'salt',
        `Salt ${hot.key} over ${splits} partitions`,
        `key ${hot.key} carries ${Math.round(hot.keyShare * 100)} % of records to partition ${hot.partition}; salted, it spreads over ${splits} lanes (and loses per-key order)`,
        s,
        [
          { label: AS_MEASURED, set: {} },
          {
            label: `salt ${hot.key}`.slice(0, 60),
            set: { 'dynamic.hotspotDetection.enabled': true, 'dynamic.hotspotDetection.keyShareThreshold': threshold, 'dynamic.salting.enabled': true, 'dynamic.salting.splits': splits },
          },
        ],
      ),
    )
  }
  // A lag piled on a few lanes: what puts more processing on them comes first.
  if (piled) out.push(parallelOffer(s, piled), lagAwareOffer(s, piled), shareOffer(s, piled.partitions))
  if (piled) declined.push({ id: 'partitions', why: morePartitionsWontHelp(piled) })
  else if (P < LIMITS.partitions.max) {
    const more = Math.min(LIMITS.partitions.max, 2 * P)
    out.push(
      offer(
        'partitions',
        `${more} partitions instead of ${P}`,
        hot?.key !== undefined
          ? `every key is rehashed over ${more} lanes: the rest of the traffic spreads thinner, but ${hot.key} still lands on one lane`
          : `every key is rehashed over ${more} lanes, and more consumers can share the work`,
        s,
        [
          { label: AS_MEASURED, set: {} },
          { label: `${more} partitions`, set: { 'topic.partitions': more } },
        ],
      ),
    )
  }
  // A share group has no rebalance to compare (KIP-932: members join without one).
  if (s.group.type !== 'share' && s.group.protocol !== 'consumer' && s.group.consumers < LIMITS.consumers.max) {
    const joined = validateScenario({ ...s, actions: [...s.actions, { atSec: JOIN_AT_SEC, do: 'addConsumer' }] })
    if (joined.ok) {
      const coop = s.group.protocol === 'eager'
      const set = coop ? { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } : { 'group.protocol': 'consumer', 'group.assignor': 'uniform' }
      out.push(
        offer(
          'cooperative',
          coop ? 'Cooperative rebalancing when a consumer joins' : 'KIP-848 when a consumer joins',
          coop
            ? `a consumer joins at ${JOIN_AT_SEC} s: eager stops every lane to rebalance, cooperative moves only the partitions that change hands`
            : `a consumer joins at ${JOIN_AT_SEC} s: the classic cooperative protocol against KIP-848's broker-side assignment`,
          joined.scenario,
          [
            { label: `${s.group.protocol} (as measured)`, set: {} },
            { label: coop ? 'cooperative' : 'KIP-848', set },
          ],
        ),
      )
    }
  }
  if (!piled) out.push(shareOffer(s, hot?.partition))
  return { offers: out.filter((o): o is CompareOffer => o !== null), declined }
}

/**
 * Confluent's Parallel Consumer on every consumer: each processes up to PARALLEL_KEYS records of
 * different keys at once, in key order, so a lane's backlog of many keys drains that much faster
 * (one hot key still goes one record at a time).
 */
function parallelOffer(s: Scenario, piled: LagSpot): CompareOffer | null {
  if (s.group.type === 'share' || s.group.parallel !== undefined) return null
  const where = partitionWords(piled.partitions)
  return offer(
    'parallel',
    `Parallel Consumer, ${PARALLEL_KEYS} keys at once`,
    `each consumer processes up to ${PARALLEL_KEYS} keys of its partitions at once (per-key order kept, commits still in offset order), so the backlog on ${where} drains up to ${PARALLEL_KEYS}× faster; a single hot key still goes one record at a time`,
    s,
    [
      { label: AS_MEASURED, set: {} },
      { label: `Parallel Consumer (${PARALLEL_KEYS} keys)`, set: { 'group.parallel': { ordering: 'key', maxConcurrency: PARALLEL_KEYS } } },
    ],
  )
}

/**
 * Lag-aware assignment (an eager, client-side assignor): the consumers that own the piled-up
 * partitions get fewer others, so their whole processing rate goes to the backlog. It places the
 * partitions from the start (the measured owners are left out on that side).
 */
function lagAwareOffer(s: Scenario, piled: LagSpot): CompareOffer | null {
  if (s.group.type === 'share' || s.group.consumers < 2 || s.group.assignor === 'lag-aware') return null
  const where = partitionWords(piled.partitions)
  return offer(
    'lag-aware',
    `Lag-aware assignment for ${where}`,
    `the owners of ${where} carry the backlog and their other partitions' records too; a lag-aware assignor gives them fewer other partitions, so more of their processing goes to the backlog (an eager, client-side assignor: every lane stops at a rebalance)`,
    s,
    [
      { label: AS_MEASURED, set: {} },
      { label: 'lag-aware', set: { 'group.protocol': 'eager', 'group.assignor': 'lag-aware', 'group.initialAssignment': null } },
    ],
  )
}

/**
 * A share group on the hot lane. The simple assignor (KIP-932) shares a partition only when members
 * outnumber partitions (ceil(members / partitions) per partition), so both sides run twice as many
 * consumers as partitions: the consumer group leaves half of them idle, the share group puts two on
 * every lane.
 */
function shareOffer(s: Scenario, hot: number | number[] | undefined): CompareOffer | null {
  if (hot === undefined || s.group.type === 'share') return null
  const members = 2 * s.topic.partitions
  if (members > LIMITS.consumers.max) return null
  const lanes = typeof hot === 'number' ? [hot] : hot
  return offer(
    'share',
    `A share group of ${members} on the hot lane${lanes.length === 1 ? '' : 's'}`,
    `a consumer group gives ${lanes.length === 1 ? '' : 'each of '}${partitionWords(lanes)} to one consumer however many you add; a share group of ${members} reads every lane with two members (records of one key then finish out of order, and a crashed member's records wait for their lock to expire)`,
    s,
    [
      { label: `consumer group of ${members}`, set: { 'group.consumers': members } },
      { label: `share group of ${members}`, set: { 'group.consumers': members, 'group.type': 'share' } },
    ],
  )
}
