// Small helpers for the benchmark: medians, formatting, the machine's name, a forced GC.
// Bench-only code: may read the host (os, process, v8).

import os from 'node:os'
import v8 from 'node:v8'
import vm from 'node:vm'

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

/** 12 345 678 → "12.35 M". */
export function fmtRate(x: number): string {
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)} M`
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)} k`
  return x.toFixed(0)
}

export function fmtMB(bytes: number): string {
  return `${(bytes / 1048576).toFixed(0)} MB`
}

export interface Machine {
  cpu: string
  cores: number
  node: string
  platform: string
  totalMemMB: number
  loadAvgAtStart: number[]
}

export function machine(): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    totalMemMB: Math.round(os.totalmem() / 1048576),
    loadAvgAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
  }
}

/**
 * A full GC between runs, so one run's garbage is not collected on the next one's clock.
 * `npm run bench` runs plain tsx, so the flag is set at run time (works on Node ≥ 12).
 */
export const fullGc: () => void = (() => {
  const g = (globalThis as { gc?: () => void }).gc
  if (g) return g
  v8.setFlagsFromString('--expose-gc')
  return vm.runInNewContext('gc') as () => void
})()

/** Process CPU ms (user + system, all threads) since `start` (a process.cpuUsage() reading). */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start)
  return (d.user + d.system) / 1000
}

/** Renders rows as a fixed-width text table; the first row is the header. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)))
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')
}
