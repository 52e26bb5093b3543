import { describe, expect, it } from 'vitest'
import { Kernel } from '../../engine/kernel.ts'
import { Rng } from '../../engine/rng.ts'
import type { GroupHost } from './groupRuntime.ts'
import { DeliveryTable, interpretActions } from './machineEffects.ts'

/** A host that only has a clock: fired tokens are collected in order. */
function clockHost(): { host: GroupHost; kernel: Kernel; fired: number[]; run: (t: number) => void } {
  const kernel = new Kernel()
  const fired: number[] = []
  const host: GroupHost = {
    now: () => kernel.now,
    schedule: (delayMs, token) => kernel.after(delayMs, 1, token),
    cancel: (id) => kernel.cancel(id),
    rng: Rng.create(1),
    partitionCount: () => 1,
    topicName: () => 't',
    networkLatencyMs: () => 2,
    revoke: () => 0,
    lose: () => {},
    assign: () => {},
    trace: () => {},
    memberName: (m) => `consumer-${m + 1}`,
  }
  return { host, kernel, fired, run: (t) => kernel.runUntil(t, (_k, token) => fired.push(token)) }
}

describe('machine effects', () => {
  it('schedules a delayed raise on the host clock and hands back the custom actions in order', () => {
    const { host, run, fired } = clockHost()
    const table = new DeliveryTable(host)
    const effects = interpretActions(
      [
        { type: 'xstate.raise', params: { event: { type: 'timer.heartbeat' }, id: 'heartbeat', delay: 3000 } },
        { type: 'sendRequest', params: { n: 1 } },
        { type: 'xstate.raise', params: { event: { type: 'client.pollLoop' } } },
        { type: 'report', params: { n: 2 } },
      ],
      'm0.0',
      table,
    )
    expect(effects).toEqual([
      { type: 'sendRequest', params: { n: 1 } },
      { type: 'report', params: { n: 2 } },
    ])
    expect(table.has('m0.0', 'heartbeat')).toBe(true)
    run(2999)
    expect(fired).toEqual([])
    run(3000)
    expect(fired).toHaveLength(1)
    expect(table.take(fired[0]!)).toMatchObject({ actor: 'm0.0', event: { type: 'timer.heartbeat' }, raiseId: 'heartbeat' })
    expect(table.has('m0.0', 'heartbeat')).toBe(false)
  })

  it('cancels a raise by id, and setting the same id again replaces the earlier timer', () => {
    const { host, run, fired } = clockHost()
    const table = new DeliveryTable(host)
    table.schedule('coordinator', { type: 'timer.sessionTimeout', memberId: 'a' }, 45_000, 'session:a')
    table.schedule('coordinator', { type: 'timer.sessionTimeout', memberId: 'a' }, 50_000, 'session:a')
    interpretActions([{ type: 'xstate.raise', params: { event: { type: 'timer.syncTimeout' }, id: 'sync', delay: 10 } }], 'coordinator', table)
    interpretActions([{ type: 'xstate.cancel', params: { sendId: 'sync' } }], 'coordinator', table)
    run(100_000)
    expect(fired).toHaveLength(1)
    expect(table.take(fired[0]!)?.event).toEqual({ type: 'timer.sessionTimeout', memberId: 'a' })
  })

  it('drops the timers of a dead actor but keeps the messages it already sent', () => {
    const { host, run, fired } = clockHost()
    const table = new DeliveryTable(host)
    table.schedule('m1.0', { type: 'timer.heartbeat' }, 3000, 'heartbeat')
    table.schedule('coordinator', { type: 'member.leaveGroup' }, 2)
    table.cancelActorTimers('m1.0')
    run(10_000)
    expect(fired.map((t) => table.take(t)?.event.type)).toEqual(['member.leaveGroup'])
  })

  it('saves as plain data and continues after a restore', () => {
    const { host, kernel, run, fired } = clockHost()
    const table = new DeliveryTable(host)
    table.schedule('coordinator', { type: 'timer.rebalanceTimeout' }, 300_000, 'join')
    const saved = JSON.parse(JSON.stringify(table.save())) as ReturnType<DeliveryTable['save']>
    const restored = new DeliveryTable(host, saved)
    expect(restored.has('coordinator', 'join')).toBe(true)
    restored.cancelRaise('coordinator', 'join')
    restored.schedule('coordinator', { type: 'timer.rebalanceTimeout' }, 1000, 'join')
    run(kernel.now + 400_000)
    expect(fired).toHaveLength(1)
    expect(restored.take(fired[0]!)?.event.type).toBe('timer.rebalanceTimeout')
  })
})
