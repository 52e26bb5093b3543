// The headless CLI: `npm run -s highway -- <command>`. Node I/O lives here and in textFile.ts.
// Every failure is a message and an exit code, never a stack trace; a reader that goes away
// (`| head`) ends the run quietly.

import { readStdinText, readTextFile } from './textFile.ts'
import type { CliIo } from './runCommand.ts'
import { COMMANDS, USAGE } from './usage.ts'


/** Standard input's text; a problem (too large, not text) ends the command with exit code 2. */
function readStdin(cmd: string): string | { problem: string } {
  const r = readStdinText()
  return r.ok ? r.text : { problem: `${cmd}: standard input ${r.problem}` }
}

/** The reader of our output went away (`| head`): stop quietly, as Unix tools do. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    process.stderr.write(`highway: cannot write output (${e.code ?? e.message})\n`)
    process.exit(1)
  })
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

function fail(message: string): number {
  process.stderr.write(`${message}\n`)
  return 2
}

// Commands load lazily, so `partition` starts without loading the simulator.
async function main(argv: string[]): Promise<number> {
  quietOnClosedPipe(process.stdout)
  quietOnClosedPipe(process.stderr)
  const [cmd, ...rest] = argv
  const tty = process.stderr.isTTY === true
  const io: CliIo = {
    readFile: (path) => readTextFile(path),
    progress: tty
      ? (f, s) => {
          process.stderr.write(`\r  simulating… ${(f * 100).toFixed(0).padStart(3)} %  (${s.toFixed(0)} s)`)
          if (f >= 1) process.stderr.write('\r\x1b[K')
        }
      : undefined,
  }
  let r
  switch (cmd) {
    case 'partition': {
      const stdin = hasKeyArgs(rest) || process.stdin.isTTY ? null : readStdin('partition')
      if (typeof stdin === 'object' && stdin !== null) return fail(stdin.problem)
      r = (await import('./partitionCommand.ts')).runPartition(rest, stdin)
      break
    }
    case 'run':
      r = (await import('./runCommand.ts')).runRun(rest, io)
      break
    case 'compare': {
      const progress = tty
        ? (fractions: readonly number[]) => {
            const f = fractions.reduce((a, x) => a + x, 0) / fractions.length
            const done = fractions.filter((x) => x >= 1).length
            process.stderr.write(`\r  simulating ${fractions.length} runs… ${(f * 100).toFixed(0).padStart(3)} %  (${done} done)`)
            if (done === fractions.length) process.stderr.write('\r\x1b[K')
          }
        : undefined
      r = await (await import('./compareCommand.ts')).runCompare(rest, { readFile: io.readFile, progress })
      break
    }
    case 'config':
      r = (await import('./configCommand.ts')).runConfig(rest, io)
      break
    case 'validate':
      r = (await import('./runCommand.ts')).runValidate(rest, io)
      break
    case 'assign': {
      const assign = await import('./assignCommand.ts')
      // Arguments first: a bad one is reported without waiting for stdin.
      const early = assign.checkAssignArgs(rest)
      if (early !== null) {
        r = early
        break
      }
      const stdin = readStdin('assign')
      if (typeof stdin === 'object') return fail(stdin.problem)
      r = assign.runAssign(rest, stdin)
      break
    }
    case 'plan-cluster':
      r = (await import('./planClusterCommand.ts')).runPlanCluster(rest, io)
      break
    case 'lessons':
      r = (await import('./lessonsCommand.ts')).runLessons(rest, io)
      break
    case 'snapshot':
      r = await (await import('./snapshotCommand.ts')).runSnapshot(rest, { progress: (line) => process.stderr.write(`${line}\n`) })
      break
    case 'presets':
      r = (await import('./runCommand.ts')).runPresets(rest)
      break
    case 'import':
      r = (await import('./importCommand.ts')).runImport(rest, { ...io, readStdin: () => readStdinText() })
      break
    // Asked for (--help): the usage is the output, on stdout, exit 0. Not asked for (no command):
    // it explains a mistake, so it goes where mistakes go, stderr, with the usage exit code 2, as
    // POSIX utilities and argparse do; `highway > out.txt` then leaves no usage in out.txt.
    case undefined:
      process.stderr.write(USAGE)
      return 2
    case '--help':
    case 'help':
      process.stdout.write(USAGE)
      return 0
    default:
      process.stderr.write(`highway: unknown command "${cmd}" (commands: ${COMMANDS.join(', ')}; see highway --help)\n`)
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
