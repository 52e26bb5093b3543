// The help is the CLI's contract: every flag a command's --help (and `highway --help`) lists is one
// the command takes, and every flag it takes is listed in both. Each --help exits 0 on stdout.
import { describe, expect, it } from 'vitest'
import { runAssign } from './assignCommand.ts'
import type { FlagSpec } from './args.ts'
import { COMPARE_FLAGS, runCompare } from './compareCommand.ts'
import { CONFIG_FLAGS, runConfig } from './configCommand.ts'
import { IMPORT_FLAGS, runImport } from './importCommand.ts'
import { runLessons } from './lessonsCommand.ts'
import { runPartition } from './partitionCommand.ts'
import { PLAN_CLUSTER_FLAGS, runPlanCluster } from './planClusterCommand.ts'
import { RUN_FLAGS, runPresets, runRun, runValidate, VALIDATE_FLAGS, type CliIo, type CommandResult } from './runCommand.ts'
import { runSnapshot, SNAPSHOT_FLAGS } from './snapshotCommand.ts'
import { COMMANDS, USAGE } from './usage.ts'

const io: Pick<CliIo, 'readFile'> = { readFile: () => ({ ok: false, problem: 'no such file' }) }

/** Flags of Kafka's own tools that import's help quotes (what to run to get the pastes), not its own. */
const TOOL_FLAGS = new Set(['--describe', '--members', '--verbose', '--state'])

/** The flags a text names (`--set`, `--base-url`), without --help. */
function flagsIn(text: string): Set<string> {
  return new Set([...text.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]).filter((f) => f !== '--help' && !TOOL_FLAGS.has(f)))
}

/** `highway --help`'s lines for one command (its first line up to the next command's). */
function topLevel(cmd: string): string {
  const out: string[] = []
  let inside = false
  for (const line of USAGE.split('\n')) {
    const head = /^ {2}([a-z-]+) /.exec(line)
    if (head) inside = head[1] === cmd
    if (inside) out.push(line)
  }
  return out.join('\n')
}

const accepted = (spec: FlagSpec): Set<string> => new Set([...spec.value, ...spec.bool, ...(spec.repeat ?? [])].filter((f) => f !== '--help'))

const specced: Array<[string, FlagSpec, (args: string[]) => CommandResult | Promise<CommandResult>]> = [
  ['run', RUN_FLAGS, (a) => runRun(a, io)],
  ['validate', VALIDATE_FLAGS, (a) => runValidate(a, io)],
  ['compare', COMPARE_FLAGS, (a) => runCompare(a, io, { parallel: false })],
  ['config', CONFIG_FLAGS, (a) => runConfig(a, io)],
  ['plan-cluster', PLAN_CLUSTER_FLAGS, (a) => runPlanCluster(a, io)],
  ['import', IMPORT_FLAGS, (a) => runImport(a, io)],
  ['snapshot', SNAPSHOT_FLAGS, (a) => runSnapshot(a, { progress: () => {} })],
]

describe('every command\'s help lists exactly the flags it takes', () => {
  it('highway --help lists every command, the ones an unknown command names', () => {
    const listed = new Set([...USAGE.matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1]))
    expect(listed).toEqual(new Set(COMMANDS))
  })

  it.each(specced)('%s', async (cmd, spec, run) => {
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stderr).toBe('')
    expect(help.stdout).toMatch(new RegExp(`^usage: highway ${cmd} `))
    const takes = accepted(spec)
    expect(flagsIn(help.stdout), `${cmd} --help`).toEqual(takes)
    expect(flagsIn(topLevel(cmd)), `highway --help, ${cmd}`).toEqual(takes)
  })

  // Commands that read their own arguments: each listed flag is not refused as unknown.
  it.each<[string, (args: string[]) => CommandResult, string[]]>([
    ['partition', (a) => runPartition(a, 'k\n'), ['--partitions', '--keyless', '--batches', '--partitioner', '--seed', '--json']],
    ['assign', (a) => runAssign(a, '{"topics":{},"members":[]}'), ['--assignor', '--jsonl']],
    ['lessons', (a) => runLessons(a, io), ['--json', '--check']],
    ['presets', (a) => runPresets(a), []],
  ])('%s', (cmd, run, takes) => {
    const help = run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(new RegExp(`^usage: highway ${cmd}`))
    expect(flagsIn(help.stdout)).toEqual(new Set(takes))
    expect(flagsIn(topLevel(cmd))).toEqual(new Set(takes))
    // A flag works when, alone or with a value, it is not refused as unknown.
    for (const f of takes) expect([run([f]), run([f, '1'])].some((r) => !/unknown (option|argument)/.test(r.stderr)), `${cmd} ${f}`).toBe(true)
    expect(run(['--frobnicate']).stderr).toMatch(new RegExp(`^${cmd}: .*--frobnicate.*\\(see highway ${cmd} --help\\)\\n$`))
  })
})

describe('a usage mistake is one line naming it and where the help is, exit 2', () => {
  it.each(specced)('%s', async (cmd, spec, run) => {
    for (const args of [['--frobnicate'], [[...spec.value][0]!]]) {
      const r = await run(args)
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toMatch(new RegExp(`^${cmd}: [^\\n]+ \\(see highway ${cmd} --help\\)\\n$`))
    }
  })
})
