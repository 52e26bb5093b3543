// Small facts about a key spec that several layers need (validation's cost envelope, commands,
// the page's key-count field). Pure.

import type { KeySpec } from './types.ts'

/** Distinct keys the spec draws from (0 when keyless); a histogram's named keys plus its others. */
export function distinctKeys(keys: KeySpec): number {
  switch (keys.kind) {
    case 'keyless':
      return 0
    case 'histogram':
      return keys.keys.length + keys.otherKeys
    default:
      return keys.count
  }
}

/**
 * The spec with `count` distinct keys. A histogram keeps its named keys and resizes the others
 * (at least one while they carry a share, since a share needs keys to land on).
 */
export function withKeyCount(keys: KeySpec, count: number): KeySpec {
  switch (keys.kind) {
    case 'keyless':
      return { kind: 'uniform', count }
    case 'histogram': {
      const floor = keys.otherShare > 0 ? 1 : 0
      return { ...keys, otherKeys: Math.max(floor, count - keys.keys.length) }
    }
    default:
      return { ...keys, count }
  }
}

/** The most frequent named key of a histogram (the one a hot-key slider takes over), or null. */
export function topHistogramKey(keys: KeySpec): string | null {
  if (keys.kind !== 'histogram') return null
  let best: [string, number] | null = null
  for (const k of keys.keys) if (best === null || k[1] > best[1]) best = k
  return best === null || best[1] <= 0 ? null : best[0]
}
