// A share group's membership through the real simulation, driven by the KIP-932 machines: the
// coordinator notices a crash only when group.share.session.timeout.ms runs out after the last
// heartbeat, a close (epoch -1) is felt one hop later, and the survivor takes the freed partition
// in the answer to its next heartbeat, with no rebalance.
import { describe, expect, it } from 'vitest'
import type { ScenarioAction } from '../../scenario/types.ts'
import type { ShareFact } from './shareFacts.ts'
import { SHARE_HEARTBEAT_INTERVAL_MS, SHARE_SESSION_TIMEOUT_MS } from './shareGroupRuntime.ts'
import { shareScenario } from './shareTestWorld.ts'
import { createSimulation } from '../simulation.ts'

/** Two members over two partitions (one each), then `action` at 5 s; the share facts with their times. */
function run(action: ScenarioAction, untilMs: number) {
  const s = shareScenario(2, {}, [action])
  const sim = createSimulation({ ...s, topic: { ...s.topic, partitions: 2 } })
  sim.advanceTo(untilMs)
  const facts = sim.drainTrace().flatMap((e) => (e.fact.kind.startsWith('share.') ? [{ t: e.t, fact: e.fact as ShareFact }] : []))
  return { sim, facts, latency: s.broker.networkLatencyMs }
}

describe('share group membership (KIP-932 machines on the engine clock)', () => {
  it('removes a crashed member one session timeout after its last heartbeat; the survivor takes its partition at its next heartbeat', () => {
    const { sim, facts, latency } = run({ do: 'crashConsumer', consumer: 'consumer-1', atSec: 5 }, 70_000)
    const start = facts.filter((f) => f.t === 0 && f.fact.kind === 'share.assignment').map((f) => f.fact as Extract<ShareFact, { kind: 'share.assignment' }>)
    expect(start.map((f) => f.partitions.length)).toEqual([1, 1])
    const removed = facts.filter((f) => f.fact.kind === 'share.memberRemoved')
    expect(removed.map((f) => f.fact)).toEqual([{ kind: 'share.memberRemoved', member: 'consumer-1', sessionTimeoutMs: SHARE_SESSION_TIMEOUT_MS }])
    // The last heartbeat reached the coordinator within one interval before the crash.
    const at = removed[0]!.t
    expect(at).toBeGreaterThan(5000 - SHARE_HEARTBEAT_INTERVAL_MS + SHARE_SESSION_TIMEOUT_MS)
    expect(at).toBeLessThanOrEqual(5000 + latency + SHARE_SESSION_TIMEOUT_MS)
    const taken = facts.find((f) => f.t > at && f.fact.kind === 'share.assignment')!
    expect(taken.fact).toMatchObject({ member: 'consumer-2', partitions: [0, 1] })
    expect(taken.t - at).toBeLessThanOrEqual(SHARE_HEARTBEAT_INTERVAL_MS + 2 * latency)
    // No rebalance and nobody stopped: only the crashed member's lane waited.
    expect(sim.summary().rebalances).toBe(0)
    expect(sim.summary().generation).toBe(2)
  })

  it('lets a closing member leave at once (epoch -1): the survivor takes its partition within one heartbeat interval', () => {
    const { facts, latency } = run({ do: 'removeConsumer', consumer: 'consumer-1', atSec: 5 }, 20_000)
    expect(facts.some((f) => f.fact.kind === 'share.memberRemoved')).toBe(false)
    const taken = facts.find((f) => f.t > 0 && f.fact.kind === 'share.assignment')!
    expect(taken.fact).toMatchObject({ member: 'consumer-2', partitions: [0, 1] })
    expect(taken.t).toBeGreaterThan(5000 + latency)
    expect(taken.t).toBeLessThanOrEqual(5000 + latency + SHARE_HEARTBEAT_INTERVAL_MS + 2 * latency)
  })

  it('joins a new member one round trip after its first poll, with a new group epoch, and shares a partition with it', () => {
    const { sim, facts, latency } = run({ do: 'addConsumer', count: 1, atSec: 5 }, 20_000)
    const joined = facts.find((f) => f.fact.kind === 'share.joined')!
    expect(joined.fact).toEqual({ kind: 'share.joined', member: 'consumer-3', epoch: 2 })
    expect(joined.t).toBeGreaterThanOrEqual(5000 + latency)
    const own = facts.find((f) => f.fact.kind === 'share.assignment' && (f.fact as { member: string }).member === 'consumer-3')!
    expect(own.t).toBe(joined.t + latency)
    // Three members over two partitions: the desired sharing is two, so the newcomer reads one lane with another member.
    expect((own.fact as Extract<ShareFact, { kind: 'share.assignment' }>).shared).toHaveLength(1)
    expect(sim.summary().rebalances).toBe(0)
  })
})
