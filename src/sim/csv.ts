// Run data as CSV: one row per simulated second and partition. One implementation, used by
// `highway run --csv` and by the page's export (the worker replays the run through it), so the two
// give the same bytes for the same scenario and length. Reads the Simulation's public API only.
//
// Columns (see also README "Run data (CSV)"):
//   t          the simulated second; the row describes the world at the END of second t (t = 1, 2, …)
//   partition  the partition number (partitions added by the script appear from the second they exist)
//   owner      the consumer that owns the partition at t (its name), empty when nobody owns it
//   produced   records appended to the partition from 0 s to t (cumulative)
//   consumed   records the group moved past on it from 0 s to t (cumulative; distinct records, so
//              re-deliveries after a rebalance are not counted twice)
//   lag        produced − consumed at t
//   in_rate    records appended to the partition during second t (records/s)

import type { Simulation } from './simulationApi.ts'

export const CSV_HEADER = 't,partition,owner,produced,consumed,lag,in_rate'

/** A CSV field: quoted (RFC 4180) only when it holds a comma, a quote or a line break. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * Steps `sim` second by second from where it is to `endMs` and returns the CSV text (header line,
 * then the rows; every line ends with '\n'). Rows are written for each whole second t with
 * t·1000 ≤ endMs; the simulation ends at `endMs`. Stepping by whole seconds changes nothing in the
 * run (a run's result does not depend on how it is stepped).
 */
export function runDataCsv(sim: Simulation, endMs: number, progress?: (fraction: number) => void): string {
  const lines: string[] = [CSV_HEADER]
  // Produced at the end of the previous second, per partition (0 for a partition not yet there).
  let before: number[] = sim.summary().partitions.map((p) => p.produced)
  const lastSec = Math.floor(endMs / 1000)
  for (let t = Math.floor(sim.now() / 1000) + 1; t <= lastSec; t++) {
    sim.advanceTo(t * 1000)
    const parts = sim.summary().partitions
    for (const p of parts) {
      const inRate = p.produced - (before[p.partition] ?? 0)
      lines.push(`${t},${p.partition},${field(p.owner ?? '')},${p.produced},${p.consumed},${p.lag},${inRate}`)
    }
    before = parts.map((p) => p.produced)
    progress?.(t / Math.max(1, lastSec))
  }
  if (sim.now() < endMs) sim.advanceTo(endMs)
  return `${lines.join('\n')}\n`
}
