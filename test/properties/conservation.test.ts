// Nothing lost: under random fault schedules, over every group protocol, the records the producers
// generated are appended or still buffered, and every appended record below the furthest offset
// the group reached was handed to a consumer at least once (or skipped by auto.offset.reset),
// counted from independent ledgers (src/sim/ledger.ts, see conservationCheck.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateScenario } from '../../src/scenario/validate.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { conservationErrorsAt } from './conservationCheck.ts'
import { FAULT_RUN_MS, faultScenario } from './faultScenario.ts'

const INSTANTS = [FAULT_RUN_MS / 4, FAULT_RUN_MS / 2, FAULT_RUN_MS]

describe('conservation (property, independent counts)', () => {
  it('generated = appended + buffered, and appended = delivered once + skipped + not yet delivered per partition', () => {
    fc.assert(
      fc.property(faultScenario, (s) => {
        expect(conservationErrorsAt(createSimulation(s), INSTANTS)).toEqual([])
      }),
      { numRuns: 200, seed: 20261130 },
    )
  }, 180_000)

  it('generates only valid scenarios that cover every protocol', () => {
    const sample = fc.sample(faultScenario, { numRuns: 200, seed: 1 })
    for (const s of sample) {
      const v = validateScenario(s)
      expect(v.ok ? [] : v.errors).toEqual([])
    }
    const kinds = new Set(sample.map((s) => (s.group.staticMembership ? `${s.group.protocol}+static` : s.group.protocol)))
    expect([...kinds].sort()).toEqual(['consumer', 'consumer+static', 'cooperative', 'cooperative+static', 'eager', 'eager+static'])
  })
})
