// The snapshot's facts as a short table for a terminal (the default output; --json has them all).
// Pure. Names from the cluster are printed as text, cut to a sane width.

import type { ClusterFacts } from '../../scenario/import/types.ts'

const cut = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const num = (x: number | undefined, digits = 0) => (x === undefined ? '-' : x.toFixed(digits))

export function describeFacts(f: ClusterFacts): string {
  const lines: string[] = []
  for (const t of f.topics) {
    lines.push(`topic ${cut(t.name)}: ${t.partitions.length} partitions on ${f.brokers.length} brokers`)
    lines.push('  partition  leader  replicas    isr         produced/s  consumed/s  end-offset  committed  lag        owner')
    for (const p of t.partitions) {
      lines.push(
        '  ' +
          [
            String(p.partition).padStart(9),
            num(p.leader).padStart(6),
            (p.replicas ?? []).join(',').padEnd(10),
            (p.isr ?? []).join(',').padEnd(10),
            num(p.producedPerSec, 1).padStart(11),
            num(p.consumedPerSec, 1).padStart(10),
            num(p.logEndOffset).padStart(10),
            num(p.committedOffset).padStart(9),
            num(p.lag).padEnd(10),
            cut(p.owner ?? '-', 40),
          ].join('  '),
      )
    }
  }
  for (const g of f.groups) {
    lines.push(`group ${cut(g.groupId)} (${g.state ?? '?'}, ${g.assignor ?? 'assignor unknown'}): ${g.members.length} members`)
    for (const m of g.members) {
      const byTopic = new Map<string, number[]>()
      for (const a of m.assignment) byTopic.set(a.topic, [...(byTopic.get(a.topic) ?? []), a.partition])
      const owns = [...byTopic].map(([t, ps]) => `${cut(t, 40)} ${ps.sort((a, b) => a - b).join(',')}`).join('; ') || 'nothing'
      lines.push(`  ${cut(m.clientId ?? '-', 40)} (${cut(m.memberId, 60)}) ${cut(m.host ?? '', 40)}: ${owns}`)
    }
  }
  const s = f.keySample
  if (s) {
    const top = s.keys.slice(0, 5).map((k) => `${k.key === null ? '(no key)' : cut(JSON.stringify(k.key), 40)} ${((100 * k.count) / Math.max(1, s.records)).toFixed(1)} % (partition ${k.partitions.join(',')})`)
    lines.push(`key sample: ${s.records} records, ${s.keys.length} keys; hottest: ${top.join('; ') || 'none'}`)
  }
  for (const n of f.notes) lines.push(`note: ${n}`)
  return `${lines.join('\n')}\n`
}
