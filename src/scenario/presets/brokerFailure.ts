// Preset `broker-failure`: a broker of a replicated cluster dies; the controller notices after
// broker.session.timeout.ms, leadership moves to in-sync followers, lanes pause and resume, and with
// acks=all nothing is lost (compare with acks=1: `highway compare --preset broker-failure
// --variant 'acks all:' --variant 'acks 1: producerConfig.acks=1'`).

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 3 brokers, replication factor 3, min.insync.replicas 2, acks=all; broker 2 crashes at 20 s and restarts at 60 s. */
export function brokerFailureScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'broker-failure',
    start: 'warm',
    durationSec: 90,
    producers: [{ ...s.producers[0]!, rate: { kind: 'constant', perSec: 6000 } }],
    producerConfig: { ...s.producerConfig, acks: 'all' },
    // Consumers keep up with 6000 rec/s with room to spare, so the backlog of the pause drains.
    group: { ...s.group, processing: { ...s.group.processing, recordsPerSec: 4000 } },
    cluster: { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null },
    actions: [
      { atSec: 20, do: 'crashBroker', broker: 2 },
      { atSec: 60, do: 'restartBroker', broker: 2 },
    ],
  }
}

export const brokerFailure: Preset = {
  name: 'broker-failure',
  title: 'A broker crashes',
  notice:
    'Three brokers hold three copies of every partition (replication factor 3, min.insync.replicas 2) and ' +
    'the producers use acks=all, Kafka\'s default. At 20 s broker 2 crashes. Its lanes lose their leader at ' +
    'once, and every other lane stalls too: broker 2 was one of their in-sync followers, so acks=all ' +
    'requests wait for it and the high watermark stops (the line under the broker strip counts them: paused 12 lanes). The controller notices only when broker 2 has ' +
    'sent no heartbeat for broker.session.timeout.ms (9 s after its last one), at 27.6 s; then it fences broker 2, drops it ' +
    'from the in-sync replicas and makes the next in-sync replica the leader of each of its partitions. ' +
    'The producers and consumers learn the new leaders at their next metadata refresh (retry backoff) and ' +
    'the lanes drain their backlog. No record is lost: records broker 2 had not yet copied were never ' +
    'acknowledged, so the producer sends them again. With acks=1 (compare side "acks 1") the same crash ' +
    'loses them: the leader had acknowledged them. At 60 s broker 2 restarts, catches up and rejoins the ' +
    'in-sync replicas, but comes back as a follower and leads nothing: the controller moves its preferred ' +
    'partitions back only at its leader-imbalance check, leader.imbalance.check.interval.seconds (300 s) after ' +
    'the leaders moved away, at 327.6 s, after this run ends (the narration says when).',
  build: brokerFailureScenario,
}
