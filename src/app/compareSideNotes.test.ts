// What a compare side's own edit did beyond what was asked, said in the compare notes as a refused
// edit is ("Side “B” …"): an imported placement dropped by a new broker count, and Members asking
// fewer consumers than the shared Consumers added since the side's start.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { importedPlacementScenario } from '../scenario/importedPlacementForTest.ts'
import { settingsBefore } from '../scenario/liveOverrides.ts'
import type { Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import type { WorkerRequest } from '../worker/protocol.ts'
import { coop, eager, sessionOnFakes } from './compareSessionForTest.ts'
import type { FakeWorker } from './fakeWorker.ts'

const setup = (base: Scenario, variants: Variant[] = [eager, coop]) => sessionOnFakes({ base, variants })

const inits = (w: FakeWorker) => w.sent.filter((m): m is Extract<WorkerRequest, { type: 'init' }> => m.type === 'init')

/** 6 partitions on 4 brokers (RF 2) as imported, broker 1 leading p0 instead of its preferred broker 4. */
const imported = importedPlacementScenario

describe('a compare side’s brokers and an imported placement', () => {
  it('a new broker count on one side drops the placement there and says so, once; the other side keeps it', () => {
    const { session, workers, ticks } = setup(imported())
    ticks(10)
    session.actions.editSide(1, { kind: 'cluster', patch: { brokers: 5 } })
    expect(inits(workers[1]!).at(-1)!.scenario.cluster?.assignment).toBeUndefined()
    expect(inits(workers[0]!).at(-1)!.scenario.cluster?.assignment).toEqual(imported().cluster!.assignment)
    expect(session.store.getState().notes).toEqual([
      { kind: 'info', text: 'Side “cooperative” was changed:', details: ["The imported replica placement was dropped (4 → 5 brokers): replicas and leaders are now placed by KRaft's StripedReplicaPlacer."], keep: true },
    ])
    // A later edit of that side keeps its broker count; the placement is long gone: no second word.
    session.actions.editSide(1, { kind: 'salting', enabled: true })
    expect(session.store.getState().notes).toHaveLength(1)
    // A capacity change on the other side keeps the placement and says nothing.
    session.actions.editSide(0, { kind: 'cluster', patch: { brokerCapacityPerSec: 3000 } })
    expect(inits(workers[0]!).at(-1)!.scenario.cluster?.assignment).toEqual(imported().cluster!.assignment)
    expect(session.store.getState().notes).toHaveLength(1)
  })
})

describe('a compare link whose side changes an imported base’s brokers', () => {
  const dropped = (what: string) => `The imported replica placement was dropped (${what}): replicas and leaders are now placed by KRaft's StripedReplicaPlacer.`

  it('says it when opened, one note per side that dropped it, in the words an edit on the page uses', () => {
    const five: Variant = { label: 'five', set: { 'cluster.brokers': 5 } }
    const rf3: Variant = { label: 'rf3', set: { 'cluster.replication.factor': 3 } }
    const { session, workers } = setup(imported(), [eager, five, rf3])
    expect(inits(workers[1]!).at(-1)!.scenario.cluster?.assignment).toBeUndefined()
    expect(inits(workers[0]!).at(-1)!.scenario.cluster?.assignment).toEqual(imported().cluster!.assignment)
    expect(session.store.getState().notes).toEqual([
      { kind: 'info', text: 'Side “five” was changed:', details: [dropped('4 → 5 brokers')], keep: true },
      { kind: 'info', text: 'Side “rf3” was changed:', details: [dropped('replication factor 2 → 3')], keep: true },
    ])
    // A later edit of that side carries the same override: not said again.
    session.actions.editSide(1, { kind: 'salting', enabled: true })
    expect(session.store.getState().notes).toHaveLength(2)
  })

  it('a four-side link keeps every side’s dropped placement in the notes after more routine notes than fit', () => {
    const sides: Variant[] = [eager, { label: 'five', set: { 'cluster.brokers': 5 } }, { label: 'rf3', set: { 'cluster.replication.factor': 3 } }, { label: 'six', set: { 'cluster.brokers': 6 } }]
    const { session } = setup(imported(), sides)
    // Routine notes: Add side past four (said once however often pressed), then refused edits.
    for (let k = 0; k < 2; k++) session.actions.addSide()
    for (const label of ['a', 'b', 'c']) session.store.getState().addNote({ kind: 'warning', text: `Side “${label}” was not changed:`, details: [] })
    const notes = session.store.getState().notes
    expect(notes.filter((n) => n.keep === true).map((n) => n.text)).toEqual(['Side “five” was changed:', 'Side “rf3” was changed:', 'Side “six” was changed:'])
    // Only the last few routine notes are held.
    expect(notes.filter((n) => n.keep !== true).map((n) => n.text)).toEqual(['Side “a” was not changed:', 'Side “b” was not changed:', 'Side “c” was not changed:'])
  })

  it('says nothing when no side drops it, or when the base has no kept placement', () => {
    const capacity: Variant = { label: 'capacity', set: { 'cluster.brokerCapacityPerSec': 3000 } }
    expect(setup(imported(), [eager, capacity]).session.store.getState().notes).toEqual([])
    const plain = imported()
    delete plain.cluster!.assignment
    delete plain.cluster!.leaders
    expect(setup(plain, [eager, { label: 'five', set: { 'cluster.brokers': 5 } }]).session.store.getState().notes).toEqual([])
  })
})

describe('a compare side’s Members below what the shared Consumers added', () => {
  it('asking 0 after two shared adds gives the side the two, and the side says so (not "0 consumers")', () => {
    const { session, workers, ticks } = setup(defaultScenario())
    ticks(20)
    const n = defaultScenario().group.consumers
    session.actions.editShared({ kind: 'consumers', count: n + 2 })
    ticks(2)
    const clock = session.store.getState().clock
    session.actions.editSide(1, { kind: 'members', count: 0 })
    const init = inits(workers[1]!).at(-1)!
    expect(init.scenario.group.consumers).toBe(0)
    expect(settingsBefore(init.scenario, clock / 1000).group.consumers).toBe(2)
    expect(session.store.getState().notes).toEqual([
      {
        kind: 'warning',
        text: 'Side “cooperative” has 2 consumers, not 0:',
        details: ["Consumers (every side) added 2 since 0 s. Members sets this side's own count at 0 s, and it cannot be below 0 there; Consumers (every side) can remove them."],
      },
    ])
    ticks(5)
    // Asked again, the side already runs that: said again, but not restarted for nothing.
    const restarts = inits(workers[1]!).length
    session.actions.editSide(1, { kind: 'members', count: 1 })
    expect(inits(workers[1]!)).toHaveLength(restarts)
    expect(session.store.getState().notes.at(-1)!.text).toBe('Side “cooperative” has 2 consumers, not 1:')
    // A count it can have says nothing more.
    session.actions.editSide(1, { kind: 'members', count: 3 })
    expect(settingsBefore(inits(workers[1]!).at(-1)!.scenario, clock / 1000).group.consumers).toBe(3)
    expect(session.store.getState().notes).toHaveLength(2)
  })
})
