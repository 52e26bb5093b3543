import { describe, expect, it } from 'vitest'
import { ASSIGN_LIMITS, checkAssignArgs, runAssign } from './assignCommand.ts'

const request = (members: unknown[], topics: Record<string, unknown> = { orders: 3 }): string => JSON.stringify({ topics, members })

describe('assign command', () => {
  it('lag-aware weighs the partitions by the "load" given (not built into Kafka), and rejects a bad load', () => {
    const req = { topics: { t0: 3 }, members: [{ memberId: 'C0', topics: ['t0'] }, { memberId: 'C1', topics: ['t0'] }], load: { t0: [100000, 50000, 60000] } }
    const r = runAssign(['--assignor', 'lag-aware'], JSON.stringify(req))
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ C0: [['t0', 0]], C1: [['t0', 1], ['t0', 2]] })
    const bad = runAssign(['--assignor', 'lag-aware'], JSON.stringify({ ...req, load: { t0: [1, -2], t9: [1] } }))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('assign: load.t0: must be an array of at most 3 weights, each a number ≥ 0\nassign: load.t9: not a topic of the request\n')
  })

  it('prints one line of JSON with every member and sorted partitions', () => {
    const out = runAssign(['--assignor', 'range'], request([{ memberId: 'c2', topics: ['orders'] }, { memberId: 'c1', topics: ['orders'] }]))
    expect(out).toEqual({ stdout: '{"c2":[["orders",2]],"c1":[["orders",0],["orders",1]]}\n', stderr: '', code: 0 })
  })

  it('accepts a leading "assign" word and the --assignor=NAME form', () => {
    const stdin = request([{ memberId: 'c1', topics: ['orders'] }])
    expect(runAssign(['assign', '--assignor=sticky'], stdin).stdout).toBe('{"c1":[["orders",0],["orders",1],["orders",2]]}\n')
  })

  it('fills in the optional fields: groupInstanceId null, owned [], generation -1', () => {
    const withDefaults = runAssign(['--assignor', 'sticky'], request([{ memberId: 'a', topics: ['orders'] }, { memberId: 'b', topics: ['orders'] }]))
    const explicit = runAssign(
      ['--assignor', 'sticky'],
      request([
        { memberId: 'a', groupInstanceId: null, topics: ['orders'], owned: [], generation: -1 },
        { memberId: 'b', groupInstanceId: null, topics: ['orders'], owned: [], generation: -1 },
      ]),
    )
    expect(withDefaults).toEqual(explicit)
  })

  it('passes owned partitions and generations through to the sticky assignors', () => {
    const stdin = request(
      [
        { memberId: 'consumer1', topics: ['topic'], owned: [['topic', 0], ['topic', 1]], generation: 1 },
        { memberId: 'consumer2', topics: ['topic'], owned: [['topic', 0], ['topic', 2]], generation: 1 },
        { memberId: 'consumer3', topics: ['topic'], generation: 1 },
      ],
      { topic: 3 },
    )
    expect(runAssign(['--assignor', 'sticky'], stdin).stdout).toBe('{"consumer1":[["topic",1]],"consumer2":[["topic",2]],"consumer3":[["topic",0]]}\n')
    expect(runAssign(['--assignor', 'cooperative-sticky'], stdin).stdout).toBe('{"consumer1":[["topic",1]],"consumer2":[["topic",2]],"consumer3":[]}\n')
  })

  it('handles one request per line with --jsonl, skipping blank lines', () => {
    const stdin = [request([{ memberId: 'a', topics: ['orders'] }]), '', '   ', request([{ memberId: 'b', topics: ['orders'] }], { orders: 1 }), ''].join('\n')
    expect(runAssign(['--assignor', 'roundrobin', '--jsonl'], stdin)).toEqual({
      stdout: '{"a":[["orders",0],["orders",1],["orders",2]]}\n{"b":[["orders",0]]}\n',
      stderr: '',
      code: 0,
    })
  })

  it('prints usage on --help', () => {
    const out = runAssign(['--help'], '')
    expect(out.code).toBe(0)
    expect(out.stdout).toMatch(/^usage: highway assign --assignor NAME/)
  })
})

describe('assign command errors (exit code 2, nothing on stdout)', () => {
  const fails = (args: string[], stdin: string, message: RegExp | string): void => {
    const out = runAssign(args, stdin)
    expect(out.code).toBe(2)
    expect(out.stdout).toBe('')
    if (typeof message === 'string') expect(out.stderr).toContain(message)
    else expect(out.stderr).toMatch(message)
    expect(out.stderr).not.toMatch(/\n\s+at /) // never a stack trace
  }

  it('rejects a missing or unknown assignor and unknown arguments', () => {
    fails([], '{}', 'assign: missing --assignor NAME')
    fails(['--assignor'], '{}', 'assign: --assignor needs a value')
    fails(['--assignor', 'fair'], '{}', 'unknown assignor "fair" (expected one of: range, roundrobin, sticky, cooperative-sticky, uniform, lag-aware)')
    fails(['--assignor', 'range', '--verbose'], '{}', 'unknown argument "--verbose"')
  })

  it('rejects empty input and bad JSON', () => {
    fails(['--assignor', 'range'], '  \n', 'input is empty')
    fails(['--assignor', 'range'], '{"topics": ', /^assign: invalid JSON: /)
    fails(['--assignor', 'range', '--jsonl'], `${request([])}\n{oops}\n`, /^assign: line 2: invalid JSON: /)
  })

  it('names the line and field of a bad subscription', () => {
    const good = request([{ memberId: 'a', topics: ['orders'] }])
    const bad = request([{ memberId: 'a', topics: ['orders'] }, { memberId: 'b', topics: 'orders' }])
    fails(['--assignor', 'sticky', '--jsonl'], `${good}\n\n${bad}\n`, 'line 3: members[1].topics: must be an array of strings')
  })

  it('rejects a missing member id and duplicate member ids', () => {
    fails(['--assignor', 'range'], request([{ topics: ['orders'] }]), 'members[0].memberId: must be a non-empty string')
    fails(['--assignor', 'range'], request([{ memberId: 'a', topics: [] }, { memberId: 'a', topics: [] }]), 'members[1].memberId: duplicate member id "a" (also members[0])')
  })

  it('rejects negative, fractional or huge partition counts', () => {
    fails(['--assignor', 'range'], request([], { orders: -1 }), 'topics.orders: must be a partition count from 0 to 100000 (got -1)')
    fails(['--assignor', 'range'], request([], { 'my topic': 1.5 }), 'topics["my topic"]: must be a partition count')
    fails(['--assignor', 'range'], request([], { orders: 1e9 }), 'topics.orders: must be a partition count')
  })

  it('rejects owned entries that are not [string, int] pairs, and duplicates', () => {
    fails(['--assignor', 'sticky'], request([{ memberId: 'a', topics: ['orders'], owned: [['orders', '0']] }]), 'members[0].owned[0]: must be a [topic, partition] pair')
    fails(['--assignor', 'sticky'], request([{ memberId: 'a', topics: ['orders'], owned: [['orders', -2]] }]), 'members[0].owned[0]: must be a [topic, partition] pair')
    fails(['--assignor', 'sticky'], request([{ memberId: 'a', topics: ['orders'], owned: 'orders-0' }]), 'members[0].owned: must be an array')
    fails(['--assignor', 'sticky'], request([{ memberId: 'a', topics: ['orders'], owned: [['orders', 1], ['orders', 1]] }]), 'members[0].owned[1]: duplicate partition orders-1')
  })

  it('rejects bad generations, group instance ids and unknown fields', () => {
    fails(['--assignor', 'sticky'], request([{ memberId: 'a', topics: [], generation: -2 }]), 'members[0].generation: must be an integer')
    fails(['--assignor', 'sticky'], request([{ memberId: 'a', topics: [], groupInstanceId: 7 }]), 'members[0].groupInstanceId: must be a non-empty string or null')
    fails(
      ['--assignor', 'range'],
      request([{ memberId: 'a', topics: [], groupInstanceId: 'i' }, { memberId: 'b', topics: [], groupInstanceId: 'i' }]),
      'members[1].groupInstanceId: duplicate group.instance.id "i" (also members[0])',
    )
    fails(['--assignor', 'sticky'], request([{ memberId: 'a', topics: [], owend: [] }]), 'members[0].owend: unknown field')
    fails(['--assignor', 'sticky'], JSON.stringify({ topics: {}, members: [], extra: 1 }), 'extra: unknown field')
  })

  it('rejects a request that is not an object with topics and members', () => {
    fails(['--assignor', 'range'], '[]', 'must be a JSON object with "topics" and "members"')
    fails(['--assignor', 'range'], '{"members": []}', 'topics: must be an object')
    fails(['--assignor', 'range'], '{"topics": {}}', 'members: must be an array')
  })

  describe('bounds its input, naming the limit (10 topics of 10⁶ partitions took 45 s and 1.7 GB)', () => {
    const member = (i: number, topics: string[], extra: object = {}) => ({ memberId: `m${i}`, topics, ...extra })
    it.each([
      ['partitions over all topics', request([member(0, ['a'])], Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`t${i}`, 20_000]))), /^assign: topics: at most 100000 partitions over all topics \(got 200000\)$/],
      ['partitions of one topic', request([member(0, ['a'])], { a: 1_000_000 }), /^assign: topics\.a: must be a partition count from 0 to 100000 \(got 1000000\)$/],
      ['topics', request([member(0, ['a'])], Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`t${i}`, 1]))), /^assign: topics: at most 10000 topics \(got 10001\)$/],
      ['members', request(Array.from({ length: 10_001 }, (_, i) => member(i, ['orders']))), /^assign: members: at most 10000 members \(got 10001\)$/],
      ['subscriptions', request(Array.from({ length: 200 }, (_, i) => member(i, Array.from({ length: 5001 }, (_, t) => `t${t}`)))), /^assign: members: at most 1000000 topic subscriptions over all members \(got 1000200\)$/],
      ['owned partitions', request([member(0, ['orders'], { owned: Array.from({ length: 1_000_001 }, (_, p) => ['orders', p]) })]), /^assign: members: at most 1000000 owned partitions over all members/],
    ])('%s', (_what, stdin, message) => {
      // Refused before any assignment work: the timeout below would catch the 45 s it once took
      // (a wall-clock bound tighter than that failed whenever the machine was busy).
      const out = runAssign(['--assignor', 'sticky'], stdin)
      expect(out.code).toBe(2)
      expect(out.stdout).toBe('')
      expect(out.stderr.trim()).toMatch(message)
    }, 20_000)

    it('over a --jsonl run too', () => {
      const line = request([member(0, ['orders'])], { orders: 100_000 })
      const out = runAssign(['--assignor', 'range', '--jsonl'], Array.from({ length: 11 }, () => line).join('\n'))
      expect(out.code).toBe(2)
      expect(out.stderr).toMatch(/^assign: line 11: the requests list more than 1000000 partitions in all/)
    })

    it('still answers at the limits', () => {
      expect(ASSIGN_LIMITS.partitions).toBe(100_000)
      const out = runAssign(['--assignor', 'range'], request([member(0, ['orders']), member(1, ['orders'])], { orders: 100_000 }))
      expect(out.code).toBe(0)
      expect(Object.values(JSON.parse(out.stdout) as Record<string, unknown[]>).map((ps) => ps.length)).toEqual([50_000, 50_000])
    })
  })

  it('answers bad arguments before reading stdin', () => {
    expect(checkAssignArgs(['--assignor', 'nope'])?.code).toBe(2)
    expect(checkAssignArgs(['--help'])?.code).toBe(0)
    expect(checkAssignArgs(['--assignor', 'range'])).toBeNull()
  })
})
