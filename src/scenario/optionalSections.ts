// Optional scenario sections a dotted override path may reach into before they exist
// (`--set group.share.releaseShare=0.2` on a scenario without `group.share`): the path fills the
// section with its defaults first, so the value lands where the validator reads it. One entry per
// optional section; the validator still decides whether the section applies (a consumer group
// drops `group.share`).

import { defaultShareGroup } from './defaults.ts'

interface OptionalSection {
  /** Keys from the scenario root to the section. */
  keys: readonly string[]
  make: () => unknown
}

const SECTIONS: readonly OptionalSection[] = [
  // KIP-932 share-group settings (validation/share.ts).
  { keys: ['group', 'share'], make: defaultShareGroup },
]

/** Creates every optional section `path` goes into that `root` lacks. Mutates `root` (a copy). */
export function materializeSections(root: Record<string, unknown>, path: string): void {
  for (const s of SECTIONS) {
    const prefix = s.keys.join('.')
    if (path !== prefix && !path.startsWith(`${prefix}.`)) continue
    let node = root
    for (const k of s.keys.slice(0, -1)) {
      const next = node[k]
      if (typeof next !== 'object' || next === null || Array.isArray(next)) break
      node = next as Record<string, unknown>
    }
    const last = s.keys[s.keys.length - 1]!
    if (node[last] === undefined) node[last] = s.make()
  }
}
