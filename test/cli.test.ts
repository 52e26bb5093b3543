// The CLI as outside scripts call it: `npm run -s highway -- <command>`, real process, real stdin.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '..')
const TMP = mkdtempSync(join(tmpdir(), 'highway-cli-'))
afterAll(() => rmSync(TMP, { recursive: true, force: true }))
function highway(args: string[], input?: string) {
  const r = spawnSync('npm', ['run', '-s', 'highway', '--', ...args], { cwd: ROOT, input: input ?? '', encoding: 'utf8', timeout: 60_000 })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

// Each test spawns npm → tsx (1-3 s apiece here); the budget allows for a loaded 2-core machine.
describe('the highway CLI process', { timeout: 120_000 }, () => {
  it('partition reads keys from stdin split on \\n only, every line a key', () => {
    const r = highway(['partition', '--partitions', '1000'], 'a\nab\n\nabc\n')
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('524\n434\n681\n107\n') // kafka-python's published table
  })

  it('partition takes keys as arguments', () => {
    const r = highway(['partition', '--partitions', '4', '1', '0'])
    expect(r.stdout).toBe('3\n0\n')
  })

  it('partition --keyless prints the partition of each batch: UniformStickyPartitioner alternates on 2 partitions', () => {
    const r = highway(['partition', '--keyless', '--partitioner', 'uniform-sticky', '--partitions', '2', '--batches', '20'])
    expect(r.code).toBe(0)
    const seq = r.stdout.trimEnd().split('\n').map(Number)
    expect(seq).toHaveLength(20)
    for (let i = 1; i < seq.length; i++) expect(seq[i]).toBe(1 - seq[i - 1]!)
  })

  it('partition --keyless rejects bad input with one line and exit 2', () => {
    const r = highway(['partition', '--keyless', '--partitions=2', '--batches=x'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^partition: --batches must be an integer/)
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1)
  })

  it('run --json prints one JSON object', () => {
    const r = highway(['run', '--preset', 'steady', '--seconds', '5', '--json'])
    expect(r.code).toBe(0)
    const j = JSON.parse(r.stdout)
    expect(j.produced).toBe(j.consumed + j.lag)
  })

  it('assign reads a group on stdin and prints every member', () => {
    const r = highway(['assign', '--assignor', 'range'], JSON.stringify({ topics: { topic1: 3, topic2: 3 }, members: [{ memberId: 'consumer1', topics: ['topic1', 'topic2'] }, { memberId: 'consumer2', topics: ['topic1', 'topic2'] }] }))
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ consumer1: [['topic1', 0], ['topic1', 1], ['topic2', 0], ['topic2', 1]], consumer2: [['topic1', 2], ['topic2', 2]] })
  })

  it('bad input exits 2 with a message and no stack trace', () => {
    for (const args of [['partition'], ['run', '--preset', 'x'], ['assign', '--assignor', 'nope'], ['frobnicate']]) {
      const r = highway(args, 'not json')
      expect(r.code, args.join(' ')).toBe(2)
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

  it('says why a scenario file cannot be read: a directory, binary data', () => {
    const bin = join(TMP, 'scenario.bin')
    writeFileSync(bin, new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00]))
    for (const [file, why] of [[TMP, 'is a directory'], [bin, 'is binary, not text']] as const) {
      const r = highway(['validate', '--scenario', file])
      expect(r.code).toBe(2)
      expect(r.stderr).toBe(`validate: --scenario ${file}: ${why}${why.startsWith('is binary') ? ' (it contains NUL bytes)' : ''}\n`)
    }
  })

  it('answers stray arguments and sloppy numbers with one line and exit 2', () => {
    for (const args of [['presets', 'extra'], ['validate', '--preset', 'steady', 'extra'], ['run', '--preset', 'steady', '--seconds', '0x10']]) {
      const r = highway(args)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr.split('\n')[0]).toMatch(/^(presets|validate|run): (unexpected argument "extra"|--seconds must be a plain decimal)/)
      expect(r.stderr).not.toMatch(/\n\s+at /)
    }
  })
})
