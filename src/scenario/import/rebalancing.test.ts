import { describe, expect, it } from 'vitest'
import { importPastes } from './fromPastes.ts'

// kafka-consumer-groups.sh --describe of a group caught rebalancing (ConsumerGroupCommand prints the
// warning on stderr and the offsets with '-' for every owner), and its --describe --state.
const REBALANCING = [
  "Warning: Consumer group 'billing' is rebalancing.",
  '',
  'GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID',
  'billing         orders          0          100             150             50              -               -               -',
  'billing         orders          1          100             900             800             -               -               -',
  'billing         orders          2          100             100             0               -               -               -',
].join('\n')
const STATE = [
  '',
  'GROUP           COORDINATOR (ID)           ASSIGNMENT-STRATEGY  STATE                #MEMBERS',
  'billing         kafka-1.internal:9092  (1)                      PreparingRebalance   4',
].join('\n')
const EMPTY = REBALANCING.replace("Warning: Consumer group 'billing' is rebalancing.", "Consumer group 'billing' has no active members.")

function consumers(...texts: string[]): { value: unknown; how: string; why: string } {
  const r = importPastes(texts.map((text, i) => ({ source: `paste ${i + 1}`, text })))
  if (r.build?.ok !== true) throw new Error(JSON.stringify(r.parsed))
  const f = r.build.fields.find((x) => x.path === 'group.consumers')!
  expect(r.build.scenario.group.consumers).toBe(f.value)
  return { value: f.value, how: f.how, why: f.why }
}

describe('a group pasted mid-rebalance', () => {
  it('is not a group of 0 consumers (the run had none, and its lag only grew): the default count, assumed, saying why', () => {
    expect(consumers(REBALANCING)).toEqual({
      value: 3,
      how: 'assumed',
      why: "'billing' was rebalancing when the pastes were taken, so they name no members (--describe --state counts them): the default 3 consumers",
    })
  })

  it('takes its member count from --describe --state (#MEMBERS), in either order', () => {
    const want = { value: 4, how: 'measured', why: "#MEMBERS of 'billing' (the offsets view names no owners while it rebalances)" }
    expect(consumers(REBALANCING, STATE)).toEqual(want)
    expect(consumers(STATE, REBALANCING)).toEqual(want)
  })

  it('an Empty group still has no consumers', () => {
    expect(consumers(EMPTY)).toMatchObject({ value: 0, how: 'measured' })
  })
})
