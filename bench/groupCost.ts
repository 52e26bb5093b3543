// `npx tsx bench/groupCost.ts [steady|rebalance|storm] [P×n ...]`: what the consumer group protocol
// really costs (docs/limits.md, the group-protocol item of validation/cost.ts), headless and past
// the validator. Shapes as an import builds them: a warm start (the group formed), 3 000 records/s
// of uniform keys, Kafka's consumer defaults. Prints CPU ms per simulated second (steady), CPU ms
// per rebalance (one member joins, then one leaves, far apart), and the rebalances per simulated
// second and CPU per simulated second of the worst storms a script can make. Bench-only: reads the clock.

import { defaultScenario } from '../src/scenario/defaults.ts'
import type { RebalanceProtocol, Scenario, ScenarioAction } from '../src/scenario/types.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import type { Simulation } from '../src/sim/simulationApi.ts'
import { advance } from './modelWorkload.ts'
import { cpuMsSince, fullGc } from './stats.ts'

const ASSIGNOR = { eager: 'range', cooperative: 'cooperative-sticky', consumer: 'uniform' } as const

export function groupShape(P: number, n: number, protocol: RebalanceProtocol, actions: ScenarioAction[] = []): Scenario {
  const s = defaultScenario()
  s.name = `bench-group-${P}x${n}-${protocol}`
  s.start = 'warm'
  s.durationSec = 3600
  s.topic.partitions = P
  s.producers[0]!.rate = { kind: 'constant', perSec: 3000 }
  s.producers[0]!.keys = { kind: 'uniform', count: Math.max(1000, 100 * P) }
  s.group.consumers = n
  s.group.protocol = protocol
  s.group.assignor = ASSIGNOR[protocol]
  s.actions = actions
  // Optional timings for the storm runs: HB=heartbeat.interval.ms, FMW=fetch.max.wait.ms, LAT=networkLatencyMs.
  if (process.env.HB) s.group.config['heartbeat.interval.ms'] = Number(process.env.HB)
  if (process.env.FMW) s.group.config['fetch.max.wait.ms'] = Number(process.env.FMW)
  if (process.env.LAT) s.broker.networkLatencyMs = Number(process.env.LAT)
  return s
}

/** CPU ms spent advancing `sim` by `sec` simulated seconds. */
function cpuOver(sim: Simulation, sec: number): number {
  fullGc()
  const c0 = process.cpuUsage()
  advance(sim, sim.now() + sec * 1000)
  return cpuMsSince(c0)
}

function steady(P: number, n: number, protocol: RebalanceProtocol): number {
  const sim = createSimulation(groupShape(P, n, protocol))
  advance(sim, 2000)
  return cpuOver(sim, 10) / 10
}

/**
 * One member joins at 5 s and leaves at 25 s; CPU per simulated second, second by second. A
 * rebalance's cost is the excess of each window's seconds over the run's median second (the shared
 * machine makes a steady run's total too noisy to subtract from).
 */
function rebalance(P: number, n: number, protocol: RebalanceProtocol): string {
  const acts: ScenarioAction[] = [{ do: 'addConsumer', atSec: 5 }, { do: 'removeConsumer', atSec: 25 }]
  const sim = createSimulation(groupShape(P, n, protocol, acts))
  advance(sim, 1000)
  const perSec: number[] = []
  const rebalancesAt: number[] = []
  for (let t = 1; t < 45; t++) {
    const r0 = sim.summary().rebalances
    perSec.push(cpuOver(sim, 1))
    rebalancesAt.push(sim.summary().rebalances - r0)
  }
  const median = [...perSec].sort((a, b) => a - b)[Math.floor(perSec.length / 2)]!
  const out: string[] = [`median ${median.toFixed(0)} ms/sim s`]
  for (const [what, from, to] of [['join', 4, 24], ['leave', 24, 44]] as const) {
    const w = perSec.slice(from, to)
    const count = rebalancesAt.slice(from, to).reduce((a, b) => a + b, 0)
    const extra = w.reduce((a, b) => a + Math.max(0, b - median), 0)
    const peak = Math.max(...w)
    out.push(`${what}: ${count} rebalance(s), ${extra.toFixed(0)} ms over the median (${(extra / Math.max(1, count)).toFixed(0)} ms each), busiest second ${peak.toFixed(0)} ms`)
  }
  return out.join('; ')
}

/** The storms a script can make, each over `sec` simulated seconds after the first 2. */
function storms(n: number, protocol: RebalanceProtocol): Record<string, ScenarioAction[] | ((s: Scenario) => void)> {
  const names = Array.from({ length: n }, (_, i) => `consumer-${i + 1}`)
  return {
    // Every consumer restarted 1 ms apart, again every simulated second (1 000 actions at most).
    'rollingRestart every 1 s': Array.from({ length: 30 }, (_, i) => ({ do: 'rollingRestart', downMs: 0, intervalMs: 1, atSec: 2 + i })),
    // 1 000 actions: a join and a leave every 20 ms.
    'add/remove every 10 ms': Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? { do: 'addConsumer', atSec: 2 + i / 100 } : { do: 'removeConsumer', atSec: 2 + i / 100 })),
    // 1 000 actions: members crashed and revived (session timeouts find the crashed ones).
    'crash/revive every 10 ms': Array.from({ length: 1000 }, (_, i) => {
      const c = names[Math.floor(i / 2) % n]!
      return i % 2 === 0 ? { do: 'crashConsumer', consumer: c, atSec: 2 + i / 100 } : { do: 'reviveConsumer', consumer: c, atSec: 2 + i / 100 + 0.001 }
    }),
    // Every member's batch takes longer than max.poll.interval.ms (1 s, the floor): each leaves the
    // group at every poll and rejoins at the next.
    'processing > max.poll.interval.ms': (s: Scenario) => {
      s.group.config['max.poll.interval.ms'] = 1000
      s.group.processing.recordsPerSec = 10
      s.producers[0]!.rate = { kind: 'constant', perSec: 100 * n }
    },
  }
  void protocol
}

function storm(P: number, n: number, protocol: RebalanceProtocol, steadyMs: number, sec: number): string[] {
  const out: string[] = []
  for (const [name, make] of Object.entries(storms(n, protocol))) {
    const s = groupShape(P, n, protocol, Array.isArray(make) ? make : [])
    if (!Array.isArray(make)) make(s)
    const sim = createSimulation(s)
    advance(sim, 2000)
    const r0 = sim.summary().rebalances
    const g0 = sim.summary().generation
    const ms = cpuOver(sim, sec)
    const count = sim.summary().rebalances - r0
    const gens = sim.summary().generation - g0
    const each = (ms - steadyMs * sec) / Math.max(1, gens)
    out.push(`  ${name}: ${(count / sec).toFixed(1)} rebalances and ${(gens / sec).toFixed(1)} generations (epochs) per sim s, ${(ms / sec).toFixed(0)} CPU ms/sim s (steady ${steadyMs.toFixed(0)}): ${each.toFixed(1)} ms per generation`)
  }
  return out
}

const mode = process.argv[2] ?? 'steady'
const shapes = (process.argv.length > 3 ? process.argv.slice(3) : ['256x64', '3000x100']).map((x) => x.split('x').map(Number) as [number, number])
const protocols: RebalanceProtocol[] = (process.env.PROTOCOLS?.split(',') as RebalanceProtocol[] | undefined) ?? ['eager', 'cooperative', 'consumer']
createSimulation(groupShape(256, 8, 'eager')).advanceTo(3000) // warm the code up first
for (const [P, n] of shapes) {
  for (const protocol of protocols) {
    const st = steady(P, n, protocol)
    const head = `${P}×${n} ${protocol}: steady ${st.toFixed(1)} CPU ms/sim s`
    if (mode === 'steady') console.log(head)
    else if (mode === 'rebalance') console.log(`${head}; ${rebalance(P, n, protocol)}`)
    else console.log([head, ...storm(P, n, protocol, st, Number(process.env.SEC ?? 10))].join('\n'))
  }
}
