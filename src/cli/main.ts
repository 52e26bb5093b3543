// The headless CLI: `npm run -s highway -- <command>`. Node I/O lives here and only here.
// Every failure is a message and an exit code, never a stack trace.

import { readFileSync, statSync } from 'node:fs'
import type { CliIo } from './runCommand.ts'

const USAGE = `usage: highway <command> [options]

commands:
  partition --partitions N [KEY ...]   each key's partition under Kafka's default partitioner (keys from stdin if none)
  partition --keyless --partitions N --batches B [--partitioner NAME] [--seed S] [--json]
                                       the partition of each successive keyless batch (NAME: default,
                                       uniform-sticky, legacy-sticky, round-robin)
  run (--scenario FILE|URL|ENCODED | --preset NAME) [--seconds S] [--seed N] [--json]
  validate (--scenario FILE|URL|ENCODED | --preset NAME)
  assign --assignor NAME [--jsonl]     Kafka's assignor on a JSON group read from stdin
  presets                              list the presets
`

function readStdin(): string {
  try {
    return readFileSync(0, 'utf8')
  } catch {
    return ''
  }
}

function readFileOrNull(path: string): string | null {
  try {
    if (!statSync(path).isFile()) return null
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** Whether `partition` got KEY arguments (then stdin is not read, so a never-closed pipe cannot hang it). */
function hasKeyArgs(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === '--') return i + 1 < args.length
    if (a === '--partitions') i++
    else if (!a.startsWith('--')) return true
  }
  return false
}

// Commands load lazily, so `partition` starts without loading the simulator.
async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv
  const tty = process.stderr.isTTY === true
  const io: CliIo = {
    readFile: readFileOrNull,
    progress: tty
      ? (f, s) => {
          process.stderr.write(`\r  simulating… ${(f * 100).toFixed(0).padStart(3)} %  (${s.toFixed(0)} s)`)
          if (f >= 1) process.stderr.write('\r\x1b[K')
        }
      : undefined,
  }
  let r
  switch (cmd) {
    case 'partition':
      r = (await import('./partitionCommand.ts')).runPartition(rest, hasKeyArgs(rest) || process.stdin.isTTY ? null : readStdin())
      break
    case 'run':
      r = (await import('./runCommand.ts')).runRun(rest, io)
      break
    case 'validate':
      r = (await import('./runCommand.ts')).runValidate(rest, io)
      break
    case 'assign':
      r = (await import('./assignCommand.ts')).runAssign(rest, readStdin())
      break
    case 'presets':
      r = (await import('./runCommand.ts')).runPresets()
      break
    case undefined:
    case '--help':
    case 'help':
      process.stdout.write(USAGE)
      return cmd === undefined ? 2 : 0
    default:
      process.stderr.write(`highway: unknown command "${cmd}"\n${USAGE}`)
      return 2
  }
  process.stdout.write(r.stdout)
  process.stderr.write(r.stderr)
  return r.code
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    process.stderr.write(`highway: internal error: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exitCode = 1
  },
)
