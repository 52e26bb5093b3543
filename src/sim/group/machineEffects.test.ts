import { describe, expect, it } from 'vitest'
import { Kernel } from '../../engine/kernel.ts'
import { Rng } from '../../engine/rng.ts'
import type { GroupHost } from './groupRuntime.ts'
import type { AnyEventObject, EventObject } from 'xstate'
import { DeliveryTable, interpretActions, type Delivery, type MachineTimers } from './machineEffects.ts'

type D = Delivery<AnyEventObject, AnyEventObject>
const coordinator = { to: 'coordinator' } as const
const m0 = { to: 'member', slot: 0, incarnation: 0 } as const
const m1 = { to: 'member', slot: 1, incarnation: 0 } as const

/** A recipient's own timers in the table, as the runtime hands them to `interpretActions`. */
function timersOf(table: DeliveryTable<D>, to: typeof coordinator | typeof m0): MachineTimers<EventObject> {
  return { set: (event, delayMs, raiseId) => table.schedule({ ...to, event }, delayMs, raiseId), cancel: (raiseId) => table.cancelRaise(to, raiseId) }
}

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
    partitionLoad: () => [0],
    topicName: () => 't',
    networkLatencyMs: () => 2,
    commitSync: () => 0,
    revoke: () => 0,
    lose: () => {},
    assign: () => {},
    say: () => {},
    memberName: (m) => `consumer-${m + 1}`,
  }
  return { host, kernel, fired, run: (t) => kernel.runUntil(t, (_k, token) => fired.push(token)) }
}

describe('machine effects', () => {
  it('schedules a delayed raise on the host clock and hands back the custom actions in order', () => {
    const { host, run, fired } = clockHost()
    const table = new DeliveryTable<D>(host)
    const effects = interpretActions(
      [
        { type: 'xstate.raise', params: { event: { type: 'timer.heartbeat' }, id: 'heartbeat', delay: 3000 } },
        { type: 'sendRequest', params: { n: 1 } },
        { type: 'xstate.raise', params: { event: { type: 'client.pollLoop' } } },
        { type: 'report', params: { n: 2 } },
      ],
      timersOf(table, m0),
    )
    expect(effects).toEqual([
      { type: 'sendRequest', params: { n: 1 } },
      { type: 'report', params: { n: 2 } },
    ])
    expect(table.has(m0, 'heartbeat')).toBe(true)
    run(2999)
    expect(fired).toEqual([])
    run(3000)
    expect(fired).toHaveLength(1)
    expect(table.take(fired[0]!)).toMatchObject({ ...m0, event: { type: 'timer.heartbeat' }, raiseId: 'heartbeat' })
    expect(table.has(m0, 'heartbeat')).toBe(false)
  })

  it('cancels a raise by id, and setting the same id again replaces the earlier timer', () => {
    const { host, run, fired } = clockHost()
    const table = new DeliveryTable<D>(host)
    table.schedule({ ...coordinator, event: { type: 'timer.sessionTimeout', memberId: 'a' } }, 45_000, 'session:a')
    table.schedule({ ...coordinator, event: { type: 'timer.sessionTimeout', memberId: 'a' } }, 50_000, 'session:a')
    interpretActions([{ type: 'xstate.raise', params: { event: { type: 'timer.syncTimeout' }, id: 'sync', delay: 10 } }], timersOf(table, coordinator))
    interpretActions([{ type: 'xstate.cancel', params: { sendId: 'sync' } }], timersOf(table, coordinator))
    run(100_000)
    expect(fired).toHaveLength(1)
    expect(table.take(fired[0]!)?.event).toEqual({ type: 'timer.sessionTimeout', memberId: 'a' })
  })

  it('drops the timers of a dead actor but keeps the messages it already sent', () => {
    const { host, run, fired } = clockHost()
    const table = new DeliveryTable<D>(host)
    table.schedule({ ...m1, event: { type: 'timer.heartbeat' } }, 3000, 'heartbeat')
    table.schedule({ ...m0, event: { type: 'timer.heartbeat' } }, 3000, 'heartbeat')
    table.schedule({ ...coordinator, event: { type: 'member.leaveGroup' } }, 2)
    table.cancelTimersOf(m1)
    run(10_000)
    expect(fired.map((t) => table.take(t))).toMatchObject([{ ...coordinator, event: { type: 'member.leaveGroup' } }, { ...m0, event: { type: 'timer.heartbeat' } }])
  })

  it('saves as plain data and continues after a restore', () => {
    const { host, kernel, run, fired } = clockHost()
    const table = new DeliveryTable<D>(host)
    table.schedule({ ...coordinator, event: { type: 'timer.rebalanceTimeout' } }, 300_000, 'join')
    const saved = JSON.parse(JSON.stringify(table.save())) as ReturnType<DeliveryTable<D>['save']>
    const restored = new DeliveryTable<D>(host, saved)
    expect(restored.has(coordinator, 'join')).toBe(true)
    restored.cancelRaise(coordinator, 'join')
    restored.schedule({ ...coordinator, event: { type: 'timer.rebalanceTimeout' } }, 1000, 'join')
    run(kernel.now + 400_000)
    expect(fired).toHaveLength(1)
    expect(restored.take(fired[0]!)?.event.type).toBe('timer.rebalanceTimeout')
  })
})
