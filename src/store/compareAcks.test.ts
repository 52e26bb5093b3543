// The producers' acks as one side of a comparison: the side's acks control becomes the override
// producerConfig.acks (the CLI's own --variant words), carried by the compare link, and the side's
// summary says which acks it runs. What acks changes in a run is checked by the hot-brokers lesson.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import { compareLinkHash, readLinkHash } from '../scenario/links.ts'
import { applyOverrides, formatVariant, parseVariant, variantScenario, type Variant } from '../scenario/overrides.ts'
import { forkChoices, forkVariants, strategySet, strategySummary, withOverrides } from './compareEdits.ts'

const hotspot = () => getPreset('broker-hotspot')!.build()

describe('compare: acks per side', () => {
  it('is a side strategy whose override is producerConfig.acks', () => {
    expect(strategySet(hotspot(), { kind: 'acks', acks: '1' })).toEqual({ 'producerConfig.acks': '1' })
    const r = applyOverrides(hotspot(), strategySet(hotspot(), { kind: 'acks', acks: '1' }))
    expect(r.ok && r.scenario.producerConfig.acks).toBe('1')
    expect(r.ok && strategySummary(r.scenario)).toMatch(/· acks=1$/)
    // Unset is Kafka's default (all) and the summary stays as before.
    expect(strategySummary(hotspot())).not.toMatch(/acks/)
  })

  it('travels in the compare link and comes back as the same scenario per side', () => {
    const base = hotspot()
    const sides: Variant[] = [
      withOverrides({ label: 'acks 1', set: {} }, strategySet(base, { kind: 'acks', acks: '1' })),
      withOverrides({ label: 'acks all', set: {} }, strategySet(base, { kind: 'acks', acks: 'all' })),
    ]
    const link = readLinkHash(compareLinkHash(base, sides))
    expect(link.problems).toEqual([])
    const back = link.v.map((t) => {
      const p = parseVariant(t)
      if (!p.ok) throw new Error(p.message)
      const s = variantScenario(base, p.variant)
      if (!s.ok) throw new Error(s.message)
      return s.scenario.producerConfig.acks
    })
    expect(back).toEqual(['1', 'all'])
    // The CLI's spelling reads the same: a bare 1 is the number, which Kafka's reader takes as "1".
    const cli = parseVariant('acks 1: producerConfig.acks=1')
    expect(cli.ok && formatVariant(cli.variant)).toBe('acks 1: producerConfig.acks=1')
    const s = cli.ok ? variantScenario(base, cli.variant) : null
    expect(s?.ok && s.scenario.producerConfig.acks).toBe('1')
  })

  it('a value Kafka refuses fails naming the path', () => {
    const r = applyOverrides(hotspot(), { 'producerConfig.acks': '2' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(`${r.path}: ${r.message}`).toBe('producerConfig.acks: must be "all" (or -1), "1" or "0"')
  })

  it('is offered as a fork when the scenario has a cluster: the other acks, from the start', () => {
    const fork = forkChoices(getPreset('broker-failure')!.build()).find((c) => c.id === 'acks')
    expect(fork).toMatchObject({ label: 'acks 1', set: { 'producerConfig.acks': '1' }, live: false })
    const r = variantScenario(getPreset('broker-failure')!.build(), forkVariants(fork!, 30)[1]!)
    expect(r.ok && r.scenario.producerConfig.acks).toBe('1')
    const back = applyOverrides(getPreset('broker-failure')!.build(), { 'producerConfig.acks': '1' })
    expect(back.ok && forkChoices(back.scenario).find((c) => c.id === 'acks')?.set).toEqual({ 'producerConfig.acks': 'all' })
    expect(forkChoices(getPreset('hot-key')!.build()).some((c) => c.id === 'acks')).toBe(false)
  })
})
