// Optional objects of a scenario (absent = the mode is off): a dotted path into one (`--set
// group.parallel.ordering=key`) first puts the object in with its defaults, so a single field
// switches the mode on. Pure.

import { PC_DEFAULTS } from '../kafka/parallelConsumer.ts'
import { tokenizePath } from './overridePath.ts'

export const OPTIONAL_OBJECTS: ReadonlyArray<{ path: readonly string[]; create: () => Record<string, unknown> }> = [
  { path: ['group', 'parallel'], create: () => ({ ordering: PC_DEFAULTS.ordering, maxConcurrency: PC_DEFAULTS.maxConcurrency }) },
]

/** Puts in the optional object `path` goes into (below it, not the object itself), if absent. */
export function materializeOptional(root: Record<string, unknown>, path: string): void {
  const t = tokenizePath(path)
  if (!t.ok) return
  const words = t.segments.map((s) => s.text)
  for (const o of OPTIONAL_OBJECTS) {
    if (words.length <= o.path.length || o.path.some((w, i) => words[i] !== w)) continue
    let node: Record<string, unknown> = root
    for (const k of o.path.slice(0, -1)) {
      const next = node[k]
      if (typeof next !== 'object' || next === null || Array.isArray(next)) return
      node = next as Record<string, unknown>
    }
    const last = o.path[o.path.length - 1]!
    if (node[last] === undefined || node[last] === null) node[last] = o.create()
  }
}
