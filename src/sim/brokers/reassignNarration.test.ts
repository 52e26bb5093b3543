// The cluster rebalance's closing line: leader moves alone finish in the plan's own millisecond,
// and "in 0 ms" read as a measured duration on the projector; replica copies keep their time.
import { describe, expect, it } from 'vitest'
import { narrateCluster } from './reassignNarration.ts'

describe('cluster rebalance done', () => {
  it('leader moves alone are done at once, not "in 0 ms"', () => {
    const line = narrateCluster({ kind: 'cluster.rebalanceDone', moves: 3, ms: 0 })
    expect(line).toBe('cluster rebalance done: 3 moves at once (leader moves copy no data)')
    expect(line).not.toMatch(/0 ms/)
  })

  it('a plan with replica copies says how long they took', () => {
    expect(narrateCluster({ kind: 'cluster.rebalanceDone', moves: 1, ms: 12_400 })).toBe('cluster rebalance done: 1 move in 12.4 s')
    expect(narrateCluster({ kind: 'cluster.rebalanceDone', moves: 2, ms: 250 })).toBe('cluster rebalance done: 2 moves in 250 ms')
  })
})
