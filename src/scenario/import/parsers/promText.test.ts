import { describe, expect, it } from 'vitest'
import { readSample, readTime, seriesKey } from './promText.ts'

describe('Prometheus text exposition lines', () => {
  it('reads names, escaped label values, the value and a timestamp', () => {
    const s = readSample('kafka_consumergroup_lag{consumergroup="a \\"b\\" \\\\c",topic="t",partition="3",} 1.2e+06 1700000000000', 9)
    expect(s).toEqual({
      name: 'kafka_consumergroup_lag',
      labels: { consumergroup: 'a "b" \\c', topic: 't', partition: '3' },
      value: '1.2e+06',
      timestampMs: 1700000000000,
      line: 9,
    })
  })

  it('label order does not change the series identity', () => {
    expect(seriesKey(readSample('m{a="1",b="2"} 1', 1))).toBe(seriesKey(readSample('m{b="2",a="1"} 5', 2)))
  })

  it('refuses an unterminated label value or a trailing word', () => {
    expect(() => readSample('m{a="1} 2', 4)).toThrow(/unterminated/)
    expect(() => readSample('m 1 2 3', 4)).toThrow(/value and an optional timestamp/)
  })
})

describe('scrape times', () => {
  it('ISO 8601 with Z or an offset, and Unix seconds or milliseconds, all to the same instant', () => {
    const t = Date.UTC(2026, 10, 30, 23, 10, 0)
    expect(readTime('2026-11-30T23:10:00Z')).toBe(t)
    expect(readTime('2026-12-01T00:10:00+01:00')).toBe(t)
    expect(readTime('2026-11-30 18:10:00-0500')).toBe(t)
    expect(readTime(String(t / 1000))).toBe(t)
    expect(readTime(String(t))).toBe(t)
    expect(readTime('yesterday')).toBeUndefined()
  })
})
