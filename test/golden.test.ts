// Golden traces: every preset, run headless for a fixed time, gives exactly the narration and the
// figures committed in test/output/<preset>.trace.txt. A change in behaviour shows up as a diff to
// review (vitest -u rewrites them once the change is intended).
import { describe, expect, it } from 'vitest'
import { presets } from '../src/scenario/index.ts'
import { createSimulation } from '../src/sim/simulation.ts'

/** Long enough for each story to unfold, short enough to keep `npm test` quick. */
function secondsFor(name: string, durationSec: number): number {
  if (name === 'heavy') return 5
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
        for (const e of sim.drainTrace()) lines.push(`${e.kind.padEnd(24)} ${e.text}`)
      }
      const sum = sim.summary()
      const head = [
        `# ${preset.name}: ${seconds} s, seed ${s.seed}`,
        `produced ${sum.produced} consumed ${sum.consumed} lag ${sum.lag} duplicates ${sum.duplicates} orderingViolations ${sum.orderingViolations} remappedKeys ${sum.remappedKeys}`,
        `skew ${sum.skewRatio} latency p50 ${sum.latencyMs.p50} p95 ${sum.latencyMs.p95} p99 ${sum.latencyMs.p99}`,
        `rebalances ${sum.rebalances} generation ${sum.generation} revoked ${sum.revokedPartitions} lost ${sum.lostPartitions} stoppedPartitionSeconds ${sum.stoppedPartitionSeconds} storm ${sum.storm}`,
        `lag by partition ${sum.partitions.map((p) => p.lag).join(' ')}`,
      ]
      const body = lines.length > 400 ? [...lines.slice(0, 200), `… ${lines.length - 400} lines …`, ...lines.slice(-200)] : lines
      await expect([...head, '', ...body].join('\n') + '\n').toMatchFileSnapshot(`output/${preset.name}.trace.txt`)
    }, 60_000)
  }
})
