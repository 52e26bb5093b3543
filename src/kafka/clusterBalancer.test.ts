import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ClusterBalanceInput, moveDurationMs, planClusterBalance } from './clusterBalancer.ts'

/** A cluster of B brokers; replica sets given; leader = first replica unless given; every replica in sync. */
function cluster(B: number, replicas: number[][], rates: number[], opts: Partial<ClusterBalanceInput> = {}): ClusterBalanceInput {
  return {
    brokers: Array.from({ length: B }, (_, b) => b),
    up: new Array<boolean>(B).fill(true),
    replicas,
    isr: replicas.map((r) => [...r]),
    leader: replicas.map((r) => r[0]!),
    recordsInPerSec: rates,
    bytesInPerSec: rates.map((r) => r * 100),
    logBytes: rates.map((_, p) => 1000 * (p + 1)),
    capacityPerSec: null,
    ...opts,
  }
}

/** Replays the moves on the input, checking each as it goes, and returns the resulting placement. */
function replay(input: ClusterBalanceInput, moves: ReturnType<typeof planClusterBalance>['moves']): { replicas: number[][]; leader: number[] } {
  const replicas = input.replicas.map((r) => [...r])
  const leader = Array.from(input.leader)
  for (const mv of moves) {
    const r = replicas[mv.partition]!
    if (mv.kind === 'leader') {
      expect(leader[mv.partition]).toBe(mv.from)
      expect(r).toContain(mv.to)
      leader[mv.partition] = mv.to
    } else {
      expect(r).toContain(mv.from)
      expect(r).not.toContain(mv.to) // never two replicas of one partition on one broker
      r[r.indexOf(mv.from)] = mv.to
      if (leader[mv.partition] === mv.from) leader[mv.partition] = mv.to
    }
  }
  return { replicas, leader }
}

const sumSq = (xs: number[]): number => xs.reduce((s, x) => s + x * x, 0)

/** Random clusters: B brokers, P partitions, RF distinct replicas each, random leaders within them and rates. */
const arbCluster = fc
  .record({ B: fc.integer({ min: 2, max: 7 }), P: fc.integer({ min: 1, max: 30 }), rfPick: fc.nat(), seed: fc.nat() })
  .chain(({ B, P, rfPick }) => {
    const rf = 1 + (rfPick % B)
    return fc.record({
      B: fc.constant(B),
      replicas: fc.array(fc.shuffledSubarray(Array.from({ length: B }, (_, b) => b), { minLength: rf, maxLength: rf }), { minLength: P, maxLength: P }),
      leaderPick: fc.array(fc.nat(), { minLength: P, maxLength: P }),
      rates: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })), { minLength: P, maxLength: P }),
    })
  })
  .map(({ B, replicas, leaderPick, rates }) => cluster(B, replicas, rates, { leader: replicas.map((r, p) => r[leaderPick[p]! % r.length]!) }))

describe('planClusterBalance: a Cruise-Control-style plan of leader and replica moves', () => {
  it('never puts two replicas of a partition on one broker, keeps every replication factor, leaders among replicas', () => {
    fc.assert(
      fc.property(arbCluster, (input) => {
        const plan = planClusterBalance(input)
        const { replicas, leader } = replay(input, plan.moves)
        expect(plan.replicasAfter.map((r) => [...r].sort())).toEqual(replicas.map((r) => [...r].sort()))
        expect(plan.leaderAfter).toEqual(leader)
        plan.replicasAfter.forEach((r, p) => {
          expect(new Set(r).size).toBe(r.length)
          expect(r.length).toBe(input.replicas[p]!.length)
          expect(r[0]).toBe(plan.leaderAfter[p]) // PreferredLeaderElectionGoal
        })
        expect(plan.goals.find((g) => g.goal === 'RackAwareGoal')!.after).toBe(true)
      }),
      { numRuns: 80 },
    )
  })

  it('never raises the busiest broker’s leader bytes-in, nor the spread of broker loads', () => {
    fc.assert(
      fc.property(arbCluster, (input) => {
        const plan = planClusterBalance(input)
        const before = plan.before.map((b) => b.bytesInPerSec)
        const after = plan.after.map((b) => b.bytesInPerSec)
        expect(Math.max(...after)).toBeLessThanOrEqual(Math.max(...before) + 1e-6)
        expect(sumSq(after)).toBeLessThanOrEqual(sumSq(before) * (1 + 1e-9) + 1e-6)
        // The figures are the input's own load, re-summed from the planned leaders.
        const recount = new Array<number>(input.up.length).fill(0)
        plan.leaderAfter.forEach((l, p) => (recount[l]! += input.bytesInPerSec[p]!))
        recount.forEach((x, b) => expect(after[b]).toBeCloseTo(x, 6))
      }),
      { numRuns: 80 },
    )
  })

  it('with every broker holding every partition and no traffic, evens leader counts within 1 using only leader moves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 40 }), fc.array(fc.nat(), { minLength: 40, maxLength: 40 }), (B, P, pick) => {
        const all = Array.from({ length: B }, (_, b) => b)
        // Skewed leadership: leaders chosen by `pick`, most on broker 0.
        const replicas = Array.from({ length: P }, (_, p) => {
          const l = pick[p]! % 3 === 0 ? pick[p]! % B : 0
          return [l, ...all.filter((b) => b !== l)]
        })
        const input = cluster(B, replicas, new Array<number>(P).fill(0))
        const plan = planClusterBalance(input)
        expect(plan.moves.every((mv) => mv.kind === 'leader' && mv.bytes === 0)).toBe(true)
        const counts = plan.after.map((b) => b.leaders)
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
        expect(plan.bytesToMove).toBe(0)
      }),
      { numRuns: 60 },
    )
  })

  it('moves leadership off the hot broker before it copies any data', () => {
    // 3 brokers, RF 2: broker 0 leads the hot p0 and two warm partitions whose other replica is on 1 or 2.
    const input = cluster(3, [[0, 1], [0, 1], [0, 2], [1, 2], [2, 1]], [500, 100, 100, 100, 100])
    const plan = planClusterBalance(input)
    expect(plan.moves.length).toBeGreaterThan(0)
    expect(plan.moves.every((mv) => mv.kind === 'leader')).toBe(true)
    // The hot partition cannot be split: the best is its broker leading nothing else.
    expect(Math.max(...plan.after.map((b) => b.recordsInPerSec))).toBe(500)
    const hot = plan.leaderAfter[0]!
    expect(plan.leaderAfter.filter((l) => l === hot)).toHaveLength(1)
  })

  it('with replication factor 1 it must copy data: replica moves, with their bytes counted', () => {
    // Broker 0 leads three busy partitions, broker 2 nothing.
    const input = cluster(3, [[0], [0], [0], [1], [1], [2]], [300, 300, 300, 300, 300, 0])
    const plan = planClusterBalance(input)
    const replicaMoves = plan.moves.filter((mv) => mv.kind === 'replica')
    expect(replicaMoves.length).toBeGreaterThan(0)
    expect(replicaMoves.every((mv) => mv.bytes === input.logBytes[mv.partition])).toBe(true)
    expect(plan.bytesToMove).toBe(replicaMoves.reduce((s, mv) => s + mv.bytes, 0))
    // 1500 records/s in lumps of 300 over 3 brokers: 600 is the best the busiest broker can get.
    expect(Math.max(...plan.after.map((b) => b.recordsInPerSec))).toBe(600)
  })

  it('evens replica counts of a skewed placement (ReplicaDistributionGoal) before balancing load', () => {
    // Every replica on brokers 0 and 1; broker 2 holds none.
    const replicas = Array.from({ length: 6 }, () => [0, 1])
    const plan = planClusterBalance(cluster(3, replicas, new Array<number>(6).fill(0)))
    // 12 replicas on 3 brokers: Cruise Control's bounds floor(4 × 0.91) = 3 … ceil(4 × 1.09) = 5.
    const counts = plan.after.map((b) => b.replicas)
    expect(counts.every((c) => c >= 3 && c <= 5)).toBe(true)
    expect(plan.moves.filter((mv) => mv.goal === 'ReplicaDistributionGoal').every((mv) => mv.to === 2)).toBe(true)
    expect(plan.goals.find((g) => g.goal === 'ReplicaDistributionGoal')).toMatchObject({ before: false, after: true })
  })

  it('takes leadership only onto live, in-sync replicas', () => {
    const replicas = Array.from({ length: 6 }, () => [0, 1, 2])
    const input = cluster(3, replicas, new Array<number>(6).fill(10), { up: [true, true, false], isr: replicas.map(() => [0, 2]) })
    const plan = planClusterBalance(input)
    // Broker 1 is not in sync and broker 2 is down: nowhere to move leadership.
    expect(plan.moves).toEqual([])
  })

  it('with brokers down (as after the controller fenced them): no move and no planned leader lands on one', () => {
    const withDown = arbCluster.chain((input) => fc.record({ input: fc.constant(input), down: fc.array(fc.boolean(), { minLength: input.up.length, maxLength: input.up.length }) }))
    fc.assert(
      fc.property(withDown, ({ input, down }) => {
        const up = down.map((d) => !d)
        // A fenced broker left every ISR; a partition with no live replica is offline (leader -1).
        const isr = input.replicas.map((r) => (r.some((b) => up[b]) ? r.filter((b) => up[b]) : [r[0]!]))
        const leader = input.replicas.map((r, p) => (up[input.leader[p]!] ? input.leader[p]! : (r.find((b) => up[b]) ?? -1)))
        const plan = planClusterBalance({ ...input, up, isr, leader })
        expect(plan.moves.filter((mv) => !up[mv.to])).toEqual([])
        expect(plan.leaderAfter.filter((l) => l >= 0 && !up[l])).toEqual([])
      }),
      { numRuns: 150, seed: 16 },
    )
  })

  it('respects a broker capacity (NetworkInboundCapacityGoal): no move pushes a broker over it', () => {
    const input = cluster(2, [[0, 1], [0, 1], [1, 0]], [60, 60, 50], { capacityPerSec: 100 })
    const plan = planClusterBalance(input)
    for (const b of plan.after) expect(b.recordsInPerSec).toBeLessThanOrEqual(Math.max(100, plan.before.find((x) => x.broker === b.broker)!.recordsInPerSec))
  })

  it('is deterministic: the same cluster gives the same plan', () => {
    fc.assert(fc.property(arbCluster, (input) => {
      expect(planClusterBalance(input)).toEqual(planClusterBalance(input))
    }), { numRuns: 20 })
  })
})

describe('moveDurationMs: a replica catching up under a replication throttle', () => {
  it('takes bytes / throttle when the partition takes no new data', () => {
    expect(moveDurationMs(10_000_000, 1_000_000, 0)).toBe(10_000)
  })
  it('takes bytes / (throttle − in-rate) while the log keeps growing, and never ends when the throttle is below the in-rate', () => {
    expect(moveDurationMs(10_000_000, 1_000_000, 500_000)).toBe(20_000)
    expect(moveDurationMs(10_000_000, 1_000_000, 1_000_000)).toBe(Infinity)
    expect(moveDurationMs(0, 1_000_000, 2_000_000)).toBe(0)
  })
})
