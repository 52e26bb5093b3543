// The broker strip's model: one box per broker with the words and bar lengths the page shows.
// Pure: BrokerView[] in, boxes out (no DOM). Bars share one scale, so boxes compare at a glance:
// the busiest broker's in-rate, or the capacity when one is set.

import { extraAppendMs } from '../sim/brokers/slowDisk.ts'
import type { BrokerView } from '../sim/frameTypes.ts'
import { formatCount } from './laneRows.ts'

export interface BrokerBox {
  id: number
  /** "Broker 1": its accessible name. */
  name: string
  /** "b1", as lanes name their leader. */
  short: string
  up: boolean
  leaders: number
  /** "4 leaders" */
  leadersText: string
  /** "3.0k rec/s in" (last 1 s window) */
  rateText: string
  /** In-rate as a fraction of the strip's scale, 0..1. */
  inFrac: number
  /** In-rate / capacity, 0..1 (null: no capacity set). */
  capFrac: number | null
  hot: boolean
  saturated: boolean
  /** It is the group's coordinator (leads the group's __consumer_offsets partition). */
  coordinator: boolean
  /** The badge in words ('' when none): "HOT", "AT CAPACITY", "DOWN", "STOPPING" (controlled shutdown). */
  badge: string
  /** The badge where a box is narrow (a compare side two by two): "AT CAP." for "AT CAPACITY", else the badge. */
  badgeShort: string
  /** Everything above as one sentence, for screen readers and tooltips. */
  description: string
  /** The exact figures (records/s), for tests that compare with `highway run --json`. */
  inRate: number
  bytesInRate: number
}

export function brokerShort(id: number): string {
  return `b${id + 1}`
}

export function brokerBoxes(brokers: readonly BrokerView[]): BrokerBox[] {
  let scale = 0
  for (const b of brokers) scale = Math.max(scale, b.inRate, b.capacityPerSec ?? 0)
  return brokers.map((b) => {
    const name = `Broker ${b.id + 1}`
    const leadersText = `${b.leaders} leader${b.leaders === 1 ? '' : 's'}`
    const rateText = `${formatCount(b.inRate)} rec/s in`
    const badge = !b.up ? 'DOWN' : b.stopping === true ? 'STOPPING' : b.saturated ? 'AT CAPACITY' : b.hot ? 'HOT' : ''
    const capFrac = b.capacityPerSec === null ? null : Math.min(1, b.inRate / b.capacityPerSec)
    const cap = b.capacityPerSec === null ? '' : `, ${Math.round((capFrac ?? 0) * 100)} % of its ${formatCount(b.capacityPerSec)} rec/s capacity`
    const hot = b.hot ? ', hot: far above the other brokers' : ''
    const sat = b.saturated ? ', at capacity: the lanes it leads slow down' : ''
    const group = b.shareStateFor !== undefined ? 'share group' : 'consumer group'
    const shareState = b.shareStateFor ? `, share coordinator for ${b.shareStateFor} partition${b.shareStateFor === 1 ? '' : 's'}' state` : ''
    const coord = (b.coordinator ? `, the ${group}'s coordinator` : '') + shareState
    const slow = b.slowFactor > 1 ? `, slow disk: appends take ${b.slowFactor}× longer (+${extraAppendMs(b.slowFactor)} ms each)` : ''
    return {
      id: b.id,
      name,
      short: brokerShort(b.id),
      up: b.up,
      leaders: b.leaders,
      leadersText,
      rateText,
      inFrac: scale > 0 ? Math.min(1, b.inRate / scale) : 0,
      capFrac,
      hot: b.hot,
      saturated: b.saturated,
      coordinator: b.coordinator,
      badge,
      badgeShort: badge === 'AT CAPACITY' ? 'AT CAP.' : badge,
      description: `${name}${b.up ? (b.stopping === true ? ' (shutting down: it stops once the controller allows it)' : '') : ' (down)'}: leads ${b.leaders} partition${b.leaders === 1 ? '' : 's'}, holds ${b.replicas} replica${b.replicas === 1 ? '' : 's'}, appends ${rateText.replace(' in', '')}${cap}${hot}${sat}${slow}${coord}`,
      inRate: b.inRate,
      bytesInRate: b.bytesInRate,
    }
  })
}
