// `npm run bench`: the engine's numbers next to performance-anchors.md, printed as a table and
// written to bench/results.json. Bench-only: reads the host (clock, os, child processes).
// Every figure is a median over interleaved runs; `--quick` cuts repetitions, never workload sizes.

import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runStickyLarge, STICKY_TARGET_MS } from './assignorWorkload.ts'
import type { MemoryReport } from './memory.ts'
import { runJsSimulator } from './mm1JsSimulator.ts'
import { runKernel } from './mm1Kernel.ts'
import { MODEL_EVENTS, type Mm1Result, type Variant } from './mm1Workload.ts'
import { MODEL_CASES, runModel, type ModelCase, type ModelResult } from './modelWorkload.ts'
import { runScaleBundled } from './scaleBundled.ts'
import { SCALE_CASES, type ScaleCase, type ScaleResult } from './scaleWorkload.ts'
import { fmtRate, fullGc, machine, median, table } from './stats.ts'
import { CHECKPOINT_TARGET_MB, runTimelineBench, SEEK_TARGET_MS } from './timelineWorkload.ts'

const here = dirname(fileURLToPath(import.meta.url))
const quick = process.argv.includes('--quick')
const KERNEL_ROUNDS = quick ? 3 : 9
const MODEL_ROUNDS = quick ? 1 : 3
const MODEL_WARM_SEC = 10
const MODEL_MEASURE_SEC = 30
/** Per-run wall caps and a budget for all model rounds: a slow model costs rounds, not the budget. */
const MODEL_WARM_CAP_MS = 8_000
const MODEL_MEASURE_CAP_MS = 12_000
const MODEL_BUDGET_MS = 100_000
const STICKY_ROUNDS = quick ? 3 : 9
const MEMORY_MINUTES = 60
const MEMORY_EVERY = 5
const MEMORY_WALL_CAP_SEC = quick ? 60 : 150
/** After this many simulated minutes the world is warm: the flatness check starts here. */
const MEMORY_WARM_MIN = 15
const started = performance.now()
const log = (s: string) => process.stderr.write(`${s}\n`)

// ------------------------------------------------------------------ a. kernel vs js-simulator

type Impl = 'kernel' | 'js-simulator'
const IMPLS: Record<Impl, (v: Variant, events: number, seed: number) => Mm1Result> = { kernel: runKernel, 'js-simulator': runJsSimulator }
const VARIANTS: Variant[] = ['uniform', 'hot']

function benchKernel() {
  const runs: Record<string, Mm1Result[]> = {}
  for (const v of VARIANTS) for (const i of Object.keys(IMPLS) as Impl[]) IMPLS[i](v, 200_000, 7) // JIT warm-up
  for (let round = 0; round < KERNEL_ROUNDS; round++) {
    // Alternate which implementation goes first so neither always inherits the other's heap state.
    const order = (round % 2 ? ['js-simulator', 'kernel'] : ['kernel', 'js-simulator']) as Impl[]
    for (const v of VARIANTS) {
      for (const impl of order) {
        fullGc()
        ;(runs[`${impl}/${v}`] ??= []).push(IMPLS[impl](v, MODEL_EVENTS, 1))
      }
    }
    log(`  kernel round ${round + 1}/${KERNEL_ROUNDS}`)
  }
  return VARIANTS.map((v) => {
    const ours = runs[`kernel/${v}`]!
    const theirs = runs[`js-simulator/${v}`]!
    const rate = (rs: Mm1Result[]) => median(rs.map((r) => (r.events / r.wallMs) * 1000))
    const cpuRate = (rs: Mm1Result[]) => median(rs.map((r) => (r.events / r.cpuMs) * 1000))
    const same = ours.every((r, i) => r.simMs === theirs[i]!.simMs && r.served === theirs[i]!.served && r.events === theirs[i]!.events)
    return {
      variant: v,
      events: MODEL_EVENTS,
      oursEventsPerSec: rate(ours),
      jsSimulatorEventsPerSec: rate(theirs),
      ratio: rate(ours) / rate(theirs),
      oursEventsPerCpuSec: cpuRate(ours),
      jsSimulatorEventsPerCpuSec: cpuRate(theirs),
      ratioCpu: cpuRate(ours) / cpuRate(theirs),
      sameTrajectory: same,
      simSecondsCovered: ours[0]!.simMs / 1000,
      oursRunsMs: ours.map((r) => Math.round(r.wallMs)),
      jsSimulatorRunsMs: theirs.map((r) => Math.round(r.wallMs)),
    }
  })
}

// ------------------------------------------------------------------ b. the full model

function benchModel() {
  const cases = Object.keys(MODEL_CASES) as ModelCase[]
  const runs: Partial<Record<ModelCase, ModelResult[]>> = {}
  const opts = { warmSec: MODEL_WARM_SEC, measureSec: MODEL_MEASURE_SEC, warmCapMs: MODEL_WARM_CAP_MS, measureCapMs: MODEL_MEASURE_CAP_MS, beforeTimed: fullGc }
  const start = performance.now()
  let lastRoundMs = 0
  let rounds = 0
  for (let round = 0; round < MODEL_ROUNDS; round++) {
    if (round > 0 && performance.now() - start + lastRoundMs > MODEL_BUDGET_MS) break
    const roundStart = performance.now()
    const order = round % 2 ? [...cases].reverse() : cases
    for (const c of order) {
      fullGc()
      const r = runModel(c, opts)
      ;(runs[c] ??= []).push(r)
      log(`  model round ${round + 1}/${MODEL_ROUNDS}: ${c} ${(r.simSeconds / (r.wallMs / 1000)).toFixed(1)}× (${r.simSeconds.toFixed(1)} sim s timed)`)
    }
    lastRoundMs = performance.now() - roundStart
    rounds++
  }
  return cases.map((c) => {
    const rs = runs[c]!
    const speed = median(rs.map((r) => r.simSeconds / (r.wallMs / 1000)))
    return {
      case: c,
      label: MODEL_CASES[c].label,
      rounds,
      warmSimSeconds: median(rs.map((r) => r.warmSimSeconds)),
      measuredSimSeconds: median(rs.map((r) => r.simSeconds)),
      cappedByWallTime: rs.some((r) => r.simSeconds < MODEL_MEASURE_SEC - 1e-9 || r.warmSimSeconds < MODEL_WARM_SEC - 1e-9),
      simSecondsPerWallSecond: speed,
      target: MODEL_CASES[c].target,
      meetsTarget: speed >= MODEL_CASES[c].target,
      simSecondsPerCpuSecond: median(rs.map((r) => r.simSeconds / (r.cpuMs / 1000))),
      eventsPerSec: median(rs.map((r) => (r.events / r.wallMs) * 1000)),
      eventsPerSimSecond: median(rs.map((r) => r.events / r.simSeconds)),
      endLagRecords: median(rs.map((r) => r.endLag)),
      runsSpeed: rs.map((r) => Math.round((r.simSeconds / (r.wallMs / 1000)) * 10) / 10),
    }
  })
}

// ------------------------------------------------------------------ f. real cluster sizes

const SCALE_ROUNDS = quick ? 1 : 3
const SCALE_WARM_SEC = 10
const SCALE_MEASURE_SEC = 10
/** The full size runs slower than real time on this machine: caps keep the bench's budget. */
const SCALE_WARM_CAP_MS = 20_000
const SCALE_MEASURE_CAP_MS = 15_000

function benchScale() {
  const cases = Object.keys(SCALE_CASES) as ScaleCase[]
  const runs: Partial<Record<ScaleCase, ScaleResult[]>> = {}
  for (let round = 0; round < SCALE_ROUNDS; round++) {
    for (const c of round % 2 ? [...cases].reverse() : cases) {
      const r = runScaleBundled(c, { warmSec: SCALE_WARM_SEC, measureSec: SCALE_MEASURE_SEC, warmCapMs: SCALE_WARM_CAP_MS, measureCapMs: SCALE_MEASURE_CAP_MS })
      ;(runs[c] ??= []).push(r)
      log(`  scale round ${round + 1}/${SCALE_ROUNDS}: ${c} ${(r.simSeconds / (r.wallMs / 1000)).toFixed(2)}× wall, ${(r.simSeconds / (r.cpuMs / 1000)).toFixed(2)}× CPU`)
    }
  }
  return cases.map((c) => {
    const rs = runs[c]!
    const speed = median(rs.map((r) => r.simSeconds / (r.wallMs / 1000)))
    return {
      case: c,
      label: SCALE_CASES[c].label,
      rounds: rs.length,
      warmSimSeconds: median(rs.map((r) => r.warmSimSeconds)),
      measuredSimSeconds: median(rs.map((r) => r.simSeconds)),
      simSecondsPerWallSecond: speed,
      simSecondsPerCpuSecond: median(rs.map((r) => r.simSeconds / (r.cpuMs / 1000))),
      target: SCALE_CASES[c].target,
      meetsTarget: speed >= SCALE_CASES[c].target,
      eventsPerSimSecond: median(rs.map((r) => r.events / r.simSeconds)),
      endLagRecords: median(rs.map((r) => r.endLag)),
    }
  })
}

// ------------------------------------------------------------------ d. the StickyAssignor at group scale

function benchSticky() {
  runStickyLarge() // JIT warm-up
  const runs = Array.from({ length: STICKY_ROUNDS }, () => {
    fullGc()
    return runStickyLarge()
  })
  const ms = median(runs.map((r) => r.wallMs))
  return {
    workload: '1 000 partitions (10 topics × 100) over 100 members: fresh, then sticky with one member replaced',
    rounds: STICKY_ROUNDS,
    medianMs: Math.round(ms * 10) / 10,
    runsMs: runs.map((r) => Math.round(r.wallMs)),
    balanced: runs.every((r) => r.balanced),
    targetMs: STICKY_TARGET_MS,
    meetsTarget: ms < STICKY_TARGET_MS,
  }
}

// ------------------------------------------------------------------ c. memory, in a child process

function benchMemory() {
  const args = ['--expose-gc', '--import', 'tsx', join(here, 'memory.ts'), String(MEMORY_MINUTES), String(MEMORY_EVERY), String(MEMORY_WALL_CAP_SEC)]
  const r = spawnSync(process.execPath, args, { cwd: join(here, '..'), stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`bench/memory.ts failed (exit ${r.status})`)
  const report = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as MemoryReport
  // With fewer than two samples past warm-up (a slow model hit the wall cap), judge what there is.
  const past = report.samples.filter((s) => s.simMin >= MEMORY_WARM_MIN)
  const warm = past.length >= 2 ? past : report.samples.slice(-2)
  const rss = warm.map((s) => s.rssMB)
  const spread = Math.max(...rss) - Math.min(...rss)
  // What RSS rose above its first sample past warm-up: the allocator handing pages back to the
  // system (RSS falling) is no leak, and had made a flat heap read "NOT flat".
  const rise = Math.max(...rss) - rss[0]!
  const span = Math.max(1e-9, warm.at(-1)!.simMin - warm[0]!.simMin)
  const growthPerHour = ((warm.at(-1)!.rssMB - warm[0]!.rssMB) / span) * 60
  const live = (x: MemoryReport['samples'][number]) => x.heapUsedMB + x.arrayBuffersMB
  const liveGrowthPerHour = ((live(warm.at(-1)!) - live(warm[0]!)) / span) * 60
  return {
    ...report,
    command: `node ${args.join(' ')}`,
    complete: report.reachedSimMinutes >= MEMORY_MINUTES,
    warmUpMinutes: past.length >= 2 ? MEMORY_WARM_MIN : warm[0]!.simMin,
    rssSpreadAfterWarmUpMB: Math.round(spread * 10) / 10,
    rssGrowthMBPerSimHour: Math.round(growthPerHour * 10) / 10,
    /** JS heap + array buffers: what the program holds, without the allocator's slack. */
    liveGrowthMBPerSimHour: Math.round(liveGrowthPerHour * 10) / 10,
    /**
     * Flat: after warm-up, RSS rises at most 10 MB or 5 % (whichever is larger) above where it was
     * and live data grows less than 10 MB per simulated hour. null: too few samples past warm-up.
     */
    flatAfterWarmUp: past.length < 2 ? null : rise <= Math.max(10, 0.05 * rss[0]!) && liveGrowthPerHour < 10,
    targetMB: 300,
    meetsTarget: report.peakRssMB < 300,
  }
}

/** The tree is shared and moving: record the commit and which source files differ from it. */
function gitState() {
  const git = (...a: string[]) => spawnSync('git', a, { cwd: join(here, '..'), encoding: 'utf8' }).stdout?.trim() ?? ''
  return { commit: git('rev-parse', '--short', 'HEAD'), dirtySources: git('status', '--porcelain', '--', 'src').split('\n').filter(Boolean) }
}

// ------------------------------------------------------------------ report

const m = machine()
const git = gitState()
log(`bench on ${m.cpu} (${m.cores} cores), node ${m.node}, load ${m.loadAvgAtStart.join(' ')}${quick ? ' [quick]' : ''}`)
const kernel = benchKernel()
const model = benchModel()
log('  sticky assignor: 1 000 partitions over 100 members')
const sticky = benchSticky()
log('  memory: 1 h of simulated time in a child process')
const memory = benchMemory()
log('  time travel: seeks in a 10-minute default run, checkpoints of an hour')
fullGc()
const timeline = runTimelineBench(quick ? 8 : 24)
log('  scale: 10 000 partitions (the full size and the scale-10k preset)')
const scale = benchScale()
const loadAvgAtEnd = os.loadavg().map((x) => Math.round(x * 100) / 100)
const totalSec = Math.round((performance.now() - started) / 1000)

const out: string[] = []
out.push(`Partition Highway bench — ${m.cpu}, ${m.cores} cores, node ${m.node}, ${m.platform}`)
out.push(`tree ${git.commit}${git.dirtySources.length ? ` + ${git.dirtySources.length} changed/new files under src/` : ''}`)
out.push(`load average ${m.loadAvgAtStart.join(' ')} at start, ${loadAvgAtEnd.join(' ')} at end; ${totalSec} s in all${quick ? ' (quick)' : ''}`)
out.push('')
out.push(`a. Kernel, standard workload (64 × M/M/1, λ=800/s, μ=1000/s, ${MODEL_EVENTS.toLocaleString('en')} events), median of ${KERNEL_ROUNDS} interleaved runs`)
out.push(
  table([
    ['workload', 'ours events/s', 'js-simulator events/s', 'ours / js-sim', 'target', 'per CPU s: ours', 'js-sim', 'ratio', 'same trajectory'],
    ...kernel.map((k) => [
      k.variant === 'hot' ? 'hot (Zipf 1.1, 10 000 keys)' : 'uniform',
      fmtRate(k.oursEventsPerSec),
      fmtRate(k.jsSimulatorEventsPerSec),
      `${k.ratio.toFixed(2)}×`,
      k.ratio >= 2 ? '≥ 2× ok' : '≥ 2× MISSED',
      fmtRate(k.oursEventsPerCpuSec),
      fmtRate(k.jsSimulatorEventsPerCpuSec),
      `${k.ratioCpu.toFixed(2)}×`,
      k.sameTrajectory ? 'yes' : 'NO',
    ]),
  ]),
)
out.push('')
out.push(
  `b. Full model (createSimulation), up to ${MODEL_MEASURE_SEC} sim s timed (cap ${MODEL_MEASURE_CAP_MS / 1000} s wall) after up to ${MODEL_WARM_SEC} s warm-up ` +
    `(cap ${MODEL_WARM_CAP_MS / 1000} s), advanceTo in 250 ms chunks, median of ${model[0]!.rounds} round(s)`,
)
out.push(
  table([
    ['scenario', 'sim s / wall s', 'target', 'sim s / CPU s', 'events/s', 'events / sim s', 'sim s timed', 'lag at end'],
    ...model.map((r) => [
      r.label,
      `${r.simSecondsPerWallSecond.toFixed(1)}×`,
      `≥ ${r.target}× ${r.meetsTarget ? 'ok' : 'MISSED'}`,
      `${r.simSecondsPerCpuSecond.toFixed(1)}×`,
      fmtRate(r.eventsPerSec),
      fmtRate(r.eventsPerSimSecond),
      `${r.measuredSimSeconds.toFixed(1)}${r.cappedByWallTime ? ' (capped)' : ''}`,
      r.endLagRecords.toLocaleString('en'),
    ]),
  ]),
)
out.push('')
out.push(
  `c. Memory, 1 M rec/s on 256 partitions, ${MEMORY_MINUTES} sim min in a child process (after a full GC at each sample, wall cap ${MEMORY_WALL_CAP_SEC} s)` +
    (memory.complete ? '' : ` — INCOMPLETE: the cap stopped it at ${memory.reachedSimMinutes} sim min`),
)
out.push(
  table([
    ['sim min', 'RSS', 'heap used', 'array buffers', 'wall s'],
    ...memory.samples.map((s) => [String(s.simMin), `${s.rssMB.toFixed(1)} MB`, `${s.heapUsedMB.toFixed(1)} MB`, `${s.arrayBuffersMB.toFixed(1)} MB`, s.wallS.toFixed(1)]),
  ]),
)
out.push(
  `peak RSS ${memory.peakRssMB} MB (target < 300 MB: ${memory.meetsTarget ? 'ok' : 'MISSED'}); after ${memory.warmUpMinutes} min: RSS spread ${memory.rssSpreadAfterWarmUpMB} MB, ` +
    `RSS ${memory.rssGrowthMBPerSimHour >= 0 ? '+' : ''}${memory.rssGrowthMBPerSimHour} MB/sim h, live (heap + array buffers) ${memory.liveGrowthMBPerSimHour >= 0 ? '+' : ''}${memory.liveGrowthMBPerSimHour} MB/sim h → ${memory.flatAfterWarmUp === null ? `cannot judge flatness (fewer than 2 samples past ${MEMORY_WARM_MIN} min)` : memory.flatAfterWarmUp ? 'flat' : 'NOT flat'}`,
)
out.push('')
out.push(
  `d. StickyAssignor, ${sticky.workload}: median ${sticky.medianMs} ms of ${sticky.rounds} ` +
    `(target < ${sticky.targetMs} ms: ${sticky.meetsTarget ? 'ok' : 'MISSED'})${sticky.balanced ? '' : ' — NOT balanced: the workload is broken'}`,
)
out.push('')
out.push(
  `e. Time travel, default scenario (Timeline: checkpoints as JSON text, budget ${timeline.budgetMB} MB): ${timeline.seeks} seeks spread over a ${timeline.runSimSec / 60}-minute run ` +
    `median ${timeline.seekMedianMs} ms, max ${timeline.seekMaxMs} ms, worst place (just before a checkpoint) ${timeline.worstPlaceSeekMs} ms (target ≤ ${SEEK_TARGET_MS} ms); ` +
    `after 1 h: ${timeline.hourCheckpoints} checkpoints every ${timeline.hourCheckpointEverySec} s, ${timeline.hourCheckpointMB} MB (target ≤ ${CHECKPOINT_TARGET_MB} MB), seek max ${timeline.hourSeekMaxMs} ms → ${timeline.meetsTargets ? 'ok' : 'MISSED'}`,
)
out.push('')
out.push(
  `f. Real cluster sizes, warm start, up to ${SCALE_MEASURE_SEC} sim s timed (cap ${SCALE_MEASURE_CAP_MS / 1000} s wall) after up to ${SCALE_WARM_SEC} s warm-up (cap ${SCALE_WARM_CAP_MS / 1000} s), median of ${scale[0]!.rounds}`,
)
out.push(
  table([
    ['scenario', 'sim s / wall s', 'target', 'sim s / CPU s', 'events / sim s', 'sim s timed (warm)', 'lag at end'],
    ...scale.map((r) => [
      r.label,
      `${r.simSecondsPerWallSecond.toFixed(2)}×`,
      `≥ ${r.target}× ${r.meetsTarget ? 'ok' : 'MISSED'}`,
      `${r.simSecondsPerCpuSecond.toFixed(2)}×`,
      fmtRate(r.eventsPerSimSecond),
      `${r.measuredSimSeconds.toFixed(1)} (${r.warmSimSeconds.toFixed(1)})`,
      r.endLagRecords.toLocaleString('en'),
    ]),
  ]),
)
console.log(out.join('\n'))

const results = { date: new Date().toISOString(), machine: { ...m, loadAvgAtEnd }, git, quick, totalSeconds: totalSec, kernel, model, memory, sticky, timeline, scale }
writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
log(`wrote ${join('bench', 'results.json')}`)
