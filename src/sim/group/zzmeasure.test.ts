import { test } from 'vitest'
import { consumerGroupRuntimeFactory } from './consumerGroupRuntime.ts'
import { classicGroupRuntimeFactory } from './classicGroupRuntime.ts'
import { TestHost } from './testHost.ts'
import { testGroup } from './testSpecs.ts'

test('trace', () => {
  const proto = (process.env.P ?? 'consumer') as 'consumer' | 'eager'
  const { spec, broker } = testGroup(proto, proto === 'consumer' ? 'uniform' : 'range')
  const a = TestHost.create({ partitions: 12 }, proto === 'consumer' ? consumerGroupRuntimeFactory : classicGroupRuntimeFactory, spec, broker)
  for (let i = 0; i < 3; i++) a.start(i, [180, 260, 340][i])
  a.runUntil(20000)
  a.start(3, 220)
  a.runUntil(40000)
  a.crash(0)
  a.setPartitions(16)
  a.runUntil(120000)
  a.start(0, 180)
  a.pause(3, 50000)
  a.runUntil(200000)
  for (const l of a.traceLines) if (l.t > 39000) console.log((l.t / 1000).toFixed(3), l.kind, l.text)
  console.log(JSON.stringify(a.runtime.rebalanceLog()))
  console.log('zombies', a.zombies, [0,1,2,3].map((m) => a.owned(m)))
})
