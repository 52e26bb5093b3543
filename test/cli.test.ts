// The CLI as outside scripts call it. Most tests run its commands in this process through runCli
// (src/cli/dispatch.ts), the very dispatch src/cli/main.ts runs, with stdin given as text and files
// read from disk as the CLI reads them: a spawned `tsx src/cli/main.ts` costs a node and a tsx
// start-up (1-3 s apiece here) and most tests only need its words. A few tests start the real
// process, for what only a process shows: real stdin, stdout and stderr as a shell sees them, exit
// codes, no stack trace, `| head`, compare's worker threads, and `npm run -s highway` giving the same
// bytes. Those start the CLI as one process, `node --import tsx src/cli/main.ts` (what `tsx
// src/cli/main.ts` runs); the first test and the `| head` test go through npm, as a script would.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../src/cli/dispatch.ts'
import { readTextFile } from '../src/cli/textFile.ts'
import { bigDescribe } from './fixtures/import/bigDescribe.ts'

const ROOT = resolve(__dirname, '..')
const TMP = mkdtempSync(join(tmpdir(), 'highway-cli-'))
afterAll(() => rmSync(TMP, { recursive: true, force: true }))

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

function spawnText(cmd: string, args: string[], input: string): Promise<Ran> {
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { cwd: ROOT, timeout: 60_000 })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', rej)
    child.on('close', (code) => res({ code, stdout, stderr }))
    child.stdin.end(input)
  })
}

/** The CLI as one node process (async, so a test's several runs overlap). */
function spawned(args: string[], input = ''): Promise<Ran> {
  return spawnText(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], input)
}

/** The CLI as `npm run -s highway -- ARGS`, the documented way (npm and tsx add two processes). */
function viaNpm(args: string[], input = ''): Promise<Ran> {
  return spawnText('npm', ['run', '-s', 'highway', '--', ...args], input)
}

/**
 * `highway ARGS` in this process: what the process would print on stdout and stderr and its exit
 * code, `input` as its (non-terminal) stdin. compare simulates in this thread (the same results;
 * its worker threads are the spawned compare's below).
 */
async function highway(args: string[], input = ''): Promise<Ran> {
  const r = await runCli(args, {
    readFile: (path) => readTextFile(path),
    readStdin: () => ({ ok: true, text: input }),
    stdinIsTty: false,
    stderrIsTty: false,
    liveStderr: () => {},
    compare: { parallel: false },
  })
  return { code: r.code, stdout: r.stdout, stderr: r.stderr }
}

// Concurrent: the tests that spawn wait on processes, not on this one. The budget allows for
// process start-ups on a loaded 2-core machine.
describe('the highway CLI process', { timeout: 120_000, concurrent: true }, () => {
  it('partition reads keys from stdin split on \\n only, every line a key; `npm run -s highway` prints the same bytes', async () => {
    const args = ['partition', '--partitions', '1000']
    const [r, npm, npmBad] = await Promise.all([spawned(args, 'a\nab\n\nabc\n'), viaNpm(args, 'a\nab\n\nabc\n'), viaNpm(['frobnicate'])])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('524\n434\n681\n107\n') // kafka-python's published table
    expect(npm).toEqual(r)
    // Through npm too, a failure is the CLI's exit code and its message (npm -s adds no noise).
    expect(npmBad.code).toBe(2)
    expect(npmBad.stderr).toMatch(/^highway: unknown command "frobnicate" \(commands: [^\n]*\)\n$/)
  })

  it('partition takes keys as arguments', async () => {
    const r = await highway(['partition', '--partitions', '4', '1', '0'])
    expect(r.stdout).toBe('3\n0\n')
  })

  it('partition --keyless prints the partition of each batch: UniformStickyPartitioner alternates on 2 partitions', async () => {
    const r = await highway(['partition', '--keyless', '--partitioner', 'uniform-sticky', '--partitions', '2', '--batches', '20'])
    expect(r.code).toBe(0)
    const seq = r.stdout.trimEnd().split('\n').map(Number)
    expect(seq).toHaveLength(20)
    for (let i = 1; i < seq.length; i++) expect(seq[i]).toBe(1 - seq[i - 1]!)
  })

  it('partition --keyless rejects bad input with one line and exit 2', async () => {
    const r = await highway(['partition', '--keyless', '--partitions=2', '--batches=x'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^partition: --batches must be an integer/)
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1)
  })

  it('run --json prints one JSON object', async () => {
    const r = await highway(['run', '--preset', 'steady', '--seconds', '5', '--json'])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.stdout)
    expect(j.produced).toBe(j.consumed + j.lag)
  })

  it('assign reads a group on stdin and prints every member', async () => {
    const r = await highway(['assign', '--assignor', 'range'], JSON.stringify({ topics: { topic1: 3, topic2: 3 }, members: [{ memberId: 'consumer1', topics: ['topic1', 'topic2'] }, { memberId: 'consumer2', topics: ['topic1', 'topic2'] }] }))
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ consumer1: [['topic1', 0], ['topic1', 1], ['topic2', 0], ['topic2', 1]], consumer2: [['topic1', 2], ['topic2', 2]] })
  })

  it('bad input exits 2 with a message and no stack trace (real processes)', async () => {
    const cases = [['partition'], ['run', '--preset', 'x'], ['assign', '--assignor', 'nope'], ['frobnicate']]
    const ran = await Promise.all(cases.map((args) => spawned(args, 'not json')))
    for (const [i, r] of ran.entries()) {
      expect(r.code, cases[i]!.join(' ')).toBe(2)
      expect(r.stderr).not.toMatch(/\n\s+at /)
    }
  })

  it('ends quietly when the reader closes the pipe early (| head): no EPIPE stack, exit 0', () => {
    const keys = join(TMP, 'keys.txt')
    writeFileSync(keys, Array.from({ length: 300_000 }, (_, i) => `key-${i}`).join('\n'))
    const err = join(TMP, 'epipe.err')
    const r = spawnSync('bash', ['-c', `npm run -s highway -- partition --partitions 12 < "${keys}" 2>"${err}" | head -c 4; exit \${PIPESTATUS[0]}`], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
    expect(r.stdout).toHaveLength(4)
    expect(readFileSync(err, 'utf8')).toBe('')
    expect(r.status).toBe(0)
  })

  it('import of an architect\'s --describe: consumers named by client id in run --json and --csv; no "more partitions" for a lag on three lanes; a slice keeps the per-partition assumed rate', async () => {
    const HOT: Record<number, number> = { 5: 250_000, 17: 180_000, 33: 90_000 }
    const rows = ['GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID                                  HOST            CLIENT-ID']
    for (let p = 0; p < 48; p++) {
      const c = Math.floor(p / 8) + 1
      const lag = HOT[p] ?? 7
      rows.push(`billing  orders  ${p}  ${1000 + p}  ${1000 + p + lag}  ${lag}  billing-app-${c}-6f1c${c}e2a-77b0-4c1e-9d3f-0a1b2c3d4e5${c}  /10.0.1.${10 + c}  billing-app-${c}`)
    }
    const file = join(TMP, 'describe.txt')
    writeFileSync(file, `${rows.join('\n')}\n`)
    const [json, link, text, slice] = await Promise.all([
      highway(['import', file, '--json']),
      highway(['import', file, '--link']),
      highway(['import', file]),
      highway(['import', '-', '--slice', '2', '--json'], bigDescribe(3_000, 100)),
    ])
    const names = Array.from({ length: 6 }, (_, c) => `billing-app-${c + 1}`)
    const out = JSON.parse(json.stdout) as { scenario: { group: { consumerNames: string[] } }; offers: Array<{ id: string }>; declined: Array<{ id: string; why: string }> }
    expect(out.scenario.group.consumerNames).toEqual(names)
    expect(out.offers.map((o) => o.id)).toEqual(['parallel', 'lag-aware', 'share', 'cooperative'])
    expect(out.declined.map((d) => d.id)).toEqual(['partitions'])
    expect(text.stdout).toMatch(/\n {2}not offered: more partitions: 99 % of the lag sits on partitions 5, 17 and 33: more partitions would not drain it/)
    expect(text.stdout).not.toMatch(/96 partitions instead of 48/)
    const [run, csv] = await Promise.all([
      highway(['run', '--scenario', link.stdout.trim(), '--seconds', '2', '--json']),
      highway(['run', '--scenario', link.stdout.trim(), '--seconds', '1', '--csv']),
    ])
    expect((JSON.parse(run.stdout) as { partitions: Array<{ owner: string }> }).partitions.map((p) => p.owner)).toEqual(Array.from({ length: 48 }, (_, p) => names[Math.floor(p / 8)]))
    expect(new Set(csv.stdout.trim().split('\n').slice(1).map((l) => l.split(',')[2]))).toEqual(new Set(names))
    // 3,000 records/s assumed over 3,000 partitions: the slice's 1,500 partitions carry 1,500/s, not 3,000
    expect(slice.stderr).toBe('')
    expect(JSON.parse(slice.stdout).scenario.producers[0].rate).toEqual({ kind: 'constant', perSec: 1_500 })
  })

  it('says why a scenario file cannot be read: a directory, binary data', async () => {
    const bin = join(TMP, 'scenario.bin')
    writeFileSync(bin, new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00]))
    const cases = [[TMP, 'is a directory'], [bin, 'is binary, not text']] as const
    const ran = await Promise.all(cases.map(([file]) => highway(['validate', '--scenario', file])))
    for (const [i, [file, why]] of cases.entries()) {
      const r = ran[i]!
      expect(r.code).toBe(2)
      expect(r.stderr).toBe(`validate: --scenario ${file}: ${why}${why.startsWith('is binary') ? ' (it contains NUL bytes)' : ''}\n`)
    }
  })

  it('answers stray arguments and sloppy numbers with one line and exit 2', async () => {
    const cases = [['presets', 'extra'], ['validate', '--preset', 'steady', 'extra'], ['run', '--preset', 'steady', '--seconds', '0x10']]
    const ran = await Promise.all(cases.map((args) => highway(args)))
    for (const [i, r] of ran.entries()) {
      expect(r.code, cases[i]!.join(' ')).toBe(2)
      expect(r.stderr.split('\n')[0]).toMatch(/^(presets|validate|run): (unexpected argument "extra"|--seconds must be a plain decimal)/)
      expect(r.stderr).not.toMatch(/\n\s+at /)
    }
  })

  it('answers every kind of bad input with one line per problem, naming the flag or the field path, exit 2', async () => {
    const multiLine = join(TMP, 'multiline.json')
    writeFileSync(multiLine, '{\n  "version": 1,\n  "name": x\n}\n')
    const notScenario = join(TMP, 'null.json')
    writeFileSync(notScenario, 'null\n')
    const wrongType = join(TMP, 'wrong-type.json')
    writeFileSync(wrongType, JSON.stringify({ version: 1, topic: { partitions: '48' } }))
    const cases: Array<[string[], string, RegExp]> = [
      [['run', '--preset', 'steady', '--bogus'], '', /^run: unknown option --bogus \(see highway run --help\)$/],
      [['run', '--preset', 'steady', '--seconds'], '', /^run: --seconds needs a value \(see highway run --help\)$/],
      [['compare', '--preset', 'steady', '--variant'], '', /^compare: --variant needs a value \(see highway compare --help\)$/],
      [['validate', '--scenario', multiLine], '', /^validate: invalid scenario: the input is not valid JSON \(.*\)$/],
      [['validate', '--scenario', notScenario], '', /^validate: --scenario .*null\.json: not a scenario \(expected a JSON object, a page link or an encoded v1\.… scenario\), it starts "null"$/],
      [['run', '--scenario', wrongType, '--seconds', '1'], '', /^run: invalid scenario: topic\.partitions: must be an integer$/],
      [['run', '--preset', 'steady', '--set', 'topic.partitions=-4'], '', /^run: --set topic\.partitions: must be ≥ 1$/],
      [['assign', '--assignor', 'range'], 'garbage\n', /^assign: invalid JSON: .*garbage.*$/],
      [['presets', '--json'], '', /^presets: unexpected argument "--json" \(see highway presets --help\)$/],
      [['frobnicate'], '', /^highway: unknown command "frobnicate" \(commands: .*; see highway --help\)$/],
    ]
    const ran = await Promise.all(cases.map(([args, input]) => highway(args, input)))
    for (const [i, r] of ran.entries()) {
      const what = cases[i]![0].join(' ')
      expect(r.code, what).toBe(2)
      expect(r.stdout, what).toBe('')
      expect(r.stderr.endsWith('\n') && r.stderr.split('\n').length === 2, `${what}: ${r.stderr}`).toBe(true)
      expect(r.stderr.trimEnd(), what).toMatch(cases[i]![2])
    }
  })

  it('a typo in a scenario file: validate refuses it naming the field meant; run and compare warn in one line and go on; --strict stops them', async () => {
    const file = join(TMP, 'typo.json')
    writeFileSync(file, JSON.stringify({ durationSec: 30, group: { consumerz: 12 } }, null, 2))
    const [validate, run, compare, strictRun, strictCompare, strictLink] = await Promise.all([
      highway(['validate', '--scenario', file]),
      highway(['run', '--scenario', file, '--seconds', '1', '--json']),
      // A real process: compare simulates on worker threads there (in this process, in this thread).
      spawned(['compare', '--scenario', file, '--seconds', '1', '--json', '--variant', 'a: group.config.max.poll.records=100']),
      highway(['run', '--scenario', file, '--seconds', '1', '--strict']),
      highway(['compare', '--scenario', file, '--seconds', '1', '--strict', '--variant', 'a: group.config.max.poll.records=100']),
      highway(['compare', '--scenario', file, '--link', '--strict', '--variant', 'a: group.config.max.poll.records=100']),
    ])
    const line = 'group.consumerz: unknown field (ignored); did you mean group.consumers?'
    expect(validate).toEqual({ code: 2, stdout: '', stderr: `validate: ${line}\n` })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).partitions.length).toBe(12)
    expect(run.stderr).toBe(`run: warning: ${line}\n`)
    expect(compare.code).toBe(0)
    expect(compare.stderr).toBe(`compare: warning: ${line}\n`)
    for (const [cmd, r] of [['run', strictRun], ['compare', strictCompare], ['compare', strictLink]] as const) {
      expect(r.code, cmd).toBe(2)
      expect(r.stdout, cmd).toBe('')
      expect(r.stderr, cmd).toMatch(new RegExp(`^${cmd}: warning: ${line.replace(/[.?()]/g, '\\$&')}\n${cmd}: --strict: stopped on a warning [^\n]*\n$`))
    }
    // Without warnings, --strict changes nothing.
    const clean = await highway(['run', '--preset', 'steady', '--seconds', '1', '--json', '--strict'])
    expect(clean.code).toBe(0)
    expect(clean.stderr).toBe('')
  })

  it('an action naming a consumer the run never has: one warning line with its path, once, and none when --set makes it exist', async () => {
    const file = join(TMP, 'nobody.json')
    writeFileSync(file, JSON.stringify({ durationSec: 30, actions: [{ do: 'addConsumer', atSec: 20 }, { do: 'crashConsumer', consumer: 'consumer-5', atSec: 10 }] }))
    const [validate, run, more, strict] = await Promise.all([
      highway(['validate', '--scenario', file]),
      highway(['run', '--scenario', file, '--seconds', '1', '--json']),
      highway(['validate', '--scenario', file, '--set', 'group.consumers=5']),
      highway(['run', '--scenario', file, '--seconds', '1', '--strict']),
    ])
    const line = 'actions[1].consumer: no consumer of this run is ever called "consumer-5" (it starts with consumer-1, consumer-2, consumer-3; addConsumer adds consumer-4), so this crashConsumer does nothing'
    expect(validate.code).toBe(0)
    expect(validate.stderr).toBe(`validate: warning: ${line}\n`)
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(`run: warning: ${line}\n`)
    expect(more).toMatchObject({ code: 0, stderr: '' })
    expect(strict.code).toBe(2)
  })

  it('with no command, the usage goes to stderr with exit 2 (a mistake, as with an unknown command); --help prints it on stdout with exit 0', async () => {
    const [none, help] = await Promise.all([highway([]), highway(['--help'])])
    expect(none.code).toBe(2)
    expect(none.stdout).toBe('')
    expect(none.stderr).toMatch(/^usage: highway <command>/)
    expect(help.code).toBe(0)
    expect(help.stderr).toBe('')
    expect(help.stdout).toBe(none.stderr)
  })

  it('--help of every command answers on stdout with exit 0', async () => {
    const commands = ['partition', 'run', 'compare', 'validate', 'plan-cluster', 'config', 'assign', 'presets', 'lessons', 'import', 'snapshot']
    const ran = await Promise.all(commands.map((c) => highway([c, '--help'])))
    for (const [i, r] of ran.entries()) {
      expect(r.code, commands[i]).toBe(0)
      expect(r.stdout, commands[i]).toMatch(new RegExp(`^usage: highway ${commands[i]}[ \\n]`))
      expect(r.stderr, commands[i]).toBe('')
    }
  })
})
