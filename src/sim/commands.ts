// Commands acting on the running world: scripted actions, live controls and the autoscaler all
// come through applyCommand. The settings part is the scenario layer's applyCommandToScenario (the
// same function the page uses for the link); this module does what the world must do about it.

import { addConsumerCount, applyCommandToScenario, targetProducers } from '../scenario/applyCommand.ts'
import type { Command } from '../scenario/types.ts'
import { EV, type SimCore } from './core.ts'
import { defer } from './deferred.ts'
import { noteRemapAll, restartShareWindow } from './hotspots.ts'
import { addPartitions, groupLeaderRefreshesMetadata, producersRefreshMetadata } from './metadataRefresh.ts'
import { closeGracefully, consumerByName, lastRunning, newConsumer, schedulePoll, startConsumer, stopConsumer } from './pollLoop.ts'
import { rebuildProducer } from './producers.ts'
import { reassignStep, startRebalance } from './brokers/reassign.ts'
import { recountStopped } from './stoppedTime.ts'
import type { Deferred } from './worldState.ts'
import { shutdownBroker } from './brokers/controlledShutdown.ts'
import { crashBroker, restartBroker, runFaultTimer, slowBroker } from './brokers/faults.ts'
import { accruePaused, settlePaused } from './brokers/pausedLanes.ts'

export function applyCommand(sim: SimCore, cmd: Command): void {
  const w = sim.w
  const now = sim.kernel.now
  // Lanes paused by the brokers are charged at the settings and cluster that held until now (acks included).
  accruePaused(w, now)
  // Settings first (the same function writes the page's link), then what the world does about them.
  const before = w.live
  w.live = applyCommandToScenario(before, cmd)
  switch (cmd.do) {
    case 'addConsumer': {
      for (let i = addConsumerCount(cmd); i > 0; i--) {
        const c = newConsumer(sim)
        sim.say({ kind: 'member.start', member: w.consumers[c]!.name, topic: w.live.topic.name, rejoin: false })
        startConsumer(sim, c)
      }
      break
    }
    case 'removeConsumer': {
      const c = cmd.consumer !== undefined ? consumerByName(sim, cmd.consumer) : lastRunning(sim)
      if (c < 0 || w.consumers[c]!.status !== 'running') break
      sim.say({ kind: 'member.close', member: w.consumers[c]!.name })
      closeGracefully(sim, c)
      stopConsumer(sim, c, 'closed')
      break
    }
    case 'crashConsumer': {
      const c = consumerByName(sim, cmd.consumer)
      if (c < 0 || w.consumers[c]!.status !== 'running') break
      sim.say({ kind: 'member.crash', member: cmd.consumer })
      stopConsumer(sim, c, 'crashed')
      sim.group.memberCrashed(c)
      break
    }
    case 'gcPause': {
      const c = consumerByName(sim, cmd.consumer)
      if (c < 0 || w.consumers[c]!.status !== 'running') break
      const cs = w.consumers[c]!
      const d = Math.max(0, cmd.durationMs)
      cs.pausedUntil = Math.max(now, cs.pausedUntil) + d
      sim.say({ kind: 'member.gcPause', member: cmd.consumer, durationMs: d })
      if (cs.pollEvent >= 0) schedulePoll(sim, c, Math.max(cs.pollAt, now) + d)
      sim.kernel.at(cs.pausedUntil, EV.resume, c)
      sim.group.memberPaused(c, d)
      break
    }
    case 'slowConsumer': {
      const c = consumerByName(sim, cmd.consumer)
      if (c < 0) break
      w.consumers[c]!.speed = 1 / Math.max(0.01, cmd.factor)
      sim.say({ kind: 'member.slow', member: cmd.consumer, factor: cmd.factor })
      break
    }
    case 'restartConsumer': {
      const c = consumerByName(sim, cmd.consumer)
      if (c < 0 || w.consumers[c]!.status !== 'running') break
      sim.say({ kind: 'member.restart', member: cmd.consumer, downMs: cmd.downMs })
      closeGracefully(sim, c)
      stopConsumer(sim, c, 'down')
      defer(sim, now + Math.max(0, cmd.downMs), { up: c })
      break
    }
    case 'reviveConsumer': {
      // The crashed or closed process is started again, as an operator would: a new process joins
      // the group anew (MemberProcesses.start gives it a fresh incarnation; the coordinator gives a
      // dynamic member a new member.id, a static one keeps its group.instance.id).
      const c = consumerByName(sim, cmd.consumer)
      const st = c < 0 ? null : w.consumers[c]!.status
      if (st !== 'crashed' && st !== 'closed') break
      sim.say({ kind: 'member.start', member: cmd.consumer, topic: w.live.topic.name, rejoin: true })
      startConsumer(sim, c)
      break
    }
    case 'rollingRestart': {
      const running = w.consumers.flatMap((cs, i) => (cs.status === 'running' ? [i] : []))
      sim.say({ kind: 'group.rollingRestart', members: running.length, intervalMs: cmd.intervalMs })
      running.forEach((c, j) => defer(sim, now + j * cmd.intervalMs, { cmd: { do: 'restartConsumer', consumer: w.consumers[c]!.name, downMs: cmd.downMs } }))
      break
    }
    case 'setRate':
      sim.say(cmd.multiplier !== undefined ? { kind: 'producer.rate', multiplier: cmd.multiplier } : { kind: 'producer.rate', perSec: cmd.perSec ?? 0 })
      break
    case 'setHotKeyShare':
    case 'setKeyCount':
    case 'setZipf':
    case 'setKeyCost':
      for (const i of targetProducers(before, cmd.producer)) rebuildProducer(sim, i)
      restartShareWindow(sim)
      sim.say({ kind: 'producer.keys', change: cmd })
      break
    case 'addPartitions':
      addPartitions(sim)
      break
    case 'setDynamic': {
      const d = w.live.dynamic
      sim.say({ kind: 'dynamic.set', detection: d.hotspotDetection.enabled, salting: d.salting.enabled, splits: d.salting.splits, loadAware: d.loadAware.enabled })
      noteRemapAll(sim)
      break
    }
    case 'setAutoscaler': {
      const a = w.live.group.autoscaler
      sim.say({ kind: 'autoscaler.set', enabled: a.enabled, lagThreshold: a.lagThreshold, cooldownSec: a.cooldownSec, maxConsumers: a.maxConsumers })
      break
    }
    case 'rebalanceCluster':
      startRebalance(sim, cmd.throttleBytesPerSec)
      break
    case 'setPartitioner':
      sim.say({ kind: 'producer.partitioner', partitioner: w.live.producerConfig['partitioner.class'], ignoreKeys: w.live.producerConfig['partitioner.ignore.keys'] })
      break
    // Broker faults (brokers/faults.ts); commands number brokers from 1, as the page shows them.
    case 'crashBroker':
      crashBroker(sim, cmd.broker - 1)
      break
    case 'shutdownBroker':
      shutdownBroker(sim, cmd.broker - 1)
      break
    case 'restartBroker':
      restartBroker(sim, cmd.broker - 1)
      break
    case 'slowBroker':
      slowBroker(sim, cmd.broker - 1, cmd.factor)
      break
  }
  recountStopped(sim)
  settlePaused(w, now)
}

export function runDeferred(sim: SimCore, item: Deferred): void {
  if ('cmd' in item) {
    applyCommand(sim, item.cmd)
    return
  }
  // Fault timers, replica moves and metadata refreshes change leaders, ISRs or the topic's size.
  const brokerChange = 'fault' in item || 'reassign' in item || 'refresh' in item
  if (brokerChange) accruePaused(sim.w, sim.kernel.now)
  if ('fault' in item) {
    runFaultTimer(sim, item.fault)
    recountStopped(sim)
  } else if ('reassign' in item) reassignStep(sim, item.reassign)
  else if ('refresh' in item) {
    if (item.refresh === 'producers') producersRefreshMetadata(sim)
    else groupLeaderRefreshesMetadata(sim)
  }
  if (brokerChange) {
    settlePaused(sim.w, sim.kernel.now)
    return
  }
  const cs = sim.w.consumers[item.up]
  if (!cs || cs.status !== 'down') return
  sim.say({ kind: 'member.start', member: cs.name, topic: sim.w.live.topic.name, rejoin: !item.first })
  startConsumer(sim, item.up)
  recountStopped(sim)
}
