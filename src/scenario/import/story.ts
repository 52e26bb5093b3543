// The imported scenario's story in a few sentences, generated from the facts: how big the topic
// is, where the traffic goes (the hot lane and the key behind it), who owns it and how far behind
// it is. Plain text (the page never renders it as HTML). Pure.

import type { Scenario } from '../types.ts'
import type { PartitionView } from './buildFacts.ts'
import type { ClusterFacts } from './types.ts'

export interface HotSpot {
  partition: number
  /** Share of all records that partition takes (0..1). */
  share: number
  /** What the share was measured from. */
  from: 'rates' | 'sample'
  /** The key behind it, when a key sample shows one carrying most of the lane. */
  key?: string
  keyShare?: number
  owner?: string
  lag?: number
}

/** A lane counts as hot from this many times its fair share on. */
const HOT_FACTOR = 1.5

/** The busiest partition, when one takes clearly more than its share; the key behind it if the sample says. */
export function hotSpot(view: PartitionView, facts: ClusterFacts): HotSpot | null {
  const P = view.partitions
  if (P < 2) return null
  let weights = view.parts.map((p) => p.producedPerSec ?? 0)
  let from: HotSpot['from'] = 'rates'
  const sample = facts.keySample
  if (!(weights.reduce((a, b) => a + b, 0) > 0) && sample && sample.records > 0) {
    weights = new Array<number>(P).fill(0)
    for (const e of sample.keys) {
      // A key seen on several partitions (salted, or keyless) is spread over them evenly.
      const ps = e.partitions.filter((p) => p < P)
      for (const p of ps) weights[p]! += e.count / ps.length
    }
    from = 'sample'
  }
  const total = weights.reduce((a, b) => a + b, 0)
  if (!(total > 0)) return null
  let hot = 0
  for (let p = 1; p < P; p++) if (weights[p]! > weights[hot]!) hot = p
  const share = weights[hot]! / total
  if (share < HOT_FACTOR / P) return null
  const out: HotSpot = { partition: hot, share, from }
  const row = view.parts[hot]!
  if (row.owner !== undefined) out.owner = row.owner
  if (row.lag !== undefined) out.lag = row.lag
  if (sample && sample.records > 0) {
    const top = sample.keys.find((e) => e.key !== null && e.partitions.length === 1 && e.partitions[0] === hot)
    const keyShare = top ? top.count / sample.records : 0
    // The key explains the lane when it carries at least half of what the lane takes.
    if (top && top.key !== null && keyShare >= share / 2) {
      out.key = top.key
      out.keyShare = keyShare
    }
  }
  return out
}

export function fmtCount(n: number): string {
  if (n >= 1e9) return `${trim(n / 1e9)} G`
  if (n >= 1e6) return `${trim(n / 1e6)} M`
  if (n >= 1e4) return `${trim(n / 1e3)} k`
  return Math.round(n).toLocaleString('en-US')
}

function trim(x: number): string {
  return x >= 100 ? String(Math.round(x)) : x.toFixed(1).replace(/\.0$/, '')
}

const pct = (x: number) => `${Math.round(x * 100)} %`

export function storyFor(s: Scenario, view: PartitionView, facts: ClusterFacts): string {
  const parts: string[] = []
  const P = s.topic.partitions
  const rate = view.parts.reduce((a, p) => a + (p.producedPerSec ?? 0), 0)
  const consumers = s.group.consumers
  const head = [`${P} partition${P === 1 ? '' : 's'}`]
  if (rate > 0) head.push(`${fmtCount(rate)} records/s`)
  if (s.group.type === 'share') head.push(`${consumers} member${consumers === 1 ? '' : 's'} of share group '${s.group.groupId}' (KIP-932: several may read one partition)`)
  else if (view.members.length > 0 || facts.groups.length > 0) head.push(`${consumers} consumer${consumers === 1 ? '' : 's'} in '${s.group.groupId}' (${s.group.protocol}, ${s.group.assignor})`)
  parts.push(`${s.topic.name}: ${head.join('; ')}.`)

  const hot = hotSpot(view, facts)
  if (hot) {
    let line = `Partition ${hot.partition} takes ${pct(hot.share)} of ${hot.from === 'rates' ? 'records' : 'the sampled records'}`
    if (hot.key !== undefined) line += ` because of key \`${hot.key}\` (${pct(hot.keyShare ?? 0)} of the sample)`
    if (hot.owner !== undefined) {
      line += `; ${hot.owner} owns it`
      if (hot.lag !== undefined) line += hot.lag > 0 ? ` and lags ${fmtCount(hot.lag)} records` : ' and keeps up'
    } else if (hot.lag !== undefined && hot.lag > 0) line += `; it lags ${fmtCount(hot.lag)} records`
    parts.push(`${line}.`)
  } else if (rate > 0) parts.push('The records spread evenly over the partitions.')

  const lags = view.parts.filter((p) => p.lag !== undefined)
  const totalLag = lags.reduce((a, p) => a + (p.lag ?? 0), 0)
  if (lags.length > 0) {
    let worst = lags[0]!
    for (const p of lags) if ((p.lag ?? 0) > (worst.lag ?? 0)) worst = p
    if (totalLag === 0) parts.push('The group is caught up: no lag.')
    else {
      const where = worst.partition !== hot?.partition ? ` The largest lag is on partition ${worst.partition}${worst.owner !== undefined ? ` (${worst.owner})` : ''}: ${fmtCount(worst.lag ?? 0)}.` : ''
      parts.push(`The group lags ${fmtCount(totalLag)} records in all.${where}`)
    }
  }
  if (consumers > P && s.group.type !== 'share') parts.push(`${consumers - P} of the ${consumers} consumers own no partition: a partition is never split between consumers.`)
  return parts.join(' ')
}
