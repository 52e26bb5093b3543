// Imported consumers carry the names the cluster knows them by (client ids), through the scenario,
// its link and the run; consumers started later keep generated names; Burrow's members, named by
// client id, are the --describe members, not more of them.
import { describe, expect, it } from 'vitest'
import { fixture } from '../../../test/fixtures/import/fixture.ts'
import { runDataCsv } from '../../sim/csv.ts'
import { narrationLine } from '../../sim/narration.ts'
import { createSimulation } from '../../sim/simulation.ts'
import { decodeScenario, encodeScenario } from '../codec.ts'
import type { Scenario } from '../types.ts'
import { validateScenario } from '../validate.ts'
import { importPastes } from './fromPastes.ts'
import { memberNames } from './memberNames.ts'

const HEAD = 'GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID                                  HOST            CLIENT-ID'
/** A --describe of 6 partitions, two each; `who(c)` gives consumer c's [consumer id, host, client id]. */
function describe6(who: (c: number) => [string, string, string]): string {
  const rows = [HEAD]
  for (let p = 0; p < 6; p++) {
    const [id, host, client] = who(Math.floor(p / 2))
    rows.push(`billing         orders          ${p}  ${1000 + p}  ${1000 + p + (p === 3 ? 5000 : 10)}  ${p === 3 ? 5000 : 10}  ${id}  ${host}  ${client}`)
  }
  return `${rows.join('\n')}\n`
}
const uuid = (c: number) => `6f1c${c}e2a-77b0-4c1e-9d3f-0a1b2c3d4e5${c}`

function imported(text: string, more: string[] = []): { scenario: Scenario; story: string; fields: Array<{ path: string; value: unknown; how: string; why: string }>; notes: string[] } {
  const r = importPastes([{ source: 'paste 1', text }, ...more.map((t, i) => ({ source: `paste ${i + 2}`, text: t }))])
  if (!r.build?.ok) throw new Error(r.build?.ok === false ? r.build.message : 'nothing parsed')
  return { ...r.build, notes: r.facts?.notes ?? [] }
}

describe('imported consumers are named by their client ids', () => {
  const text = describe6((c) => [`billing-svc-${c + 1}-${uuid(c)}`, `/10.0.1.${11 + c}`, `billing-svc-${c + 1}`])

  it('the scenario names each consumer by its CLIENT-ID, one name per consumer, said in the account', () => {
    const r = imported(text)
    expect(r.scenario.group.consumers).toBe(3)
    expect(r.scenario.group.consumerNames).toEqual(['billing-svc-1', 'billing-svc-2', 'billing-svc-3'])
    expect(r.fields.find((f) => f.path === 'group.consumerNames')).toMatchObject({ how: 'measured', why: expect.stringContaining('client id (CLIENT-ID)') })
    expect(r.story).toContain('The largest lag is on partition 3 (billing-svc-2)')
  })

  it('the run, its CSV and a warm start use them; a consumer started later (scale-out) is consumer-N', () => {
    const s = imported(text).scenario
    const sim = createSimulation({ ...s, actions: [{ atSec: 2, do: 'addConsumer' }] })
    sim.advanceTo(1_000)
    expect(sim.frame().members.map((m) => m.name)).toEqual(['billing-svc-1', 'billing-svc-2', 'billing-svc-3'])
    expect(sim.summary().partitions.map((p) => p.owner)).toEqual(['billing-svc-1', 'billing-svc-1', 'billing-svc-2', 'billing-svc-2', 'billing-svc-3', 'billing-svc-3'])
    sim.advanceTo(3_000)
    expect(sim.frame().members.map((m) => m.name)).toEqual(['billing-svc-1', 'billing-svc-2', 'billing-svc-3', 'consumer-4'])
    expect(sim.drainTrace().map(narrationLine).join('\n')).toContain('consumer-4')
    const owners = runDataCsv(createSimulation(s), 1_000).trim().split('\n').slice(1).map((l) => l.split(',')[2])
    expect(owners).toEqual(['billing-svc-1', 'billing-svc-1', 'billing-svc-2', 'billing-svc-2', 'billing-svc-3', 'billing-svc-3'])
  })

  it('travels in the link exactly', () => {
    const s = imported(text).scenario
    expect(decodeScenario(encodeScenario(s))).toEqual({ ok: true, scenario: s, warnings: [] })
  })

  it('repeated client ids are told apart by host, then (on one host) by consumer id; strangers\' characters are cleaned', () => {
    const sameClient = imported(describe6((c) => [`billing-${uuid(c)}`, `/10.0.1.${11 + c}`, 'billing'])).scenario.group.consumerNames
    expect(sameClient).toEqual(['billing@10.0.1.11', 'billing@10.0.1.12', 'billing@10.0.1.13'])
    const oneHost = imported(describe6((c) => [`billing-${uuid(c)}`, '/10.0.1.11', 'billing'])).scenario.group.consumerNames
    expect(oneHost).toEqual([0, 1, 2].map((c) => `billing-${uuid(c)}`))
    const odd = memberNames([
      { memberId: 'm1', clientId: '<img src=x onerror=alert(1)>', assignment: [] },
      { memberId: 'm2', clientId: 'a b,c"d+e', assignment: [] },
    ]).names
    expect(odd).toEqual(['_img_src_x_onerror_alert_1__', 'a_b_c_d_e'])
    expect(validateScenario({ group: { consumers: 2, consumerNames: odd } }).ok).toBe(true)
  })

  it('an old client whose client ids are consumer-N keeps them; a consumer started later never repeats one', () => {
    // Kafka clients before 2.4 defaulted client.id to consumer-N, N counting in the JVM.
    const r = imported(describe6((c) => [`consumer-${c + 2}-${uuid(c)}`, `/10.0.1.${11 + c}`, `consumer-${c + 2}`]))
    expect(r.scenario.group.consumerNames).toEqual(['consumer-2', 'consumer-3', 'consumer-4'])
    const sim = createSimulation({ ...r.scenario, actions: [{ atSec: 1, do: 'addConsumer' }] })
    sim.advanceTo(2_000)
    expect(sim.frame().members.map((m) => m.name)).toEqual(['consumer-2', 'consumer-3', 'consumer-4', 'consumer-5'])
  })

  it('cluster-named consumers equal to the generated ones leave the scenario as before (no consumerNames)', () => {
    expect(imported(fixture('consumer-groups', 'describe.txt')).scenario.group.consumerNames).toBeUndefined()
  })
})

describe('group.consumerNames in the schema', () => {
  const errorsOf = (group: unknown) => {
    const r = validateScenario({ group })
    return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)
  }
  it.each<[string, unknown, string]>([
    ['a name twice', ['a', 'a'], 'group.consumerNames[1]: "a" is already group.consumerNames[0]: each consumer has its own name'],
    ['a space', ['a b'], 'group.consumerNames[0]: must use only a–z, A–Z, 0–9 and . _ - @ : / #'],
    ['markup', ['<b>x</b>'], 'group.consumerNames[0]: must use only a–z, A–Z, 0–9 and . _ - @ : / #'],
    ['an empty name', [''], 'group.consumerNames[0]: must not be empty'],
    ['a name too long', ['x'.repeat(101)], 'group.consumerNames[0]: must be at most 100 characters'],
    ['not a list', 'a', 'group.consumerNames: must be a list of consumer names, one per consumer (at most 1000)'],
    ['more than a group can have', Array.from({ length: 1001 }, (_, i) => `c${i}`), 'group.consumerNames: must be a list of consumer names, one per consumer (at most 1000)'],
  ])('rejects %s, naming the path', (_, consumerNames, message) => {
    expect(errorsOf({ consumers: 2, consumerNames })).toEqual([message])
  })

  it('a count other than group.consumers is valid: "+" on the page adds consumer-N, "−" leaves a name unused', () => {
    const s = (consumers: number) => validateScenario({ group: { consumers, consumerNames: ['x', 'y'] } })
    for (const n of [1, 2, 3]) expect(s(n).ok).toBe(true)
    const r = s(3)
    if (!r.ok) throw new Error('invalid')
    const sim = createSimulation({ ...r.scenario, start: 'warm' })
    sim.advanceTo(10)
    expect(sim.frame().members.map((m) => m.name)).toEqual(['x', 'y', 'consumer-3'])
  })
})

describe('Burrow merged with --describe', () => {
  it('names members by client id: folded into the --describe members, so each consumer is counted once', () => {
    const describe = fixture('consumer-groups', 'describe.txt')
    const burrow = fixture('burrow', 'lag.json')
    for (const order of [[describe, burrow], [burrow, describe]]) {
      const r = importPastes(order.map((text, i) => ({ source: `paste ${i + 1}`, text })))
      expect(r.facts!.groups[0]!.members.map((m) => m.memberId).sort()).toEqual([
        'consumer-1-3f0c1c52-7a4e-4a57-9c1e-2d1f1b0a9e11',
        'consumer-2-8b5d2e43-1f6a-4c0b-8e7d-5a9c3b2d1e22',
        'consumer-3-c1a2b3d4-e5f6-4a7b-8c9d-0e1f2a3b4c33',
      ])
      expect(r.facts!.notes.join('\n')).not.toMatch(/owner of topic 'orders'/)
      if (!r.build?.ok) throw new Error('not built')
      expect(r.build.scenario.group.consumers).toBe(3)
      expect(r.build.scenario.group.initialAssignment).toEqual([[0, 1], [2, 3], [4, 5]])
    }
  })
})
