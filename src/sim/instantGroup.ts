// A stand-in group with no protocol: whenever membership changes, partitions are reassigned at
// once with Kafka's range rule (RangeAssignor arithmetic, members in name order). It is what the
// data plane uses when a scenario asks for no rebalance protocol (`group.protocol: 'none'` in
// tests) and the baseline the real protocols are compared with: a rebalance that costs nothing.

import type { GroupHost, GroupRuntime, MemberProtocolView, RebalanceRecord } from './group/groupRuntime.ts'
import type { GroupView } from './frameTypes.ts'

export function createInstantGroup(host: GroupHost): GroupRuntime {
  const members = new Set<number>()
  let generation = 0
  const owned = new Map<number, number[]>()
  const log: RebalanceRecord[] = []

  function rebalance(trigger: string): void {
    const order = [...members].sort((a, b) => (host.memberName(a) < host.memberName(b) ? -1 : 1))
    const P = host.partitionCount()
    const target = new Map<number, number[]>()
    const q = order.length > 0 ? Math.floor(P / order.length) : 0
    const extra = order.length > 0 ? P % order.length : 0
    let next = 0
    order.forEach((m, i) => {
      const n = q + (i < extra ? 1 : 0)
      target.set(m, Array.from({ length: n }, (_, j) => next + j))
      next += n
    })
    let revoked = 0
    let assigned = 0
    for (const [m, parts] of owned) {
      const keep = new Set(target.get(m) ?? [])
      const gone = parts.filter((p) => !keep.has(p))
      if (gone.length > 0) {
        if (members.has(m)) host.revoke(m, gone)
        else host.lose(m, gone)
        revoked += gone.length
      }
    }
    for (const [m, parts] of target) {
      const had = new Set(owned.get(m) ?? [])
      const add = parts.filter((p) => !had.has(p))
      if (add.length > 0) host.assign(m, add)
      assigned += add.length
    }
    owned.clear()
    for (const [m, parts] of target) owned.set(m, parts)
    generation++
    const now = host.now()
    log.push({ trigger, generation, startMs: now, endMs: now, durationMs: 0, revoked, assigned, members: members.size, protocol: 'eager' })
  }

  return {
    memberStarted(m) {
      members.add(m)
      rebalance(`${host.memberName(m)} joined`)
    },
    memberPolled() {},
    memberCrashed(m) {
      members.delete(m)
      rebalance(`${host.memberName(m)} crashed`)
    },
    memberClosed(m) {
      members.delete(m)
      rebalance(`${host.memberName(m)} left`)
    },
    memberPaused() {},
    partitionsChanged() {
      rebalance('partitions added')
    },
    onTimer() {},
    group(): GroupView {
      return { state: members.size > 0 ? 'Stable' : 'Empty', generation, protocol: 'eager', assignor: 'range', rebalancing: false, leader: null, rebalances: log.length, rebalancesLastMinute: 0, storm: false }
    },
    member(m): MemberProtocolView {
      return { memberId: members.has(m) ? host.memberName(m) : '', groupInstanceId: null, phase: members.has(m) ? 'stable' : 'dead', generation }
    },
    rebalanceLog: () => log,
    save: () => ({ members: [...members], generation, owned: [...owned], log }),
  }
}
