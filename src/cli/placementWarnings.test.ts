// The CLI's overrides and an imported placement (cluster.assignment / cluster.leaders): a --set or a
// compare variant that changes the brokers or the replication factor drops it, and the command says
// so on stderr as a warning (the run goes on with the placer's placement; --strict stops on it).
import { describe, expect, it } from 'vitest'
import { importedPlacementScenario } from '../scenario/importedPlacementForTest.ts'
import { runCompare, type CompareIo } from './compareCommand.ts'
import { runPlanCluster } from './planClusterCommand.ts'
import { runRun, runValidate, type CliIo } from './runCommand.ts'

/** The shared imported placement (6 partitions on 4 brokers, RF 2), as a file holds it. */
function importedText(): string {
  return JSON.stringify(importedPlacementScenario())
}

const io: CliIo & CompareIo = { readFile: () => ({ ok: true, text: importedText() }) }
const DROPPED = "The imported replica placement was dropped (4 → 5 brokers): replicas and leaders are now placed by KRaft's StripedReplicaPlacer."

describe('run --set and an imported placement', () => {
  it('a new broker count drops it with a warning line; the run goes on with the placer', () => {
    const r = runRun(['--scenario', 'imported.json', '--seconds', '1', '--json', '--set', 'cluster.brokers=5'], io)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(`run: warning: --set: ${DROPPED}\n`)
    expect((JSON.parse(r.stdout) as { brokers: unknown[] }).brokers).toHaveLength(5)
  })

  it('a new replication factor too, also with actions+ beside it; a capacity change keeps it and says nothing', () => {
    const rf = runRun(['--scenario', 'imported.json', '--seconds', '1', '--set', 'cluster.replication.factor=3', '--set', 'actions+=[{"do":"rebalanceCluster","atSec":0.5}]'], io)
    expect(rf.code).toBe(0)
    expect(rf.stderr).toMatch(/^run: warning: --set: The imported replica placement was dropped \(replication factor 2 → 3\)/)
    const kept = runRun(['--scenario', 'imported.json', '--seconds', '1', '--set', 'cluster.brokerCapacityPerSec=3000'], io)
    expect(kept.stderr).toBe('')
  })

  it('--strict stops on it (exit 2, nothing run), as on any warning', () => {
    const r = runRun(['--scenario', 'imported.json', '--seconds', '1', '--json', '--strict', '--set', 'cluster.brokers=5'], io)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.split('\n')[0]).toBe(`run: warning: --set: ${DROPPED}`)
  })

  it('validate and plan-cluster say it too', () => {
    expect(runValidate(['--scenario', 'imported.json', '--set', 'cluster.brokers=5'], io).stderr).toBe(`validate: warning: --set: ${DROPPED}\n`)
    expect(runPlanCluster(['--scenario', 'imported.json', '--at', '1', '--set', 'cluster.brokers=5'], io).stderr).toBe(`plan-cluster: warning: --set: ${DROPPED}\n`)
  })
})

describe('compare --variant and an imported placement', () => {
  it('names the run whose overrides dropped it; the others keep it and say nothing', async () => {
    const r = await runCompare(['--scenario', 'imported.json', '--seconds', '1', '--json', '--variant', 'as pasted:', '--variant', 'five: cluster.brokers=5'], io, { parallel: false })
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(`compare: warning: run "five": ${DROPPED}\n`)
    const strict = await runCompare(['--scenario', 'imported.json', '--seconds', '1', '--json', '--strict', '--variant', 'as pasted:', '--variant', 'five: cluster.brokers=5'], io, { parallel: false })
    expect(strict).toMatchObject({ code: 2, stdout: '' })
  })
})
