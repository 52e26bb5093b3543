// The CLI's commands behind one entry point, with the process around it injected: main.ts passes
// Node's stdin, files and stderr; tests call it in their own process (no start-up of node and tsx
// per command). It returns what the process prints and its exit code, and writes nothing itself
// except the live progress lines it is handed a writer for.

import type { CompareOptions } from './compareCommand.ts'
import type { CliIo, CommandResult } from './runCommand.ts'
import type { TextRead } from './textFile.ts'
import { COMMANDS, USAGE } from './usage.ts'

export interface CliHost {
  /** A file's text, or why it cannot be used. */
  readFile(path: string): TextRead
  /** Standard input's text; called only by a command that reads it. */
  readStdin(): TextRead
  /** stdin is a terminal: `partition` with no KEY arguments then reads none. */
  stdinIsTty: boolean
  /** stderr is a terminal: `run` and `compare` then draw their progress there. */
  stderrIsTty: boolean
  /** Writes progress to stderr as it happens (before the result's own stderr). */
  liveStderr(text: string): void
  /** How `compare` runs its simulations (the CLI's default: on worker threads). */
  compare?: CompareOptions
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

const failed = (message: string): CommandResult => ({ stdout: '', stderr: `${message}\n`, code: 2 })

/** Standard input's text; a problem (too large, not text) ends the command with exit code 2. */
function stdinOf(host: CliHost, cmd: string): string | { problem: string } {
  const r = host.readStdin()
  return r.ok ? r.text : { problem: `${cmd}: standard input ${r.problem}` }
}

/**
 * `highway ARGV`: what it prints on stdout and stderr, and its exit code. Commands load lazily, so
 * `partition` starts without loading the simulator.
 */
export async function runCli(argv: readonly string[], host: CliHost): Promise<CommandResult> {
  const [cmd, ...rest] = argv
  const tty = host.stderrIsTty
  const io: CliIo = {
    readFile: (path) => host.readFile(path),
    progress: tty
      ? (f, s) => {
          host.liveStderr(`\r  simulating… ${(f * 100).toFixed(0).padStart(3)} %  (${s.toFixed(0)} s)`)
          if (f >= 1) host.liveStderr('\r\x1b[K')
        }
      : undefined,
  }
  switch (cmd) {
    case 'partition': {
      const stdin = hasKeyArgs(rest) || host.stdinIsTty ? null : stdinOf(host, 'partition')
      if (typeof stdin === 'object' && stdin !== null) return failed(stdin.problem)
      return (await import('./partitionCommand.ts')).runPartition(rest, stdin)
    }
    case 'run':
      return (await import('./runCommand.ts')).runRun(rest, io)
    case 'compare': {
      const progress = tty
        ? (fractions: readonly number[]) => {
            const f = fractions.reduce((a, x) => a + x, 0) / fractions.length
            const done = fractions.filter((x) => x >= 1).length
            host.liveStderr(`\r  simulating ${fractions.length} runs… ${(f * 100).toFixed(0).padStart(3)} %  (${done} done)`)
            if (done === fractions.length) host.liveStderr('\r\x1b[K')
          }
        : undefined
      return (await import('./compareCommand.ts')).runCompare(rest, { readFile: io.readFile, progress }, host.compare)
    }
    case 'config':
      return (await import('./configCommand.ts')).runConfig(rest, io)
    case 'validate':
      return (await import('./runCommand.ts')).runValidate(rest, io)
    case 'assign': {
      const assign = await import('./assignCommand.ts')
      // Arguments first: a bad one is reported without waiting for stdin.
      const early = assign.checkAssignArgs(rest)
      if (early !== null) return early
      const stdin = stdinOf(host, 'assign')
      if (typeof stdin === 'object') return failed(stdin.problem)
      return assign.runAssign(rest, stdin)
    }
    case 'plan-cluster':
      return (await import('./planClusterCommand.ts')).runPlanCluster(rest, io)
    case 'lessons':
      return (await import('./lessonsCommand.ts')).runLessons(rest, io)
    case 'snapshot':
      return (await import('./snapshotCommand.ts')).runSnapshot(rest, { progress: (line) => host.liveStderr(`${line}\n`) })
    case 'presets':
      return (await import('./runCommand.ts')).runPresets(rest)
    case 'import':
      return (await import('./importCommand.ts')).runImport(rest, { ...io, readStdin: () => host.readStdin() })
    // Asked for (--help): the usage is the output, on stdout, exit 0. Not asked for (no command):
    // it explains a mistake, so it goes where mistakes go, stderr, with the usage exit code 2, as
    // POSIX utilities and argparse do; `highway > out.txt` then leaves no usage in out.txt.
    case undefined:
      return { stdout: '', stderr: USAGE, code: 2 }
    case '--help':
    case 'help':
      return { stdout: USAGE, stderr: '', code: 0 }
    default:
      return failed(`highway: unknown command "${cmd}" (commands: ${COMMANDS.join(', ')}; see highway --help)`)
  }
}
