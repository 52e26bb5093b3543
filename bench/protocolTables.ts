// The README's "What each protocol costs" tables: `npm run -s bench:protocols [seed ...]`.
// Each table is one `highway compare` (the README shows the commands): consumer-joins-eager for
// 90 s counting the rebalances that start at or after the join (30 s), and slow-consumer-storm for
// its whole 300 s. Only the protocol changes between columns.
import { runCompare } from '../src/cli/compareCommand.ts'
import { readTextFile } from '../src/cli/textFile.ts'

const variants = [
  'eager (range): group.protocol=eager, group.assignor=range',
  'cooperative (cooperative-sticky): group.protocol=cooperative, group.assignor=cooperative-sticky',
  'eager + static membership: group.protocol=eager, group.assignor=range, group.staticMembership=true',
  'KIP-848 (uniform): group.protocol=consumer, group.assignor=uniform',
].flatMap((v) => ['--variant', v])

const tables = [
  ['--preset', 'consumer-joins-eager', '--seconds', '90', '--after', '30'],
  ['--preset', 'slow-consumer-storm', '--seconds', '300'],
]

const seeds = process.argv.slice(2)
for (const seed of seeds.length > 0 ? seeds : ['42']) {
  for (const args of tables) {
    const r = await runCompare([...args, '--seed', seed, ...variants], { readFile: readTextFile })
    process.stdout.write(`\n${r.stdout}`)
    process.stderr.write(r.stderr)
    if (r.code !== 0) process.exit(r.code)
  }
}
