// The README's "What each protocol costs" tables: `npm run -s bench:protocols [seed ...]`.
// consumer-joins (3 → 4 consumers at 30 s): the rebalances that start after the join, 90 s.
// slow-consumer-storm: the whole 300 s run. Only the protocol changes between rows.
import { getPreset } from '../src/scenario/index.ts'
import type { Scenario } from '../src/scenario/types.ts'
import { createSimulation } from '../src/sim/simulation.ts'

const variants: Array<[string, (s: Scenario) => void]> = [
  ['eager (range)', (s) => Object.assign(s.group, { protocol: 'eager', assignor: 'range' })],
  ['cooperative (cooperative-sticky)', (s) => Object.assign(s.group, { protocol: 'cooperative', assignor: 'cooperative-sticky' })],
  ['eager + static membership', (s) => Object.assign(s.group, { protocol: 'eager', assignor: 'range', staticMembership: true })],
  ['KIP-848 (uniform)', (s) => Object.assign(s.group, { protocol: 'consumer', assignor: 'uniform' })],
]
const fmt = (n: number | null): string => (n === null ? '—' : Math.round(n).toLocaleString('en-US').replace(/,/g, ' '))

function run(preset: string, seed: number, vary: (s: Scenario) => void, ms: number) {
  const s = getPreset(preset)!.build()
  s.seed = seed
  vary(s)
  const sim = createSimulation(s)
  sim.advanceTo(ms)
  return sim.summary()
}

const seeds = process.argv.slice(2).map(Number)
for (const seed of seeds.length > 0 ? seeds : [42]) {
  console.log(`\nconsumer-joins, seed ${seed}, 90 s (rebalances starting at or after 30 s)\n`)
  console.log('| protocol | rebalances after the join | partitions revoked | lost | stopped partition-s | max lag during | duplicates |')
  console.log('|---|---|---|---|---|---|---|')
  for (const [name, vary] of variants) {
    const r = run('consumer-joins-eager', seed, vary, 90_000)
    const join = r.rebalanceLog.filter((x) => x.startMs >= 30_000)
    const sum = (f: (x: (typeof join)[number]) => number): number => join.reduce((a, x) => a + f(x), 0)
    const maxLag = join.reduce((a, x) => Math.max(a, x.maxLag), 0)
    console.log(`| ${name} | ${join.length} | ${sum((x) => x.revoked)} | ${sum((x) => x.lost)} | ${sum((x) => x.stoppedPartitionSeconds).toFixed(1)} | ${fmt(maxLag)} | ${fmt(r.duplicates)} |`)
  }
  console.log(`\nslow-consumer-storm, seed ${seed}, 300 s\n`)
  console.log('| protocol | rebalances | max per minute | storm | revoked / lost | stopped partition-s | lag at 300 s | duplicates |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const [name, vary] of variants) {
    const r = run('slow-consumer-storm', seed, vary, 300_000)
    console.log(`| ${name} | ${r.rebalances} | ${r.maxRebalancesPerMinute} | ${r.storm ? 'yes' : 'no'} | ${r.revokedPartitions} / ${r.lostPartitions} | ${r.stoppedPartitionSeconds.toFixed(1)} | ${fmt(r.lag)} | ${fmt(r.duplicates)} |`)
  }
}
