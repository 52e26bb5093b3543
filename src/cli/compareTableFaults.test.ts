import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createSimulation } from '../sim/simulation.ts'
import { formatCompareTable } from './compareTable.ts'

const summary = () => {
  const sim = createSimulation(defaultScenario())
  sim.advanceTo(500)
  return sim.summary()
}

describe('compare table: broker-fault rows', () => {
  it('shows records lost and failed sends when a side ran a broker fault', () => {
    const s = summary()
    const table = formatCompareTable(
      [
        { label: 'acks all', summary: { ...s, lostRecords: 0, failedSends: 0, brokers: s.brokers.map((b) => ({ ...b, up: true })) }, lag: [] },
        { label: 'acks 1', summary: { ...s, lostRecords: 12, failedSends: 3, brokers: s.brokers.map((b) => ({ ...b, up: b.broker !== 2 })) }, lag: [] },
      ],
      { afterSec: null },
    )
    expect(table).toContain('| records lost (acks=1/0 when a leader fails or moves) | 0 | 12 |')
    expect(table).toContain('| failed sends (delivery.timeout.ms) | 0 | 3 |')
    expect(table).toContain('| brokers down at the end | none | b2 |')
  })
  it('shows the most lanes paused by brokers at once (and when) and their partition-seconds', async () => {
    const { runCompare } = await import('./compareCommand.ts')
    const r = await runCompare(['--preset', 'broker-failure', '--seconds', '32', '--variant', 'acks all:', '--variant', 'acks 1: producerConfig.acks=1'], { readFile: () => ({ ok: false as const, problem: 'none' }) }, { parallel: false })
    expect(r.code).toBe(0)
    // acks=all: broker 2's four lanes and the eight it followed; acks=1: its four.
    expect(r.stdout).toContain('| most lanes paused by brokers at once | 12 (at 20 s) | 4 (at 20 s) |')
    expect(r.stdout).toMatch(/\| partition-seconds paused by brokers \| 95\.1 \| 34\.0 \|/)
  })
  it('shows failed sends without a broker fault: records a broker at capacity held past delivery.timeout.ms', async () => {
    const { runCompare } = await import('./compareCommand.ts')
    const r = await runCompare(
      ['--preset', 'broker-hotspot', '--seconds', '30', '--variant', 'default:', '--variant', '5 s timeout: producerConfig.delivery.timeout.ms=5000, producerConfig.request.timeout.ms=2000'],
      { readFile: () => ({ ok: false as const, problem: 'none' }) },
      { parallel: false },
    )
    expect(r.code).toBe(0)
    const row = r.stdout.split('\n').find((l) => l.startsWith('| failed sends (held past delivery.timeout.ms) |'))
    expect(row).toMatch(/^\| failed sends \(held past delivery\.timeout\.ms\) \| 0 \| [1-9][\d ]* \|$/)
    expect(r.stdout).not.toContain('records lost') // no broker fault: no fault rows
  })
  it('names an addPartitions the controller refused (every broker fenced) on the side it happened', () => {
    const s = summary()
    const down = { ...s, lostRecords: 0, failedSends: 0, brokers: s.brokers.map((b) => ({ ...b, up: false })) }
    const table = formatCompareTable(
      [
        { label: 'all down', summary: { ...down, refusedPartitionAdds: [{ atSec: 20, from: 12, to: 18, error: 'All brokers are currently fenced.' }] }, lag: [] },
        { label: 'one down', summary: { ...down, brokers: s.brokers.map((b) => ({ ...b, up: b.broker !== 2 })) }, lag: [] },
      ],
      { afterSec: null },
    )
    expect(table).toContain('| addPartitions refused (InvalidReplicationFactorException) | 20 s | none |')
    expect(formatCompareTable([{ label: 'a', summary: down, lag: [] }], { afterSec: null })).not.toContain('addPartitions refused')
  })
  it('shows the records producers still hold when some side holds any, as the page’s strip does', () => {
    const s = summary()
    const table = (held: number[]) => formatCompareTable(held.map((h, i) => ({ label: `side ${i}`, summary: { ...s, producerBuffered: h }, lag: [] })), { afterSec: null })
    expect(table([0, 34_815])).toContain('| held by producers at the end (not yet appended) | 0 | 34 815 |')
    expect(table([0, 0])).not.toContain('held by producers')
  })
  it('has no such rows when no broker fault ran', () => {
    expect(formatCompareTable([{ label: 'a', summary: summary(), lag: [] }], { afterSec: null })).not.toContain('records lost')
  })
})
