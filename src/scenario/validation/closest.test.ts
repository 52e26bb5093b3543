import { describe, expect, it } from 'vitest'
import { closestField, editDistance } from './closest.ts'

describe('closestField', () => {
  const GROUP = ['groupId', 'consumers', 'protocol', 'assignor', 'staticMembership', 'config', 'processing', 'autoscaler', 'parallel', 'type', 'share', 'initialAssignment', 'consumerNames']
  const CONFIG = ['session.timeout.ms', 'heartbeat.interval.ms', 'max.poll.interval.ms', 'max.poll.records', 'enable.auto.commit', 'auto.commit.interval.ms']

  it.each([
    ['consumerz', GROUP, 'consumers'],
    ['Consumers', GROUP, 'consumers'],
    ['protocl', GROUP, 'protocol'],
    ['asignor', GROUP, 'assignor'],
    ['max.poll.recrods', CONFIG, 'max.poll.records'],
    ['session_timeout_ms', CONFIG, 'session.timeout.ms'],
    ['sessionTimeoutMs', CONFIG, 'session.timeout.ms'],
    ['session.timout.ms', CONFIG, 'session.timeout.ms'],
  ])('%s → %s', (key, known, want) => {
    expect(closestField(key, known)).toBe(want)
  })

  it.each([['colour'], ['extra'], ['x'], ['consumerCount'], ['a'.repeat(65)]])('%s: nothing close, no guess', (key) => {
    expect(closestField(key, [...GROUP, 'name', 'seed', 'cluster', 'atSec', 'do', 'count'])).toBeUndefined()
  })

  it('counts a transposition as one edit', () => {
    expect(editDistance('recrods', 'records')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
  })
})
