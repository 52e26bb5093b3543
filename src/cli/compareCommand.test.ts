import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { decodeScenario, encodeScenario, getPreset } from '../scenario/index.ts'
import { readLinkHash } from '../scenario/links.ts'
import { parseVariant } from '../scenario/overrides.ts'
import { planRuns, runCompare, type CompareIo } from './compareCommand.ts'
import { runRun, type CliIo } from './runCommand.ts'

const io: CompareIo & CliIo = { readFile: () => ({ ok: false, problem: 'no such file' }) }
const here = { parallel: false }
const COOP = 'cooperative: group.protocol=cooperative, group.assignor=cooperative-sticky'

/** The table's rows by name → the cells, one per run. */
function tableRows(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>()
  for (const line of text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| |'))) {
    const cells = line.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim())
    rows.set(cells[0]!, cells.slice(1))
  }
  return rows
}

describe('highway compare --json', () => {
  it("gives each run exactly the summary `run --set … --json` prints for the same overrides", async () => {
    const r = await runCompare(['--preset', 'consumer-joins-eager', '--seconds', '35', '--seed', '7', '--json', '--variant', 'eager:', '--variant', COOP, '--vary', 'group.config.max.poll.records=100,500'], io, here)
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { runs: Array<{ label: string; set: Record<string, unknown>; summary: unknown }> }
    expect(out.runs.map((x) => x.label)).toEqual(['eager 100', 'eager 500', 'cooperative 100', 'cooperative 500'])
    expect(out.runs[3]!.set).toEqual({ 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky', 'group.config.max.poll.records': 500 })
    for (const run of out.runs) {
      const sets = Object.entries(run.set).flatMap(([k, v]) => ['--set', `${k}=${JSON.stringify(v)}`])
      const single = runRun(['--preset', 'consumer-joins-eager', '--seconds', '35', '--seed', '7', '--json', ...sets], io)
      expect(single.code).toBe(0)
      expect(`${JSON.stringify(run.summary)}\n`, run.label).toBe(single.stdout)
    }
    // The variants really differ: eager revokes every lane at the join, cooperative only those that move.
    const revoked = out.runs.map((x) => (x.summary as { revokedPartitions: number }).revokedPartitions)
    expect(revoked[0]).toBe(12)
    expect(revoked[2]).toBeLessThan(12)
  })

  it('runs on worker threads with the same bytes as in this thread', async () => {
    const args = ['--preset', 'hot-key', '--seconds', '5', '--json', '--vary', 'dynamic.salting.enabled=false,true']
    const threaded = await runCompare(args, io)
    expect(threaded.stderr).toBe('')
    expect(threaded.code).toBe(0)
    expect(threaded.stdout).toBe((await runCompare(args, io, here)).stdout)
  })
})

describe('highway compare: a side’s own actions (actions+)', () => {
  it('runs the side’s action on that run alone, exactly as `run` runs the scenario with it scripted', async () => {
    const plan = '[{"do":"rebalanceCluster","atSec":10,"throttleBytesPerSec":10000000}]'
    const r = await runCompare(['--preset', 'broker-hotspot', '--seconds', '20', '--json', '--variant', 'as is:', '--variant', `rebalanced: actions+=${plan}`], io, here)
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { runs: Array<{ label: string; summary: { clusterRebalance?: unknown; brokers: Array<{ leaders: number }> } }> }
    expect(out.runs[0]!.summary.clusterRebalance).toBeUndefined()
    expect(out.runs[1]!.summary.clusterRebalance).toBeDefined()
    expect(out.runs[1]!.summary.brokers.map((b) => b.leaders)).not.toEqual(out.runs[0]!.summary.brokers.map((b) => b.leaders))
    const scripted = getPreset('broker-hotspot')!.build()
    scripted.actions = [...scripted.actions, { do: 'rebalanceCluster', atSec: 10, throttleBytesPerSec: 10_000_000 }]
    const single = runRun(['--scenario', encodeScenario(scripted), '--seconds', '20', '--json'], io)
    expect(single.code).toBe(0)
    expect(`${JSON.stringify(out.runs[1]!.summary)}\n`).toBe(single.stdout)
    // --link carries it in side B's text only.
    const link = await runCompare(['--preset', 'broker-hotspot', '--link', '--variant', 'as is:', '--variant', `rebalanced: actions+=${plan}`], io, here)
    expect(readLinkHash(link.stdout.trim().slice(link.stdout.indexOf('#'))).v).toEqual(['as is:', `rebalanced: actions+=${plan}`])
  })
})

describe('highway compare table', () => {
  it('has one column per run and the rows the issue names', async () => {
    const r = await runCompare(['--preset', 'consumer-joins-eager', '--seconds', '40', '--variant', 'eager:', '--variant', COOP], io, here)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('| | eager | cooperative |')
    const rows = tableRows(r.stdout)
    for (const name of ['rebalances', 'partitions revoked', 'stopped partition-seconds', 'max lag (sampled each second)', 'duplicates', 'ordering violations', 'remapped keys', 'p50 latency', 'p99 latency', 'lag at the end']) {
      expect(rows.get(name), name).toHaveLength(2)
    }
    expect(rows.get('partitions revoked')![0]).toBe('12')
  })

  it('--after counts only the rebalances that start from then, and changes no other row', async () => {
    // The preset starts warm; cold, its group forms at 0 s, a rebalance before the --after moment.
    const { start: _warm, ...cold } = getPreset('consumer-joins-eager')!.build()
    const args = ['--scenario', encodeScenario(cold), '--seconds', '40', '--variant', 'eager:', '--variant', COOP]
    const all = tableRows((await runCompare(args, io, here)).stdout)
    const after = tableRows((await runCompare([...args, '--after', '30'], io, here)).stdout)
    // Group formation (at 0 s) is left out: one rebalance for eager at the join instead of two.
    expect(all.get('rebalances')![0]).toBe('2')
    expect(after.get('rebalances (from 30 s)')![0]).toBe('1')
    expect(after.get('partitions revoked (from 30 s)')).toEqual(all.get('partitions revoked'))
    expect(Number(after.get('stopped partition-seconds (from 30 s)')![0])).toBeLessThan(Number(all.get('stopped partition-seconds')![0]))
    for (const [name, cells] of all) {
      if (/^(rebalances|partitions|stopped|max lag during|most rebalances)/.test(name)) continue
      expect(after.get(name), name).toEqual(cells)
    }
  })
})

describe('highway compare --link', () => {
  it('round-trips through readLinkHash and parseVariant to the same variants and workload', async () => {
    const r = await runCompare(['--preset', 'consumer-joins-eager', '--seed', '9', '--link', '--base-url', 'https://example.org/highway/#old', '--variant', 'eager:', '--variant', COOP, '--variant', 'salted@40: dynamic.salting.enabled=true, producers[0].keyCost["a, b: c"]=2'], io, here)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const [href, hash] = r.stdout.trim().split('#')
    expect(href).toBe('https://example.org/highway/')
    const link = readLinkHash(hash!)
    expect(link.problems).toEqual([])
    expect(link.v.map((v) => parseVariant(v))).toEqual(['eager:', COOP, 'salted@40: dynamic.salting.enabled=true, producers[0].keyCost["a, b: c"]=2'].map((t) => parseVariant(t)))
    const s = decodeScenario(link.s!)
    expect(s.ok && s.scenario).toEqual({ ...getPreset('consumer-joins-eager')!.build(), seed: 9 })
  })

  it('opens where the table is read: paused at --seconds, counting from --after; neither without the flags', async () => {
    const hashOf = async (extra: string[]) => readLinkHash((await runCompare(['--preset', 'consumer-joins-eager', '--link', ...extra, '--variant', 'eager:', '--variant', COOP], io, here)).stdout.trim().split('#')[1]!)
    const at = await hashOf(['--seconds', '40', '--after', '12.5'])
    expect([at.problems, at.t, at.mark, at.automark]).toEqual([[], 40, 12.5, undefined])
    const plain = await hashOf([])
    expect([plain.t, plain.mark]).toEqual([undefined, undefined])
  })

  it('runs the sides of a compare link given as --scenario', async () => {
    const link = (await runCompare(['--preset', 'consumer-joins-eager', '--link', '--variant', 'eager:', '--variant', COOP], io, here)).stdout.trim()
    const fromLink = await runCompare(['--scenario', link, '--seconds', '3', '--json'], io, here)
    const direct = await runCompare(['--preset', 'consumer-joins-eager', '--seconds', '3', '--json', '--variant', 'eager:', '--variant', COOP], io, here)
    expect(fromLink.stderr).toBe('')
    expect(fromLink.stdout).toBe(direct.stdout)
  })

  it('a compare link given to run, or to compare with its own --variant, says its sides are not run (they ran the shared workload without a word)', async () => {
    const link = (await runCompare(['--preset', 'consumer-joins-eager', '--link', '--variant', 'eager:', '--variant', COOP], io, here)).stdout.trim()
    const said = 'v: the link compares 2 sides; only its shared workload (s=) is read here: highway compare --scenario LINK runs them'
    const run = runRun(['--scenario', link, '--seconds', '1', '--json'], io)
    expect([run.code, run.stderr]).toEqual([0, `run: warning: ${said}\n`])
    const own = await runCompare(['--scenario', link, '--seconds', '1', '--json', '--variant', 'one:', '--variant', 'two: group.consumers=2'], io, here)
    expect([own.code, own.stderr]).toEqual([0, `compare: warning: ${said}\n`])
  })
})

describe('highway compare: bad input', () => {
  const v5 = ['a', 'b', 'c', 'd', 'e'].flatMap((l) => ['--variant', `${l}:`])
  it.each([
    [['--variant', 'x: group.protocl=eager'], 'compare: run "x": group.protocl: unknown path (group has no field "protocl"; did you mean group.protocol?)'],
    [['--variant', 'x: group.protocol=bogus'], 'compare: run "x": group.protocol: must be one of eager, cooperative, consumer'],
    [['--vary', 'group.config.session.timeout.ms=10000,soon'], /^compare: run "soon": group\.config\.session\.timeout\.ms: /],
    [['--variant', 'x@10: group.protocol=cooperative'], /^compare: run "x": group\.protocol: cannot change during a run/],
    [['--variant', 'group.protocol=eager'], /^compare: --variant a variant is "LABEL: PATH=VALUE, …"/],
    [['--variant', 'x:', '--variant', 'x: name=b'], 'compare: two runs are labelled "x"; give each --variant its own label'],
    [['--variant', 'x: name=a', '--vary', 'name=b,c'], 'compare: --vary name: also set by --variant "x"'],
    [['--vary', 'seed=1,2,3,4,5', '--vary', 'name=a,b,c,d'], /^compare: at most 16 runs/],
    [[...v5, '--link'], 'compare: --link: the page shows at most 4 sides; these flags make 5 runs'],
    [['--variant', 'x:', '--after', 'soon'], /^compare: --after must be/],
    [['--variant', 'x:', '--base-url', 'http://h/'], 'compare: --base-url goes with --link'],
    // A side's members (the page's Members), bounded as a scenario's consumers, named by path and limit.
    [['--variant', 'x:', '--variant', 'many: group.consumers=5000'], 'compare: run "many": group.consumers: must be ≤ 1000'],
    [[], /^compare: give at least one --variant/],
  ])('exits 2 with one line for %j', async (extra, message) => {
    const r = await runCompare(['--preset', 'steady', '--seconds', '2', ...extra], io, here)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    if (typeof message === 'string') expect(r.stderr.trim()).toBe(message)
    else expect(r.stderr.trim()).toMatch(message)
  })

  it('plans every variant × every --vary combination', () => {
    const plan = planRuns([{ label: 'a', set: { x: 1 } }, { label: 'b', atSec: 5, set: {} }], [{ path: 'y', values: [1, 'two'] }, { path: 'z', values: [true] }])
    expect(plan).toEqual([
      { label: 'a 1 true', set: { x: 1, y: 1, z: true } },
      { label: 'a two true', set: { x: 1, y: 'two', z: true } },
      { label: 'b 1 true', atSec: 5, set: { y: 1, z: true } },
      { label: 'b two true', atSec: 5, set: { y: 'two', z: true } },
    ])
  })
})

describe('highway compare from the command line', () => {
  it('runs on worker threads under `npm run -s highway` and prints the table', async () => {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '-s', 'highway', '--', 'compare', '--preset', 'consumer-joins-eager', '--seconds', '35', '--after', '30', '--variant', 'eager:', '--variant', COOP], { cwd: process.cwd() })
    expect(stderr).toBe('')
    const rows = tableRows(stdout)
    expect(rows.get('partitions revoked (from 30 s)')).toEqual(['12', '3'])
  }, 60_000)
})

describe('compare warns about what a side makes impossible', () => {
  it('a side whose group no longer has the consumer the script crashes: one line naming the run; --strict stops', async () => {
    const file = JSON.stringify({ durationSec: 20, actions: [{ do: 'crashConsumer', consumer: 'consumer-3', atSec: 5 }] })
    const fileIo: CompareIo = { readFile: () => ({ ok: true, text: file }) }
    const args = ['--scenario', 'x.json', '--seconds', '1', '--json', '--variant', 'three:', '--variant', 'one: group.consumers=1']
    const r = await runCompare(args, fileIo, here)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('compare: warning: run "one": actions[0].consumer: no consumer of this run is ever called "consumer-3" (it starts with consumer-1; no scale-out adds any), so this crashConsumer does nothing\n')
    // Every run without the consumer: said once, for all of them.
    const both = await runCompare([...args.slice(0, 5), '--variant', 'one: group.consumers=1', '--vary', 'group.config.max.poll.records=100,500'], fileIo, here)
    expect(both.stderr).toBe('compare: warning: actions[0].consumer: no consumer of this run is ever called "consumer-3" (it starts with consumer-1; no scale-out adds any), so this crashConsumer does nothing\n')
    expect(await runCompare([...args, '--strict'], fileIo, here)).toMatchObject({ code: 2, stdout: '' })
  })
})

describe('highway compare: a side’s members (the page’s Members)', () => {
  it('each run has its own group.consumers, exactly as `run --set` runs it, and --link carries it as the page writes it', async () => {
    const args = ['--preset', 'steady', '--seconds', '20', '--json', '--variant', 'as is:', '--variant', 'two: group.consumers=2']
    const r = await runCompare(args, io, here)
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as { runs: Array<{ label: string; summary: unknown }> }
    const two = runRun(['--preset', 'steady', '--seconds', '20', '--json', '--set', 'group.consumers=2'], io)
    expect(`${JSON.stringify(out.runs[1]!.summary)}\n`).toBe(two.stdout)
    expect(JSON.stringify(out.runs[0]!.summary)).not.toBe(JSON.stringify(out.runs[1]!.summary))
    const link = await runCompare(['--preset', 'steady', '--link', '--variant', 'as is:', '--variant', 'two: group.consumers=2'], io, here)
    expect(readLinkHash(link.stdout.trim().split('#')[1]!).v.map((v) => parseVariant(v))).toEqual([
      { ok: true, variant: { label: 'as is', set: {} } },
      { ok: true, variant: { label: 'two', set: { 'group.consumers': 2 } } },
    ])
  })
})
