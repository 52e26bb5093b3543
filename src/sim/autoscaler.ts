// A KEDA-style autoscaler (KEDA's Kafka scaler): adds a consumer while total lag is above the
// threshold, removes one while it is below the scale-in level, at most once per cooldown.

import type { Command } from '../scenario/types.ts'
import type { SimCore } from './core.ts'

/** Checked once per metrics window; returns the command to apply, or null. */
export function autoscale(sim: SimCore, totalLag: number): Command | null {
  const w = sim.w
  const a = w.live.group.autoscaler
  if (!a.enabled) return null
  const now = sim.kernel.now
  if (now - w.lastScaleAt < a.cooldownSec * 1000) return null
  const running = w.consumers.filter((c) => c.status === 'running').length
  if (totalLag > a.lagThreshold && running < a.maxConsumers) {
    w.lastScaleAt = now
    sim.say({ kind: 'autoscaler.scaleOut', lag: totalLag, threshold: a.lagThreshold })
    return { do: 'addConsumer' }
  }
  if (totalLag < a.scaleInBelowLag && running > a.minConsumers) {
    w.lastScaleAt = now
    sim.say({ kind: 'autoscaler.scaleIn', lag: totalLag, threshold: a.scaleInBelowLag })
    return { do: 'removeConsumer' }
  }
  return null
}
