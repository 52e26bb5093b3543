import { describe, expect, it } from 'vitest'
import { createPerfWindow } from './perfWindow.ts'

describe('createPerfWindow', () => {
  it('reports once a second of wall time has passed: frames per second (per drawn frame), mean engine ms, behind', () => {
    const w = createPerfWindow(0)
    for (let i = 0; i < 120; i++) w.frameArrived(i % 2 === 0 ? 1 : 3, i === 7)
    expect(w.take(999)).toBeNull()
    expect(w.take(2000, 2)).toEqual({ fps: 30, engineMs: 2, behind: true })
    // A new window: nothing arrived in it yet.
    expect(w.take(3000)).toEqual({ fps: 0, engineMs: 0, behind: false })
  })
})
