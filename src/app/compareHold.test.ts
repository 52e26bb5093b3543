import { describe, expect, it } from 'vitest'
import { makeFrame } from '../view/frameFixture.ts'
import type { FrameMessage } from '../worker/protocol.ts'
import { commonMoment, framesToShow, MAX_QUEUED, type QueuedFrame } from './compareHold.ts'

const q = (t: number, free = false): QueuedFrame => ({
  msg: { type: 'frame', id: 1, runId: 0, frame: makeFrame({ t }), samples: [], trace: [], engineMs: 1, behind: false, timeline: { latest: t, checkpointBytes: 0 } } as FrameMessage,
  pin: false,
  free,
})

describe('compare hold: one moment on screen', () => {
  it('the moment shown is the latest every in-step side has a frame of; a side on its way does not count', () => {
    // A is at the new target (queued), B still shows the old one: 1200 until B gets there.
    expect(commonMoment([{ shown: 1200, queued: [1600], inStep: true }, { shown: 1200, queued: [], inStep: true }])).toBe(1200)
    // B cut short by its time budget (1400), then there: both at 1600.
    expect(commonMoment([{ shown: 1200, queued: [1600], inStep: true }, { shown: 1200, queued: [1400], inStep: true }])).toBe(1200)
    expect(commonMoment([{ shown: 1200, queued: [1600], inStep: true }, { shown: 1200, queued: [1400, 1600], inStep: true }])).toBe(1600)
    expect(commonMoment([{ shown: 1200, queued: [1600], inStep: true }, { shown: 300, queued: [], inStep: false }])).toBe(1600)
    // The first frames: none until every side has one.
    expect(commonMoment([{ shown: null, queued: [0], inStep: true }, { shown: null, queued: [], inStep: true }])).toBeNull()
  })

  it('shows the frames up to that moment in order, a side on its way all of its own, and all of a queue that stopped lining up', () => {
    expect(framesToShow([q(1400), q(1600)], 1200, false)).toBe(0)
    expect(framesToShow([q(1400), q(1600)], 1600, false)).toBe(2)
    expect(framesToShow([q(1400), q(1600)], 1400, false)).toBe(1)
    expect(framesToShow([q(1400), q(1600)], null, true)).toBe(2)
    expect(framesToShow([q(5000, true), q(5100)], null, false)).toBe(1)
    const many = Array.from({ length: MAX_QUEUED + 1 }, (_, i) => q(2000 + i * 16))
    expect(framesToShow(many, 1200, false)).toBe(MAX_QUEUED + 1)
  })
})
