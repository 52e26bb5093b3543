// Optional scenario sections (absent = Kafka's or the simulator's default, so old links replay
// exactly) and what a dotted override path into one starts from when the scenario lacks it:
// `--set cluster.brokers=6` on a scenario without `cluster` sets that field of the default cluster.
// Pure. Each optional section adds one line to OPTIONAL_SECTIONS.

import { PC_DEFAULTS } from '../kafka/parallelConsumer.ts'
import { DEFAULT_CLUSTER, defaultShareGroup } from './defaults.ts'

type Section = { path: readonly string[]; make: () => Record<string, unknown> }

const OPTIONAL_SECTIONS: readonly Section[] = [
  { path: ['cluster'], make: () => ({ ...DEFAULT_CLUSTER }) },
  // KIP-932 share-group settings (validation/share.ts): the validator drops them for a consumer group.
  { path: ['group', 'share'], make: () => ({ ...defaultShareGroup() }) },
  // Confluent Parallel Consumer (validation/world.ts readParallel): one field switches it on with PC's defaults.
  { path: ['group', 'parallel'], make: () => ({ ordering: PC_DEFAULTS.ordering, maxConcurrency: PC_DEFAULTS.maxConcurrency }) },
]

/**
 * Puts each absent optional section that `path` (dotted, as typed) goes into into `root` (a copy the
 * caller owns), with its defaults, so the path resolves to a known field rather than a new key.
 */
export function materializeOptional(root: Record<string, unknown>, path: string): void {
  for (const s of OPTIONAL_SECTIONS) {
    const prefix = `${s.path.join('.')}.`
    if (!path.startsWith(prefix)) continue
    let node: Record<string, unknown> = root
    for (let i = 0; i < s.path.length - 1; i++) {
      const next = node[s.path[i]!]
      if (typeof next !== 'object' || next === null) break
      node = next as Record<string, unknown>
    }
    const key = s.path[s.path.length - 1]!
    // null is how a side switches an optional mode off; a path below it switches it on again.
    if (!Object.hasOwn(node, key) || node[key] === undefined || node[key] === null) node[key] = s.make()
  }
}
