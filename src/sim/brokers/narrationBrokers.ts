// The brokers' facts and their English. Brokers are indexed 0..N-1 inside the simulation and
// numbered from 1 wherever people read them ("broker 1" is index 0), as brokerNumber() says.

import { brokerNumber } from './clusterState.ts'

export type BrokerFact =
  | { kind: 'broker.hot'; broker: number; ratePerSec: number; timesMean: number; leaders: number[] }
  /** `down`: it cooled because it stopped (crashed), not because its load fell; only then present. */
  | { kind: 'broker.cooled'; broker: number; ratePerSec: number; timesMean: number; down?: true }
  /** `capacityPerSec`: what it can append now (a slow disk divides cluster.brokerCapacityPerSec). */
  | { kind: 'broker.saturated'; broker: number; capacityPerSec: number; partitions: number[] }
  /** A running broker that held appends back no longer does; a crashed one's end is its crash's to tell. */
  | { kind: 'broker.unsaturated'; broker: number; capacityPerSec: number }

export function isBrokerFact(f: { kind: string }): f is BrokerFact {
  return f.kind === 'broker.hot' || f.kind === 'broker.cooled' || f.kind === 'broker.saturated' || f.kind === 'broker.unsaturated'
}

function list(ps: number[]): string {
  return ps.length <= 8 ? ps.join(', ') : `${ps.slice(0, 8).join(', ')} … (${ps.length})`
}

export function narrateBroker(f: BrokerFact): string {
  const b = `broker ${brokerNumber(f.broker)}`
  switch (f.kind) {
    case 'broker.hot':
      return `${b} is hot: it appends ${Math.round(f.ratePerSec)} rec/s as leader, ${f.timesMean.toFixed(1)}× the brokers' mean (leads partitions ${list(f.leaders)})`
    case 'broker.cooled':
      // A crashed broker's last window still holds what it appended before it died, often above
      // the hot threshold: "no longer hot (…, 2.4× the mean)" read as a contradiction.
      if (f.down === true) return `${b} no longer counted as hot: it is down`
      return `${b} no longer hot (${Math.round(f.ratePerSec)} rec/s, ${f.timesMean.toFixed(1)}× the mean)`
    case 'broker.saturated':
      return `${b} at its append capacity (${f.capacityPerSec} rec/s): every lane it leads slows (partitions ${list(f.partitions)}), producer batches queue up`
    case 'broker.unsaturated':
      return `${b} below its append capacity (${f.capacityPerSec} rec/s) again: its lanes take all their producers send`
  }
}
