// What the imported consumers are called in the run: their client ids (client.id, the CLIENT-ID
// column of kafka-consumer-groups.sh --describe), because that is the name an architect knows a
// consumer by: the application sets it, and it tags the client's logs and metrics. The consumer id
// (`<client.id>-<uuid>`) is the coordinator's, new on every restart of a dynamic member, so it
// would not match tomorrow's dashboards; it is used only to tell apart consumers that share a
// client id on one host. Pure.

import { CONSUMER_NAME } from '../consumerNames.ts'
import { LIMITS } from '../validation/limits.ts'
import type { ImportedMember } from './types.ts'

/** A stranger's id as a consumer name: characters outside CONSUMER_NAME become '_', at most consumerNameChars. */
export function cleanName(id: string): string {
  const chars = [...id.replace(/^\//, '')].map((c) => (CONSUMER_NAME.test(c) ? c : '_'))
  return chars.slice(0, LIMITS.consumerNameChars).join('') || 'consumer'
}

/**
 * One distinct name per member, in the members' order: the client id; where client ids repeat,
 * `client-id@host`; where that repeats too, the consumer id; a `#2`, `#3` suffix only if even
 * those repeat once cleaned.
 */
export function memberNames(members: readonly ImportedMember[]): { names: string[]; widened: number } {
  const tiers = members.map((m) => {
    const client = m.clientId ?? m.memberId
    const out = [client]
    if (m.host !== undefined) out.push(`${client}@${m.host.replace(/^\//, '')}`)
    if (m.memberId !== client) out.push(m.memberId)
    return out.map(cleanName)
  })
  const level = members.map(() => 0)
  for (let changed = true; changed; ) {
    changed = false
    const seen = new Map<string, number[]>()
    tiers.forEach((t, i) => {
      const n = t[level[i]!]!
      const at = seen.get(n)
      if (at) at.push(i)
      else seen.set(n, [i])
    })
    for (const same of seen.values()) {
      if (same.length < 2) continue
      for (const i of same) {
        if (level[i]! < tiers[i]!.length - 1) {
          level[i]!++
          changed = true
        }
      }
    }
  }
  const used = new Set<string>()
  const names = tiers.map((t, i) => {
    const base = t[level[i]!]!
    let name = base
    for (let k = 2; used.has(name); k++) name = `${base.slice(0, LIMITS.consumerNameChars - String(k).length - 1)}#${k}`
    used.add(name)
    return name
  })
  return { names, widened: level.filter((l) => l > 0).length }
}
