import { test } from 'vitest'
import { defaultScenario } from '../../scenario/defaults.ts'
import { TestHost } from './testHost.ts'
import { classicGroupRuntimeFactory } from './classicGroupRuntime.ts'

test('smoke', () => {
  const sc = defaultScenario()
  const spec = { ...sc.group, protocol: process.env.P === 'cooperative' ? 'cooperative' as const : 'eager' as const, assignor: process.env.P === 'cooperative' ? 'cooperative-sticky' as const : 'range' as const }
  const h = TestHost.create({ partitions: 12 }, classicGroupRuntimeFactory, spec, sc.broker)
  for (let i = 0; i < 3; i++) h.start(i)
  h.runUntil(20000)
  h.start(3)
  h.runUntil(40000)
  for (const l of h.traceLines) console.log((l.t / 1000).toFixed(3), l.kind, l.text)
  console.log(JSON.stringify(h.runtime.rebalanceLog(), null, 0))
  console.log(h.runtime.group())
  for (let i = 0; i < 4; i++) console.log(h.runtime.member(i), h.owned(i))
})
