// Golden traces: every preset, run headless for a fixed time, gives exactly the narration and the
// figures committed in test/output/<preset>.trace.txt. A change in behaviour shows up as a diff to
// review. The test never writes a golden (vite.config.ts sets `update: 'none'`, so a missing one
// fails); `npm run test:update-goldens` rewrites them once the change is intended.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { presets } from '../src/scenario/index.ts'
import { narrationLine } from '../src/sim/narration.ts'
import { createSimulation } from '../src/sim/simulation.ts'

/**
 * A trace longer than this is not a diff anyone reviews: the test fails rather than compare (or cut)
 * it. The longest today is under 200 lines; shorten the run in `secondsFor` if a story needs more.
 */
const MAX_TRACE_LINES = 1000

/** Long enough for each story to unfold, short enough to keep `npm test` quick. */
function secondsFor(name: string, durationSec: number): number {
  if (name === 'heavy' || name === 'scale-10k') return 5
  return Math.min(durationSec, 120)
}

describe('golden traces', () => {
  for (const preset of presets) {
    it(`${preset.name} runs as recorded`, async () => {
      const s = preset.build()
      const seconds = secondsFor(preset.name, s.durationSec)
      const sim = createSimulation(s)
      const lines: string[] = []
      for (let t = 1; t <= seconds; t++) {
        sim.advanceTo(t * 1000)
        for (const e of sim.drainTrace()) lines.push(`${e.fact.kind.padEnd(24)} ${narrationLine(e)}`)
      }
      const sum = sim.summary()
      const head = [
        `# ${preset.name}: ${seconds} s, seed ${s.seed}`,
        `produced ${sum.produced} consumed ${sum.consumed} lag ${sum.lag} duplicates ${sum.duplicates} orderingViolations ${sum.orderingViolations} remappedKeys ${sum.remappedKeys}`,
        `skew ${sum.skewRatio} latency p50 ${sum.latencyMs.p50} p95 ${sum.latencyMs.p95} p99 ${sum.latencyMs.p99}`,
        `rebalances ${sum.rebalances} generation ${sum.generation} revoked ${sum.revokedPartitions} lost ${sum.lostPartitions} stoppedPartitionSeconds ${sum.stoppedPartitionSeconds} storm ${sum.storm}`,
        `lag by partition ${sum.partitions.map((p) => p.lag).join(' ')}`,
      ]
      if (lines.length > MAX_TRACE_LINES) {
        throw new Error(`${preset.name}: ${lines.length} trace lines in ${seconds} s, over the ${MAX_TRACE_LINES} a golden may hold (nothing is cut)`)
      }
      await expect([...head, '', ...lines].join('\n') + '\n').toMatchFileSnapshot(`output/${preset.name}.trace.txt`)
    }, 60_000)
  }

  // (A preset without a golden fails its own test above; goldens are written only after the file's
  // tests, so this checks the other direction alone.)
  it('keeps no golden for a preset that is gone', () => {
    const names = new Set(presets.map((p) => `${p.name}.trace.txt`))
    const files = readdirSync(new URL('output/', import.meta.url)).filter((f) => f.endsWith('.trace.txt'))
    expect(files.filter((f) => !names.has(f))).toEqual([])
  })
})
