import { describe, expect, it } from 'vitest'
import { ANSWER_WITHIN_MS, busyMsOf, createFaultPolicy, createLiveness, momentText, MOST_BUSY_MS, PING_AFTER_MS, TICK_MS } from './supervisor.ts'

/** Ticks every TICK_MS from `from` to `to` (wall ms); returns what the watch said at each. */
function ticks(l: ReturnType<typeof createLiveness>, from: number, to: number, patience = ANSWER_WITHIN_MS): Array<[number, string]> {
  const out: Array<[number, string]> = []
  for (let t = from + TICK_MS; t <= to; t += TICK_MS) {
    const r = l.tick(t, patience)
    if (r !== null) out.push([t, r])
  }
  return out
}

describe('liveness', () => {
  it('pings after a silence and calls a silent worker stuck within 1 s of its last message', () => {
    const l = createLiveness(0)
    const said = ticks(l, 0, 2000)
    expect(said[0]).toEqual([PING_AFTER_MS, 'ping'])
    const stuck = said.find(([, r]) => r === 'stuck')
    expect(stuck).toBeDefined()
    expect(stuck![0]).toBeLessThanOrEqual(1000)
  })

  it('any message clears a pending ping', () => {
    const l = createLiveness(0)
    ticks(l, 0, PING_AFTER_MS)
    l.heard(PING_AFTER_MS + 50)
    expect(ticks(l, PING_AFTER_MS, PING_AFTER_MS + 50 + PING_AFTER_MS + ANSWER_WITHIN_MS).some(([, r]) => r === 'stuck')).toBe(false)
  })

  it('stays quiet while the worker said it would be busy, then pings and judges as usual', () => {
    const l = createLiveness(0)
    l.heard(0, 2000) // a checkpoint of a big world under load
    const said = ticks(l, 0, 4000)
    expect(said.filter(([t]) => t < 2000)).toEqual([])
    expect(said[0]).toEqual([2000 + PING_AFTER_MS, 'ping'])
    const stuck = said.find(([, r]) => r === 'stuck')
    expect(stuck![0]).toBeGreaterThan(2000 + PING_AFTER_MS + ANSWER_WITHIN_MS)
    expect(stuck![0]).toBeLessThanOrEqual(2000 + PING_AFTER_MS + ANSWER_WITHIN_MS + 2 * TICK_MS)
  })

  it('lets no word of being busy blind it for more than MOST_BUSY_MS, and takes only sane ones', () => {
    const l = createLiveness(0)
    l.heard(0, 1e12)
    const stuck = ticks(l, 0, MOST_BUSY_MS + 2000).find(([, r]) => r === 'stuck')
    expect(stuck![0]).toBeLessThanOrEqual(MOST_BUSY_MS + PING_AFTER_MS + ANSWER_WITHIN_MS + 2 * TICK_MS)
    expect([busyMsOf(-5), busyMsOf(Number.NaN), busyMsOf('900'), busyMsOf(Infinity), busyMsOf(900)]).toEqual([0, 0, 0, 0, 900])
  })

  it('waits longer when told to (a seek replaying, a worker still loading)', () => {
    const l = createLiveness(0)
    expect(ticks(l, 0, 4000, 5000).some(([, r]) => r === 'stuck')).toBe(false)
  })
})

describe('fault policy', () => {
  it('retries a first fault, stops when the retry faults again before getting past it', () => {
    const p = createFaultPolicy()
    expect(p.decide({ fromMs: 4980, toMs: 5010, message: 'a' })).toEqual({ retry: true })
    p.reached(4980) // the fresh worker is back where the page was
    expect(p.decide({ fromMs: 5000, toMs: 5020, message: 'b' })).toEqual({ retry: false, momentMs: 5000, message: 'b', firstMessage: 'a' })
  })

  it('a fault after the run got past the previous one is a new one', () => {
    const p = createFaultPolicy()
    p.decide({ fromMs: 4980, toMs: 5010, message: 'a' })
    p.reached(5011)
    expect(p.decide({ fromMs: 9000, toMs: 9000, message: 'b' })).toEqual({ retry: true })
  })

  it('a new run forgets earlier faults', () => {
    const p = createFaultPolicy()
    p.decide({ fromMs: 0, toMs: 0, message: 'a' })
    p.reset()
    expect(p.decide({ fromMs: 0, toMs: 0, message: 'a' })).toEqual({ retry: true })
  })
})

describe('momentText', () => {
  it('says sim ms as seconds with one decimal', () => {
    expect(momentText(12_345)).toBe('12.3 s')
  })
})
