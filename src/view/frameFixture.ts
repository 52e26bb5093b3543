// Hand-made frames for tests and the view gallery. Pure; no simulation needed.

import { PARTICLE_STRIDE, type Frame, type MemberView } from '../sim/frameTypes.ts'

export interface FixtureOptions {
  t?: number
  partitions?: number
  members?: number
  lag?: number[]
  flags?: number[]
  /** Particles as [partition, keyIndex, producedAt, consumedAt, offset, lagAtProduce] tuples. */
  particles?: Array<[number, number, number, number, number, number]>
  hotShare?: number
  rebalancing?: boolean
  storm?: boolean
}

/** A consistent frame: partitions dealt round-robin to `members` stable consumers. */
export function makeFrame(o: FixtureOptions = {}): Frame {
  const n = o.partitions ?? 6
  const m = o.members ?? 3
  const lag = Float64Array.from({ length: n }, (_, i) => o.lag?.[i] ?? 0)
  const owner = Int32Array.from({ length: n }, (_, i) => (m > 0 ? i % m : -1))
  const members: MemberView[] = Array.from({ length: m }, (_, k) => ({
    name: `consumer-${k + 1}`,
    memberId: `consumer-${k + 1}-0000`,
    groupInstanceId: null,
    phase: 'stable',
    owned: Array.from({ length: n }, (_, i) => i).filter((i) => i % m === k),
    utilization: 0.4,
    speed: 1,
    generation: 1,
    countdowns: [],
  }))
  const particles = new Float64Array((o.particles?.length ?? 0) * PARTICLE_STRIDE)
  o.particles?.forEach((p, i) => particles.set(p, i * PARTICLE_STRIDE))
  const produced = 1000 * n
  const totalLag = lag.reduce((a, b) => a + b, 0)
  return {
    t: o.t ?? 10_000,
    partitions: n,
    logEndOffset: Float64Array.from({ length: n }, (_, i) => 1000 + (lag[i] ?? 0)),
    position: Float64Array.from({ length: n }, () => 1000),
    committed: Float64Array.from({ length: n }, () => 990),
    lag,
    lagMs: Float64Array.from(lag, (l) => l * 2),
    inRate: Float64Array.from({ length: n }, () => 250),
    outRate: Float64Array.from({ length: n }, () => 250),
    owner,
    laneFlags: Uint8Array.from({ length: n }, (_, i) => o.flags?.[i] ?? 0),
    members,
    group: {
      state: o.rebalancing === true ? 'PreparingRebalance' : 'Stable',
      generation: 1,
      protocol: 'eager',
      assignor: 'range',
      rebalancing: o.rebalancing ?? false,
      leader: members[0]?.memberId ?? null,
      rebalances: 1,
      rebalancesLastMinute: o.storm === true ? 6 : 1,
      storm: o.storm ?? false,
      countdowns: [],
    },
    totals: {
      produced,
      consumed: produced - totalLag,
      lag: totalLag,
      producerBuffered: 0,
      duplicates: 0,
      orderingViolations: 0,
      remappedKeys: 0,
      skewRatio: 1,
      latencyMs: { p50: 3, p95: 8, p99: 12 },
      rebalances: 1,
      revokedPartitions: 0,
      lostPartitions: 0,
      stoppedPartitionSeconds: 0,
    },
    hotKeys: [{ key: 'key-0', share: o.hotShare ?? 0.01, ratePerSec: 30, partitions: [0], flagged: false }],
    particles,
    // Three brokers leading the lanes round-robin (RF 1), each appending its lanes' 250 rec/s.
    brokers: [0, 1, 2].map((id) => {
      const led = Array.from({ length: n }, (_, i) => i).filter((i) => i % 3 === id).length
      return { id, up: true, leaders: led, replicas: led, inRate: 250 * led, bytesInRate: 25_000 * led, outRate: 250 * led, hot: false, saturated: false, capacityPerSec: null, slowFactor: 1, noticeInMs: null, coordinator: false }
    }),
    laneLeader: Int32Array.from({ length: n }, (_, i) => i % 3),
    laneNoLeader: new Uint8Array(n),
  }
}
