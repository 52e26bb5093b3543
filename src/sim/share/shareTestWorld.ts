// Test helpers for the share-group simulation tests: a one-partition share group that falls behind,
// and the world inside a run (read through a checkpoint, as a test may and the page may not).
import { defaultScenario, defaultShareGroup } from '../../scenario/defaults.ts'
import type { Scenario, ScenarioAction, ShareGroupSpec } from '../../scenario/types.ts'
import type { Simulation } from '../simulationApi.ts'
import type { WorldState } from '../worldState.ts'

export function worldOf(sim: Simulation): WorldState {
  return (sim.checkpoint().state as { w: WorldState }).w
}

/** One partition read by `members` share-group members, which process slower than records arrive. */
export function shareScenario(members: number, share: Partial<ShareGroupSpec> = {}, actions: ScenarioAction[] = []): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    start: 'warm',
    durationSec: 120,
    topic: { ...s.topic, partitions: 1 },
    producers: [{ ...s.producers[0]!, rate: { kind: 'constant', perSec: 100 } }],
    group: {
      ...s.group,
      consumers: members,
      type: 'share',
      share: { ...defaultShareGroup(), ...share },
      config: { ...s.group.config, 'max.poll.records': 50 },
      processing: { ...s.group.processing, recordsPerSec: 60 },
    },
    actions,
  }
}
