import { describe, expect, it } from 'vitest'
import { defaultScenario, getPreset } from '../scenario/index.ts'
import { estimateCost } from '../scenario/validation/cost.ts'
import { ANSWER_WITHIN_MS } from './supervisor.ts'
import { OPEN_CHUNK_MAX_MS, OPEN_CHUNK_WORK_US, openChunkMs } from './openChunk.ts'

describe('a moment link advances toward its moment in chunks the worker answers in time', () => {
  it('a cheap run goes several seconds at a time (the estimate is an upper bound: its chunks take far less)', () => {
    expect(openChunkMs(defaultScenario())).toBeGreaterThanOrEqual(5_000)
    expect(openChunkMs(defaultScenario())).toBeLessThanOrEqual(OPEN_CHUNK_MAX_MS)
  })

  it('10 000 partitions go in chunks of well under a second of work, not 20 s of it', () => {
    const big = getPreset('scale-10k')!.build()
    const chunk = openChunkMs(big)
    const workMs = (estimateCost(big).usPerSimSec / 1000) * (chunk / 1000)
    expect(chunk).toBeLessThan(OPEN_CHUNK_MAX_MS)
    expect(chunk % 100).toBe(0)
    expect(workMs).toBeLessThanOrEqual(OPEN_CHUNK_WORK_US / 1000)
    expect(workMs * 3).toBeLessThanOrEqual(ANSWER_WITHIN_MS)
    // 20 s of it, the chunk before, was many times the supervisor's patience.
    expect((estimateCost(big).usPerSimSec / 1000) * 20).toBeGreaterThan(4 * ANSWER_WITHIN_MS)
  })
})
