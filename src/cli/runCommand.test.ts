import { describe, expect, it } from 'vitest'
import { encodeScenario, getPreset } from '../scenario/index.ts'
import { runPresets, runRun, runValidate, type CliIo } from './runCommand.ts'

const files: Record<string, string> = {
  'ok.json': JSON.stringify({ name: 'from-file', topic: { partitions: 6 } }),
  'bad.json': JSON.stringify({ topic: { partitions: 0 }, producers: [{ rate: { kind: 'constant', perSec: -1 } }] }),
  'notjson.json': '{ nope',
  'esc.txt': '\u001b[2Jhello\u0007',
  'twice.json': '{"seed":1,"topic":{"partitions":6},"seed":2}',
}
/** Files that cannot be used, as the real reader (textFile.ts, tested there) describes them. */
const problems: Record<string, string> = { dir: 'is a directory', 'huge.json': 'is too large (17 MiB; at most 16 MiB)' }
const io: CliIo = {
  readFile: (p) =>
    Object.hasOwn(files, p) ? { ok: true, text: files[p]! } : { ok: false, problem: Object.hasOwn(problems, p) ? problems[p]! : 'no such file' },
}

describe('highway run', () => {
  it('prints one JSON object with every field scripts rely on, and produced = consumed + lag', () => {
    const r = runRun(['--preset', 'hot-key', '--seconds', '20', '--json'], io)
    expect(r.code).toBe(0)
    const j = JSON.parse(r.stdout)
    for (const k of ['seed', 'simSeconds', 'produced', 'consumed', 'lag', 'duplicates', 'orderingViolations', 'remappedKeys', 'skewRatio', 'latencyMs', 'partitions', 'rebalances', 'generation', 'revokedPartitions', 'stoppedPartitionSeconds', 'rebalanceLog']) {
      expect(j, k).toHaveProperty(k)
    }
    expect(j.simSeconds).toBe(20)
    expect(j.produced).toBe(j.consumed + j.lag)
    expect(Object.keys(j.latencyMs)).toEqual(expect.arrayContaining(['p50', 'p95', 'p99']))
    expect(j.partitions).toHaveLength(12)
    expect(j.partitions[0]).toEqual(expect.objectContaining({ partition: 0, produced: expect.any(Number), consumed: expect.any(Number), lag: expect.any(Number) }))
  })

  it('honours --seed and is deterministic for the same seed', () => {
    const a = runRun(['--preset', 'steady', '--seconds', '10', '--seed', '7', '--json'], io)
    const b = runRun(['--preset', 'steady', '--seconds=10', '--seed=7', '--json'], io)
    expect(JSON.parse(a.stdout).seed).toBe(7)
    expect(a.stdout).toBe(b.stdout)
  })

  it('accepts a scenario file, an encoded scenario and a shared link', () => {
    expect(JSON.parse(runRun(['--scenario', 'ok.json', '--seconds', '5', '--json'], io).stdout).partitions).toHaveLength(6)
    const enc = encodeScenario(getPreset('spike')!.build())
    expect(JSON.parse(runRun(['--scenario', enc, '--seconds', '5', '--json'], io).stdout).scenario).toBe('spike')
    const url = `http://127.0.0.1:5173/#s=${enc}`
    expect(JSON.parse(runRun(['--scenario', url, '--seconds', '5', '--json'], io).stdout).scenario).toBe('spike')
  })

  it('prints a readable summary without --json', () => {
    const r = runRun(['--preset', 'consumer-joins-eager', '--seconds', '40'], io)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/produced .* records/)
    // The preset starts warm: generation 1 is formed at 0 s, the join makes generation 2.
    expect(r.stdout).toMatch(/rebalances 1 \(generation 2\)/)
    expect(r.stdout).toMatch(/consumer-4 joined/)
  })

  it.each([
    [['--preset', 'nope'], /unknown preset "nope"/],
    [['--scenario', 'missing.json'], /no such file/],
    [['--scenario', 'notjson.json'], /invalid scenario/],
    [['--scenario', 'v1.@@@'], /base64url/],
    [['--preset', 'steady', '--seconds', '-3'], /--seconds must be/],
    [['--preset', 'steady', '--seed', 'x'], /--seed must be/],
    [['--preset', 'steady', '--bogus'], /unknown option --bogus/],
    [[], /give --scenario/],
    // Numbers are plain decimals: hex, exponents, trailing garbage and blanks are refused, not guessed.
    [['--preset', 'steady', '--seconds', '0x10'], /--seconds must be a plain decimal number in \(0, 86400\], got "0x10"/],
    [['--preset', 'steady', '--seconds', '1e3'], /--seconds must be a plain decimal/],
    [['--preset', 'steady', '--seconds', '12abc'], /--seconds must be a plain decimal/],
    [['--preset', 'steady', '--seconds', ''], /--seconds must be a plain decimal/],
    [['--preset', 'steady', '--seconds', ' 5'], /--seconds must be a plain decimal/],
    [['--preset', 'steady', '--seconds', 'Infinity'], /--seconds must be a plain decimal/],
    [['--preset', 'steady', '--seed', '0x10'], /--seed must be an integer in \[0, 4294967295\], got "0x10"/],
    [['--preset', 'steady', '--seed', '1e3'], /--seed must be an integer/],
    [['--preset', 'steady', '--seed', '1.5'], /--seed must be an integer/],
    [['--preset', 'steady', 'extra'], /unexpected argument "extra"/],
    [['--scenario', 'dir'], /--scenario dir: is a directory$/m],
    [['--scenario', 'huge.json'], /--scenario huge.json: is too large \(17 MiB; at most 16 MiB\)$/m],
  ])('exits 2 with a clear message for %j', (args, message) => {
    const r = runRun(args, io)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/) // no stack trace
    expect(r.stdout).toBe('')
  })
})

describe('highway run --set', () => {
  it('overrides settings by dotted path, JSON values as JSON, and changes the run', () => {
    const plain = JSON.parse(runRun(['--preset', 'consumer-joins-eager', '--seconds', '40', '--json'], io).stdout)
    const r = runRun(['--preset', 'consumer-joins-eager', '--seconds', '40', '--json', '--set', 'group.protocol=cooperative', '--set=group.assignor=cooperative-sticky', '--set', 'group.config.session.timeout.ms=10000'], io)
    expect(r.code).toBe(0)
    const coop = JSON.parse(r.stdout)
    // Eager revokes all twelve lanes when the fourth consumer joins; cooperative only the ones that move.
    expect(plain.revokedPartitions).toBe(12)
    expect(coop.revokedPartitions).toBeLessThan(12)
    expect(coop.rebalanceLog.length).toBeGreaterThan(plain.rebalanceLog.length)
  })

  it('gives the same bytes as the same settings written into the scenario', () => {
    const s = getPreset('hot-key')!.build()
    s.dynamic.salting.enabled = true
    s.group.config['max.poll.records'] = 100
    const viaFile = runRun(['--scenario', encodeScenario(s), '--seconds', '10', '--json'], io)
    const viaSet = runRun(['--preset', 'hot-key', '--seconds', '10', '--json', '--set', 'dynamic.salting.enabled=true', '--set', 'group.config.max.poll.records=100'], io)
    expect(viaSet.stdout).toBe(viaFile.stdout)
  })

  it.each([
    [['--set', 'group.protocl=eager'], 'run: --set group.protocl: unknown path (group has no field "protocl"; did you mean group.protocol?)'],
    [['--set', 'group.protocol=bogus'], 'run: --set group.protocol: must be one of eager, cooperative, consumer'],
    [['--set', 'group.config.session.timeout.ms=soon'], /^run: --set group\.config\.session\.timeout\.ms: /],
    [['--set', 'producers.5.rate.perSec=1'], /^run: --set producers\.5\.rate\.perSec: producers has 1 item; there is no \[5\]$/],
    [['--set', 'group.protocol'], /^run: --set group\.protocol: expected PATH=VALUE/],
    [['--set', 'name=a', '--set', 'name=b'], 'run: --set name: given twice'],
  ])('exits 2 with one line naming the path for %j', (extra, message) => {
    const r = runRun(['--preset', 'steady', '--seconds', '1', ...extra], io)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    if (typeof message === 'string') expect(r.stderr.trim()).toBe(message)
    else expect(r.stderr.trim()).toMatch(message)
  })
})

describe('highway validate', () => {
  it('exits 0 for a valid scenario', () => {
    expect(runValidate(['--preset', 'heavy'], io).code).toBe(0)
  })

  it('exits 2 listing every problem with its path', () => {
    const r = runValidate(['--scenario', 'bad.json'], io)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('topic.partitions: must be ≥ 1')
    expect(r.stderr).toContain('producers[0].rate.perSec: must be ≥ 0')
  })
})

describe('highway validate: arguments', () => {
  it.each([
    [['--preset', 'steady', 'stray'], /unexpected argument "stray"/],
    [['--preset', 'steady', '--seconds', '5'], /--seconds is an option of run, not validate/],
  ])('exits 2 with one line for %j', (args, message) => {
    const r = runValidate(args, io)
    expect(r.code).toBe(2)
    expect(r.stderr.split('\n')[0]).toMatch(message)
    expect(r.stdout).toBe('')
  })

  it('a key given twice is a problem, as an unknown field is (JSON keeps the last; the author may read the first); run warns and goes on', () => {
    const twice = 'seed: given twice (JSON keeps the last value; the earlier one is ignored)'
    expect(runValidate(['--scenario', 'twice.json'], io)).toEqual({ code: 2, stdout: '', stderr: `validate: ${twice}\n` })
    const run = runRun(['--scenario', 'twice.json', '--seconds', '1', '--json'], io)
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(`run: warning: ${twice}\n`)
    expect(runRun(['--scenario', 'twice.json', '--seconds', '1', '--strict'], io).code).toBe(2)
  })

  it('quotes a file of the wrong kind with its control characters escaped (an ESC sequence cleared the terminal)', () => {
    const r = runValidate(['--scenario', 'esc.txt'], io)
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'validate: --scenario esc.txt: not a scenario (expected a JSON object, a page link or an encoded v1.… scenario), it starts "\\u001b[2Jhello\\u0007"\n' })
  })

  it('names what makes a scenario too expensive to simulate, with the field to change', () => {
    const enc = encodeScenario({ ...getPreset('steady')!.build(), group: { ...getPreset('steady')!.build().group, consumers: 256, config: { ...getPreset('steady')!.build().group.config, 'heartbeat.interval.ms': 1 } } })
    const r = runValidate(['--scenario', enc], io)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/group\.config\["heartbeat\.interval\.ms"\]: too expensive to simulate: about \d+ s of work per simulated second \(budget 0\.60 s\); most of it is heartbeats of 256 consumers/)
  })
})

describe('run --set actions+= (faults on a scenario of one\'s own)', () => {
  const crash = '[{"do":"crashBroker","broker":2,"atSec":5}]'
  it('adds the actions to the script, merged by time, as a compare variant does', () => {
    const added = runRun(['--preset', 'steady', '--seconds', '10', '--set', 'cluster.brokers=3', '--set', `actions+=${crash}`, '--json'], io)
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    // The steady preset has no script, so adding equals replacing it.
    const replaced = runRun(['--preset', 'steady', '--seconds', '10', '--set', 'cluster.brokers=3', '--set', `actions=${crash}`, '--json'], io)
    expect(added.stdout).toBe(replaced.stdout)
    expect(JSON.parse(added.stdout)).toHaveProperty('lostRecords')
    // A scripted scenario keeps its own actions: consumer-crash's crash still happens.
    const scripted = JSON.parse(runRun(['--preset', 'consumer-crash', '--seconds', '90', '--set', `actions+=${crash}`, '--json'], io).stdout)
    expect(scripted.lostPartitions).toBeGreaterThan(0)
    expect(scripted).toHaveProperty('lostRecords')
  })

  it('names a bad action by its path, in one line', () => {
    const r = runRun(['--preset', 'steady', '--set', 'actions+=[{"do":"crashBroker","broker":9,"atSec":5}]'], io)
    expect(r).toEqual({ stdout: '', stderr: 'run: --set actions+: actions[0].broker: refers to broker 9, but the cluster has 3 brokers (numbered from 1)\n', code: 2 })
    expect(runRun(['--preset', 'steady', '--set', 'actions+=3'], io).stderr).toMatch(/^run: --set actions\+: takes a JSON list of actions/)
  })
})

describe('highway presets', () => {
  it('refuses stray arguments', () => {
    expect(runPresets(['steady'])).toEqual({ stdout: '', stderr: 'presets: unexpected argument "steady" (see highway presets --help)\n', code: 2 })
  })

  it('lists every preset the issues name', () => {
    const out = runPresets().stdout
    for (const n of ['steady', 'hot-key', 'salted-hot-key', 'load-aware', 'add-partitions', 'spike', 'heavy', 'consumer-joins-eager', 'consumer-joins-cooperative', 'consumer-crash', 'rolling-restart-dynamic', 'rolling-restart-static', 'slow-consumer-storm', 'kip848-churn', 'autoscale-storm']) {
      expect(out).toMatch(new RegExp(`^${n}\\s`, 'm'))
    }
  })
})
