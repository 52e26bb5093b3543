import { describe, expect, it } from 'vitest'
import { debugFaultsOn } from './debugFaults.ts'
import { supervisionNotice } from './supervisionNotice.ts'

const ctx = { link: 'http://h/#s=abc', userAgent: 'TestBrowser/1.0' }

describe('supervision notices', () => {
  it('a recovering fault says what happened and what the page does, in words; the raw message only as details', () => {
    const n = supervisionNotice({ kind: 'recovering', momentMs: 12_340, what: 'the simulation hit an unexpected error', detail: 'TypeError: x is undefined\n at f (sim.js:1)' }, ctx)
    expect(n.kind).toBe('warning')
    expect(n.text).toBe('The simulation stopped at 12.3 s: the simulation hit an unexpected error. Starting a fresh one that carries on from 12.3 s…')
    expect(n.text).not.toContain('TypeError')
    expect(n.more.technical).toContain('TypeError')
  })

  it('a stopped run names the moment and the error, and its report holds link, both errors and the user agent', () => {
    const n = supervisionNotice({ kind: 'stopped', momentMs: 4_980, what: 'the simulation could not compute the next moment', detail: 'second', firstDetail: 'first' }, { ...ctx, side: 'eager' })
    expect(n.kind).toBe('error')
    expect(n.text).toMatch(/^The simulation of side “eager” failed again at 5\.0 s of simulated time \(the simulation could not compute the next moment\), so it was stopped\. Restart/)
    expect(n.more.report?.split('\n')).toEqual([
      'Partition Highway: the simulation failed twice at 5.0 s of simulated time (side “eager”)',
      'Link: http://h/#s=abc',
      'Error: the simulation could not compute the next moment: second',
      'First error: first',
      'User agent: TestBrowser/1.0',
    ])
  })
})

describe('debugFaultsOn', () => {
  it('is on only for debug=faults in the query or the hash', () => {
    expect(debugFaultsOn({ search: '?debug=faults', hash: '#s=x' })).toBe(true)
    expect(debugFaultsOn({ search: '', hash: '#s=x&debug=faults' })).toBe(true)
    expect(debugFaultsOn({ search: '?debug=faultsy', hash: '#s=debug=faults' })).toBe(false)
    expect(debugFaultsOn({ search: '', hash: '' })).toBe(false)
  })
})
