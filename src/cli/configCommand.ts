// `highway config --client NAME (--scenario S | --preset NAME) [--set PATH=VALUE ...]`: the client
// settings that reproduce a scenario (src/scenario/clientConfig). Pure apart from the injected reader.

import { CLIENTS, clientConfig, isClient } from '../scenario/clientConfig/index.ts'
import { failure, loadScenario, parseArgs, usageFailure, warningLines, type FlagSpec } from './args.ts'
import { readSets, type CliIo, type CommandResult } from './runCommand.ts'
import { withOverrides } from './simulate.ts'

export const CONFIG_FLAGS: FlagSpec = {
  value: new Set(['--client', '--scenario', '--preset']),
  bool: new Set(['--help']),
  repeat: new Set(['--set']),
}

export const CONFIG_USAGE =
  `usage: highway config --client ${CLIENTS.join('|')} (--scenario FILE|URL|ENCODED | --preset NAME) [--set PATH=VALUE ...]\n` +
  '  prints the scenario\'s consumer and producer settings as that client writes them'

export function runConfig(args: readonly string[], io: Pick<CliIo, 'readFile'>): CommandResult {
  const fail = (message: string): CommandResult => failure('config', message)
  const p = parseArgs(args, CONFIG_FLAGS)
  if (typeof p === 'string') return usageFailure('config', p)
  if (p.flags.has('--help')) return { stdout: `${CONFIG_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length > 0) return usageFailure('config', `unexpected argument "${p.positional[0]}"`)
  const client = p.flags.get('--client')
  if (typeof client !== 'string') return fail(`give --client ${CLIENTS.join('|')}`)
  if (!isClient(client)) return fail(`--client must be one of ${CLIENTS.join(', ')}, got "${client.slice(0, 40)}"`)
  const l = loadScenario(p, io.readFile)
  if (!l.ok) return fail(l.message)
  const sets = readSets(p.lists.get('--set') ?? [])
  if (!sets.ok) return fail(sets.message)
  const prepared = withOverrides(l.scenario, { set: sets.set, ...(sets.actions ? { actions: sets.actions } : {}) }, undefined)
  if (!prepared.ok) return fail(`--set ${prepared.path}: ${prepared.message}`)
  return { stdout: clientConfig(prepared.scenario, client), stderr: warningLines('config', l.warnings), code: 0 }
}
