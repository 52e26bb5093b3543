// The lessons tell the truth: each built-in lesson's world is run headless to each step's moment and
// the fact each question's answer rests on is read from the engine. A lesson whose story or answer
// stops matching the simulator fails here. Every question must have a check.

import { describe, expect, it } from 'vitest'
import { saltedPartitions } from '../../sim/keyModel.ts'
import { createSimulation } from '../../sim/simulation.ts'
import type { RunSummary } from '../../sim/simulationApi.ts'
import { applyOverrides, variantScenario } from '../overrides.ts'
import { getLesson, lessons } from './catalog.ts'
import type { ResolvedLesson } from './validate.ts'

/** Each side's summary at every whole simulated second up to the last step (index = second). */
type Runs = RunSummary[][]

function runLesson(r: ResolvedLesson): Runs {
  const last = Math.ceil(r.lesson.steps[r.lesson.steps.length - 1]!.playToSec)
  const worlds = r.variants.length === 0 ? [r.scenario] : r.variants.map((v) => {
    const s = variantScenario(r.scenario, v)
    if (!s.ok) throw new Error(`${v.label}: ${s.message}`)
    return s.scenario
  })
  return worlds.map((s) => {
    const sim = createSimulation(s)
    const out: RunSummary[] = []
    for (let t = 0; t <= last; t++) {
      sim.advanceTo(t * 1000)
      out.push(sim.summary())
    }
    return out
  })
}

const lagOf = (s: RunSummary, p: number): number => s.partitions.find((x) => x.partition === p)?.lag ?? 0
const ownersOf = (s: RunSummary, ps: readonly number[]): Set<string | null> => new Set(ps.map((p) => s.partitions.find((x) => x.partition === p)?.owner ?? null))
const startedIn = (s: RunSummary, fromSec: number, toSec: number) => s.rebalanceLog.filter((x) => x.startMs >= fromSec * 1000 && x.startMs < toSec * 1000)

type Check = (runs: Runs, r: ResolvedLesson) => void

/**
 * lesson name → step index → [the right choice, what must hold there] (r: the lesson,
 * runs[side][second]). The answer index is pinned here too, so a lesson cannot change its answer
 * without its check changing with it.
 */
const checks: Record<string, Record<number, [answer: number, check: Check]>> = {
  'hot-key': {
    0: [
      1,
      ([run], r) => {
        const s = run![20]!
        const hot = s.hotKeys[0]!
        expect(hot.key).toBe('global-marketplace')
        const p = hot.partitions[0]!
        expect(r.lesson.steps[0]!.highlight?.partitions).toEqual([p])
        // Capacity to spare, yet one lane climbs while the others stay near zero.
        const g = r.scenario.group
        expect(g.consumers * g.processing.recordsPerSec).toBeGreaterThan(6000)
        expect(lagOf(s, p)).toBeGreaterThan(lagOf(run![10]!, p))
        for (const x of s.partitions) if (x.partition !== p) expect(x.lag).toBeLessThan(0.05 * lagOf(s, p))
      },
    ],
    1: [
      1,
      ([run]) => {
        const p = run![20]!.hotKeys[0]!.partitions[0]!
        expect(ownersOf(run![38]!, run![38]!.partitions.map((x) => x.partition)).size).toBe(5)
        expect(lagOf(run![38]!, p)).toBeGreaterThan(lagOf(run![22]!, p))
      },
    ],
    2: [
      1,
      ([run], r) => {
        const p = run![20]!.hotKeys[0]!.partitions[0]!
        const salted = saltedPartitions('global-marketplace', 4, r.scenario.topic.partitions)
        expect(salted).toEqual([1, 4, 5, 8])
        for (const x of [...salted, p]) expect(r.lesson.steps[2]!.highlight?.partitions).toContain(x)
        expect(ownersOf(run![70]!, salted).size).toBe(3)
        expect(lagOf(run![45]!, p)).toBeGreaterThan(0)
        expect(lagOf(run![70]!, p)).toBeLessThan(0.1 * lagOf(run![40]!, p))
      },
    ],
    3: [
      1,
      ([run]) => {
        expect(run![40]!.orderingViolations).toBe(0)
        expect(run![80]!.orderingViolations).toBeGreaterThan(0)
        expect(run![80]!.duplicates).toBe(run![40]!.duplicates)
      },
    ],
  },
  'load-aware': {
    1: [
      1,
      ([run]) => {
        const maxLag = (s: RunSummary): number => Math.max(...s.partitions.map((x) => x.lag))
        expect(run![60]!.lag).toBeLessThan(run![30]!.lag / 10)
        expect(maxLag(run![60]!)).toBeLessThan(maxLag(run![30]!) / 10)
        expect(run![60]!.lag).toBeLessThanOrEqual(run![55]!.lag + 100)
      },
    ],
    2: [
      1,
      ([run]) => {
        expect(run![30]!.orderingViolations).toBe(0)
        expect(run![60]!.orderingViolations).toBeGreaterThan(0)
        expect(run![80]!.orderingViolations).toBeGreaterThan(run![60]!.orderingViolations)
      },
    ],
  },
  'hot-lane-answers': {
    0: [
      1,
      ([salted, share, pc, lagAware]) => {
        const hot = (run: RunSummary[], t: number): number => lagOf(run[t]!, 6)
        expect(hot(salted!, 15)).toBeLessThan(1000)
        expect(hot(share!, 15)).toBeLessThan(1000)
        // Slower than the plain group's climb, but climbing.
        expect(hot(pc!, 15)).toBeGreaterThan(hot(pc!, 10))
        expect(hot(pc!, 15)).toBeLessThan(hot(lagAware!, 15) / 3)
        expect(hot(lagAware!, 15)).toBeGreaterThan(10_000)
      },
    ],
    1: [
      1,
      ([, , , lagAware]) => {
        const run = lagAware!
        const owner = run[35]!.partitions.find((x) => x.partition === 6)!.owner
        expect(run[35]!.partitions.filter((x) => x.owner === owner).map((x) => x.partition)).toEqual([6])
        const before = (lagOf(run[15]!, 6) - lagOf(run[5]!, 6)) / 10
        const after = (lagOf(run[35]!, 6) - lagOf(run[25]!, 6)) / 10
        expect(after).toBeGreaterThan(0)
        expect(after).toBeLessThan(0.7 * before)
      },
    ],
    2: [
      2,
      ([salted, share, pc, lagAware]) => {
        expect(salted![50]!.orderingViolations).toBeGreaterThan(0)
        expect(share![50]!.orderingViolations).toBeGreaterThan(0)
        expect(pc![50]!.orderingViolations).toBe(0)
        expect(lagAware![50]!.orderingViolations).toBe(0)
      },
    ],
  },
  'hot-brokers': {
    0: [
      1,
      ([run, other], r) => {
        const s = run![15]!
        const led = [1, 4, 6, 11]
        // acks changes nothing before a broker fails: both sides have appended the same records.
        expect(other![15]!.partitions.map((x) => x.produced)).toEqual(s.partitions.map((x) => x.produced))
        // Broker 1 leads those four lanes (read from the leaders the crash makes visible, 1 s after it).
        expect(run![21]!.partitions.filter((x) => x.leader === 1).map((x) => x.partition)).toEqual(led)
        expect(s.hotKeys[0]!.partitions).toEqual([6])
        expect(s.brokers.map((b) => b.leaders)).toEqual([4, 4, 4])
        const cap = r.scenario.cluster!.brokerCapacityPerSec!
        expect(cap).toBe(3000)
        expect(s.brokers[0]!.recordsInPerSec).toBe(cap)
        for (const b of s.brokers.slice(1)) {
          expect(b.recordsInPerSec).toBeGreaterThan(1000)
          expect(b.recordsInPerSec).toBeLessThan(1200)
        }
        // The same world without a capacity: what the producers send. About 3800 rec/s for broker 1.
        const free = applyOverrides(r.scenario, { 'cluster.brokerCapacityPerSec': null })
        if (!free.ok) throw new Error(free.message)
        const sim = createSimulation(free.scenario)
        sim.advanceTo(15_000)
        const u = sim.summary()
        expect(u.brokers[0]!.recordsInPerSec).toBeGreaterThan(3600)
        expect(u.brokers[0]!.recordsInPerSec).toBeLessThan(4000)
        // Broker 1's quiet lanes get less than they are sent; lanes of brokers 2 and 3 all of it.
        for (const x of s.partitions) {
          const ratio = x.produced / u.partitions[x.partition]!.produced
          if (led.includes(x.partition)) expect(ratio, `lane ${x.partition}`).toBeLessThan(0.9)
          else expect(ratio, `lane ${x.partition}`).toBeGreaterThan(0.99)
        }
      },
    ],
    1: [
      1,
      ([one, all]) => {
        const led = [1, 4, 6, 11]
        // Lanes that appended nothing from 21 s to 27 s (broker 1 down, not yet fenced).
        const paused = (run: RunSummary[]) => run[27]!.partitions.filter((x) => x.produced === run[21]!.partitions[x.partition]!.produced).map((x) => x.partition)
        expect(paused(one!)).toEqual(led)
        // Under acks=all every lane broker 1 holds a replica of waits for it: 8 of 12 with RF 2 on 3 brokers.
        const stalled = paused(all!)
        expect(all![15]!.brokers[0]!.replicas).toBe(2 * led.length)
        expect(stalled).toHaveLength(2 * led.length)
        for (const p of led) expect(stalled).toContain(p)
        // The controller moved the leaders (broker.session.timeout.ms after the last heartbeat) and every stalled lane writes again.
        for (const run of [one!, all!]) {
          expect(run[27]!.partitions.filter((x) => x.leader === 1).map((x) => x.partition)).toEqual(led)
          expect(run[28]!.partitions.some((x) => x.leader === 1)).toBe(false)
          for (const p of stalled) expect(run[29]!.partitions[p]!.produced, `lane ${p}`).toBeGreaterThan(run[27]!.partitions[p]!.produced)
        }
        expect(one![32]!.lostRecords).toBeGreaterThan(0)
        expect(all![32]!.lostRecords).toBe(0)
        // "Twice as many lanes pause": the page's figure (the diff strip's "broker-paused", the
        // line under the broker strip) counts the lanes that appended nothing, and twice the lane-seconds.
        for (const [run, lanes] of [[one!, led], [all!, stalled]] as const) {
          expect(run[27]!.pausedLanes!.lanes).toBe(lanes.length)
          expect(run[32]!.pausedLanes!.most).toMatchObject({ lanes: lanes.length, noLeader: led.length, atSec: 20 })
        }
        const ratio = all![32]!.pausedLanes!.partitionSeconds / one![32]!.pausedLanes!.partitionSeconds
        expect(ratio).toBeGreaterThan(1.8)
        expect(ratio).toBeLessThan(2.2)
      },
    ],
    2: [
      1,
      (runs, r) => {
        const atSec = r.scenario.actions.find((a) => a.do === 'rebalanceCluster')!.atSec
        expect(atSec).toBe(50)
        for (const run of runs) {
          // Restarted at 40 s, broker 1 leads nothing until the plan.
          expect(run[49]!.brokers[0]!.leaders).toBe(0)
          expect(run[49]!.brokers[0]!.replicas).toBe(8)
          expect(run[56]!.clusterRebalance).toMatchObject({ leaderMoves: 1, replicaMoves: 0, bytesCopied: 0, movesDone: 1, startedAtSec: atSec, finishedAtSec: atSec })
          expect(run[51]!.partitions.filter((x) => x.leader === 1).map((x) => x.partition)).toEqual([6])
        }
      },
    ],
    // The closing step has no question (the 0 is unused); its text's claims are checked here all the same.
    3: [
      0,
      (runs, r) => {
        for (const run of runs) {
          expect(run[65]!.partitions.filter((x) => x.leader === 1).map((x) => x.partition)).toEqual([6])
          expect(run[65]!.brokers[0]!.recordsInPerSec).toBe(r.scenario.cluster!.brokerCapacityPerSec)
        }
        expect(runs[0]![65]!.lostRecords).toBeGreaterThan(0)
        expect(runs[1]![65]!.lostRecords).toBe(0)
      },
    ],
  },
  'eager-vs-cooperative': {
    1: [
      1,
      ([eager, coop], r) => {
        expect(eager![36]!.revokedPartitions - eager![28]!.revokedPartitions).toBe(r.scenario.topic.partitions)
        expect(coop![36]!.revokedPartitions - coop![28]!.revokedPartitions).toBe(3)
      },
    ],
    2: [
      1,
      ([eager, coop]) => {
        expect(startedIn(eager![40]!, 28, 40)).toHaveLength(1)
        expect(startedIn(coop![40]!, 28, 40)).toHaveLength(2)
      },
    ],
    3: [
      0,
      ([eager, coop]) => {
        const stopped = (run: RunSummary[]): number => run[45]!.stoppedPartitionSeconds - run[28]!.stoppedPartitionSeconds
        expect(stopped(eager!)).toBeGreaterThan(stopped(coop!))
      },
    ],
  },
  'rebalance-storm': {
    1: [
      2,
      ([dyn]) => {
        expect(startedIn(dyn![60]!, 18, 60)).toHaveLength(4)
      },
    ],
    2: [
      0,
      ([dyn, stat]) => {
        expect(startedIn(stat![100]!, 18, 100)).toHaveLength(0)
        expect(startedIn(dyn![100]!, 18, 100).length).toBeGreaterThan(0)
      },
    ],
    3: [
      1,
      ([dyn, , kip], r) => {
        const lanes = r.scenario.topic.partitions
        const moves = startedIn(kip![140]!, 18, 140).filter((x) => x.endMs !== null)
        expect(moves.length).toBeGreaterThan(0)
        // Less than half the lanes stopped on average through each change: not a group-wide barrier.
        for (const m of moves) expect(m.stoppedPartitionSeconds).toBeLessThan((lanes * (m.endMs! - m.startMs)) / 1000 / 2)
        const stopped = (run: RunSummary[]): number => run[140]!.stoppedPartitionSeconds - run[18]!.stoppedPartitionSeconds
        expect(stopped(kip!)).toBeGreaterThan(0)
        expect(stopped(kip!)).toBeLessThan(stopped(dyn!) / 2)
      },
    ],
  },
  'add-partitions': {
    1: [
      0,
      ([run]) => {
        const newLanes = (s: RunSummary) => s.partitions.filter((x) => x.partition >= 6)
        expect(newLanes(run![38]!)).toHaveLength(6)
        expect(newLanes(run![38]!).reduce((a, x) => a + x.produced, 0)).toBe(0)
        expect(newLanes(run![50]!).reduce((a, x) => a + x.produced, 0)).toBeGreaterThan(0)
      },
    ],
    2: [
      1,
      ([run], r) => {
        const keys = r.scenario.producers[0]!.keys
        const count = keys.kind === 'uniform' ? keys.count : NaN
        expect(run![50]!.remappedKeys).toBeGreaterThan(0.4 * count)
        expect(run![50]!.remappedKeys).toBeLessThan(0.6 * count)
      },
    ],
    3: [
      1,
      ([run]) => {
        expect(run![38]!.orderingViolations).toBe(0)
        expect(run![60]!.orderingViolations).toBeGreaterThan(0)
      },
    ],
  },
  'autoscale-storm': {
    1: [
      1,
      ([run], r) => {
        const first = startedIn(run![50]!, 30, 50)[0]!
        const from = Math.floor(first.startMs / 1000)
        const to = Math.ceil(first.endMs! / 1000)
        expect(run![to]!.lag).toBeGreaterThan(run![from]!.lag)
        expect(run![to]!.revokedPartitions - run![from]!.revokedPartitions).toBe(r.scenario.topic.partitions)
      },
    ],
    2: [
      2,
      ([run]) => {
        expect(startedIn(run![100]!, 28, 100)).toHaveLength(6)
      },
    ],
  },
}

describe('the built-in lessons', () => {
  it('are at least six, valid, with distinct names', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(6)
    expect(new Set(lessons.map((l) => l.name)).size).toBe(lessons.length)
    for (const l of lessons) expect(getLesson(l.name), l.name).toBeDefined()
  })

  it('every question has a check against the engine', () => {
    for (const l of lessons) {
      l.steps.forEach((s, i) => {
        if (s.question === undefined) return
        const entry = checks[l.name]?.[i]
        expect(entry, `${l.name} step ${i + 1} has no check`).toBeDefined()
        expect(s.question.answer, `${l.name} step ${i + 1}: the answer the check proves`).toBe(entry![0])
      })
    }
  })

  it('each lesson highlights a lane or a consumer on the highway', () => {
    for (const l of lessons) expect(l.steps.some((s) => (s.highlight?.partitions?.length ?? 0) + (s.highlight?.consumers?.length ?? 0) > 0), l.name).toBe(true)
  })

  for (const l of lessons) {
    it(`${l.name}: each step's answer is what the simulator does, and what it highlights is on the highway then`, () => {
      const r = getLesson(l.name)!
      const runs = runLesson(r)
      for (const [, check] of Object.values(checks[l.name] ?? {})) check(runs, r)
      // A highlighted lane exists at the step's moment, and a highlighted consumer owns a lane then
      // on every side (so the outline is drawn around something the room can see working).
      for (const [i, step] of r.lesson.steps.entries()) {
        for (const side of runs) {
          const s = side[Math.floor(step.playToSec)]!
          for (const p of step.highlight?.partitions ?? []) expect(s.partitions.some((x) => x.partition === p), `${l.name} step ${i + 1}: lane ${p}`).toBe(true)
          for (const c of step.highlight?.consumers ?? []) expect(s.partitions.some((x) => x.owner === c), `${l.name} step ${i + 1}: ${c} owns a lane`).toBe(true)
        }
      }
    }, 60_000)
  }
})
