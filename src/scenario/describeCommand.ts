// A command in a few words, for the timeline's markers and tooltips ("crash consumer-2",
// "rate 500 records/s"). Pure; the scenario's own vocabulary.

import type { Command } from './types.ts'

function producer(p: number | undefined): string {
  return p === undefined ? '' : ` (producer ${p})`
}

export function describeCommand(c: Command): string {
  switch (c.do) {
    case 'addConsumer':
      return (c.count ?? 1) === 1 ? 'add a consumer' : `add ${c.count} consumers`
    case 'removeConsumer':
      return c.consumer === undefined ? 'remove a consumer' : `remove ${c.consumer}`
    case 'crashConsumer':
      return `crash ${c.consumer}`
    case 'gcPause':
      return `GC pause ${c.consumer} for ${c.durationMs / 1000} s`
    case 'slowConsumer':
      return c.factor === 1 ? `${c.consumer} back to normal speed` : `slow ${c.consumer} ${c.factor}×`
    case 'restartConsumer':
      return `restart ${c.consumer} (down ${c.downMs / 1000} s)`
    case 'reviveConsumer':
      return `start ${c.consumer} again`
    case 'rollingRestart':
      return `rolling restart (down ${c.downMs / 1000} s, every ${c.intervalMs / 1000} s)`
    case 'setRate': {
      const parts = [c.perSec !== undefined ? `${c.perSec} records/s` : null, c.multiplier !== undefined ? `× ${c.multiplier}` : null].filter((x) => x !== null)
      return `rate ${parts.join(' ')}${producer(c.producer)}`
    }
    case 'setHotKeyShare':
      return `hot-key share ${Math.round(c.share * 100)} %${producer(c.producer)}`
    case 'setKeyCount':
      return `${c.count} keys${producer(c.producer)}`
    case 'setZipf':
      return `Zipf skew ${c.s}${producer(c.producer)}`
    case 'setKeyCost':
      return `key "${c.key}" costs ${c.cost}×${producer(c.producer)}`
    case 'addPartitions':
      return `add ${c.count} partition${c.count === 1 ? '' : 's'}`
    case 'setDynamic': {
      const d = c.dynamic
      const parts: string[] = []
      if (d.hotspotDetection?.enabled !== undefined) parts.push(`hotspot detection ${d.hotspotDetection.enabled ? 'on' : 'off'}`)
      if (d.salting?.enabled !== undefined) parts.push(`salting ${d.salting.enabled ? 'on' : 'off'}`)
      if (d.salting?.splits !== undefined) parts.push(`${d.salting.splits} salt splits`)
      if (d.loadAware?.enabled !== undefined) parts.push(`load-aware routing ${d.loadAware.enabled ? 'on' : 'off'}`)
      if (d.loadAware?.scope !== undefined) parts.push(`load-aware scope ${d.loadAware.scope}`)
      return parts.length > 0 ? parts.join(', ') : 'dynamic partitioning settings'
    }
    case 'setPartitioner':
      return `partitioner ${c.partitioner ?? 'built-in'}${c.ignoreKeys ? ', keys ignored' : ''}`
    case 'setAutoscaler':
      return `autoscaler ${c.enabled ? 'on' : 'off'}`
    case 'crashBroker':
      return `crash broker ${c.broker}`
    case 'shutdownBroker':
      return `shut down broker ${c.broker}`
    case 'restartBroker':
      return `restart broker ${c.broker}`
    case 'slowBroker':
      return c.factor === 1 ? `broker ${c.broker} disk back to normal` : `slow disk on broker ${c.broker} ${c.factor}×`
    case 'rebalanceCluster':
      return c.throttleBytesPerSec === undefined ? 'rebalance the cluster' : `rebalance the cluster (throttle ${+(c.throttleBytesPerSec / 1e6).toFixed(2)} MB/s)`
  }
}

/** Commands that inject a fault into a consumer or a broker (the timeline marks them apart from settings). */
export function isFault(c: Command): boolean {
  return c.do === 'crashBroker' || c.do === 'shutdownBroker' || c.do === 'restartBroker' || c.do === 'slowBroker' || c.do === 'crashConsumer' || c.do === 'gcPause' || c.do === 'slowConsumer' || c.do === 'restartConsumer' || c.do === 'reviveConsumer' || c.do === 'rollingRestart'
}
