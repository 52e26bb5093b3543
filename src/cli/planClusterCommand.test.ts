import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/index.ts'
import { createSimulation } from '../sim/simulation.ts'
import { runPlanCluster } from './planClusterCommand.ts'

const io = { readFile: () => ({ ok: false as const, problem: 'no such file' }) }

describe('highway plan-cluster', () => {
  it('--json prints the plan the simulation would run at --at: the same moves, cost and broker load', () => {
    const r = runPlanCluster(['--preset', 'cluster-rebalance', '--at', '10', '--json'], io)
    expect(r.code).toBe(0)
    const j = JSON.parse(r.stdout)
    const sim = createSimulation(getPreset('cluster-rebalance')!.build())
    sim.advanceTo(10_000)
    expect(j).toEqual(JSON.parse(JSON.stringify(sim.clusterPlan())))
    expect(j.atSec).toBe(10)
    expect(j.leaderMoves).toBeGreaterThan(0)
    expect(j.goals.map((g: { goal: string }) => g.goal)).toEqual([
      'RackAwareGoal',
      'NetworkInboundCapacityGoal',
      'ReplicaDistributionGoal',
      'LeaderBytesInDistributionGoal',
      'LeaderReplicaDistributionGoal',
      'PreferredLeaderElectionGoal',
    ])
  })

  it('prints the plan in words, with --throttle and --set applied', () => {
    const r = runPlanCluster(['--preset', 'cluster-rebalance', '--at', '8', '--throttle', '100000', '--set', 'cluster.replication.factor=1'], io)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Cluster rebalance plan — "cluster-rebalance" at 8 s, throttle 0.1 MB\/s/)
    expect(r.stdout).toMatch(/0 leader moves, \d+ replica moves?: [\d.]+ MB to copy, about [\d.]+ s/)
    expect(r.stdout).toMatch(/p\d+ +replica {2}broker \d → broker \d/)
    expect(r.stdout).toContain('broker 1 ')
  })

  it('names the flag of a bad argument in one line', () => {
    expect(runPlanCluster(['--preset', 'cluster-rebalance', '--at', 'soon'], io)).toMatchObject({ code: 2, stderr: 'plan-cluster: --at must be a plain decimal number of seconds from 0 to 86400, got "soon"\n' })
    expect(runPlanCluster(['--preset', 'cluster-rebalance', '--throttle', '0'], io).stderr).toMatch(/^plan-cluster: --throttle must be/)
    expect(runPlanCluster(['--preset', 'nope'], io).stderr).toMatch(/^plan-cluster: unknown preset "nope"/)
    expect(runPlanCluster(['--preset', 'cluster-rebalance', '--bogus'], io).stderr).toMatch(/^plan-cluster: unknown option --bogus/)
    expect(runPlanCluster(['--help'], io)).toMatchObject({ code: 0 })
  })
})
