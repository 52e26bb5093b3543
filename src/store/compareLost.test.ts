// Compare's difference strip counts records lost to a leader crash, the figure acks=1 vs acks=all is
// about. The oracle is the engine: the strip's figure since the mark equals what run --json counts
// (lostRecords) on each side, and the row exists only once a broker fault ran.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import { applyOverrides } from '../scenario/overrides.ts'
import { createSimulation } from '../sim/simulation.ts'
import { bestSides, sideDiff } from './compareDiff.ts'
import { appendCounters, countersOf, type Counters } from './sinceMark.ts'

/** broker-hotspot with its hot broker crashing at 20 s (fenced about 8 s later), the producers' acks set; frames at a few seconds to 32 s. */
function side(acks: '1' | 'all') {
  const base = { ...getPreset('broker-hotspot')!.build(), actions: [{ atSec: 20, do: 'crashBroker', broker: 1 } as const] }
  const r = applyOverrides(base, { 'producerConfig.acks': acks, durationSec: 32 })
  if (!r.ok) throw new Error(r.message)
  const sim = createSimulation(r.scenario)
  let track: readonly Counters[] = []
  const frames: Record<number, { frame: ReturnType<typeof sim.frame>; track: readonly Counters[] }> = {}
  for (const t of [10, 15, 30, 32]) {
    sim.advanceTo(t * 1000)
    const f = sim.frame(0)
    track = appendCounters(track, countersOf(f))
    frames[t] = { frame: f, track }
  }
  return { frames, summary: sim.summary() }
}

describe('difference strip: records lost', () => {
  it('equals run --json’s lostRecords since the mark: some under acks=1, none under acks=all; acks=all is best', () => {
    const one = side('1')
    const all = side('all')
    expect(one.summary.lostRecords).toBeGreaterThan(0)
    expect(all.summary.lostRecords).toBe(0)
    const at = (s: typeof one, sec: number) => sideDiff(10_000, s.frames[sec]!.frame, s.frames[sec]!.track, [])
    // Before the crash no fault has run: no figure, so the strip shows no such row.
    expect(at(one, 15).values.lost ?? null).toBeNull()
    expect(at(all, 15).values.lost ?? null).toBeNull()
    const d = [at(one, 32).values, at(all, 32).values]
    expect(d[0]!.lost).toBe(one.summary.lostRecords)
    expect(d[1]!.lost).toBe(0)
    expect(bestSides(d).lost).toEqual([1])
    // A mark after the crash counts from there: nothing more was lost since.
    expect(sideDiff(30_000, one.frames[32]!.frame, one.frames[32]!.track, []).values.lost).toBe(0)
  })
})

describe('difference strip: lanes paused by brokers', () => {
  it('counts lane-seconds since the mark as run --json does; acks=all about twice acks=1 (the hot-brokers lesson), acks=1 best', () => {
    const one = side('1')
    const all = side('all')
    const at = (s: typeof one, sec: number, mark = 10_000) => sideDiff(mark, s.frames[sec]!.frame, s.frames[sec]!.track, [])
    expect(at(one, 15).values.paused ?? null).toBeNull()
    const d = [at(one, 32).values, at(all, 32).values]
    expect(d[0]!.paused).toBeCloseTo(one.summary.pausedLanes!.partitionSeconds, 1)
    expect(d[1]!.paused).toBeCloseTo(all.summary.pausedLanes!.partitionSeconds, 1)
    expect(d[1]!.paused! / d[0]!.paused!).toBeGreaterThan(1.8)
    expect(bestSides(d).paused).toEqual([0])
    // The leaders moved before 30 s: a mark there counts no paused lane since.
    expect(at(all, 32, 30_000).values.paused).toBe(0)
  })
})

describe('the hot-brokers lesson points at the rows the strip has', () => {
  it('names “broker-paused” and “records lost” by their labels', async () => {
    const { getLesson } = await import('../scenario/lessons/catalog.ts')
    const { DIFF_ROWS } = await import('./compareDiff.ts')
    const text = getLesson('hot-brokers')!.lesson.steps[1]!.text
    for (const key of ['paused', 'lost'] as const) expect(text).toContain(`“${DIFF_ROWS.find((r) => r.key === key)!.label}”`)
  })
})
