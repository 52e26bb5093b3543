// Lesson `hot-brokers`: one hot key makes one broker hot (broker-hotspot), that broker crashes with
// acks=1 on one side and acks=all on the other (broker-failure's story, on one clock), and once it is
// back a cluster rebalance moves a leader onto it (cluster-rebalance's story: the plan, its moves,
// what they cost). Every claim is checked against the engine in lessonsTruth.test.ts.

import type { Lesson } from '../types.ts'

export const hotBrokersLesson: Lesson = {
  name: 'hot-brokers',
  title: 'Hot brokers: a hot key, a crash, a rebalance',
  summary:
    'One hot key makes one broker hot. Then that broker crashes: what do acks=1 and acks=all cost, side by side? ' +
    'And when it is back, what can a cluster rebalance move?',
  scenario: {
    preset: 'broker-hotspot',
    set: { durationSec: 70 },
    actions: [
      { atSec: 20, do: 'crashBroker', broker: 1 },
      { atSec: 40, do: 'restartBroker', broker: 1 },
      { atSec: 50, do: 'rebalanceCluster', throttleBytesPerSec: 10_000_000 },
    ],
  },
  variants: ['acks 1: producerConfig.acks=1', 'acks all: producerConfig.acks=all'],
  speed: 4,
  steps: [
    {
      text:
        'Three brokers lead four lanes each, and each broker can append 3000 records/s. One key carries 45 % of 6000 ' +
        'records/s into lane 6, and broker 1 leads lane 6 with lanes 1, 4 and 11: about 3800 records/s want in. ' +
        'Watch the broker strip: broker 1 is AT CAPACITY, brokers 2 and 3 append about 1100 each. Both sides are the same so far.',
      playToSec: 15,
      highlight: { partitions: [1, 4, 6, 11] },
      question: {
        prompt: 'Broker 1 leads lanes 1, 4, 6 and 11. Which lanes does the hot key slow down on the producer side?',
        choices: ['Only lane 6, the hot key’s own lane', 'All four lanes broker 1 leads', 'Every lane of the topic'],
        answer: 1,
        explain:
          'A broker’s appends are shared by every lane it leads. Lane 6 takes most of broker 1’s 3000 records/s, so lanes 1, 4 ' +
          'and 11, quiet as they are, get less than their producers send and the rest waits in the producers’ buffers. ' +
          'Lanes led by brokers 2 and 3 run at full speed. A hot partition makes a hot broker.',
      },
    },
    {
      text:
        'At 20 s broker 1 crashes. Side A’s producers use acks=1 (the leader’s word is enough), side B’s acks=all (every ' +
        'in-sync replica must have the record). The controller notices only after broker.session.timeout.ms (9 s without a ' +
        'heartbeat), then moves each of broker 1’s lanes to its in-sync follower. Watch the lanes and the “broker-paused” and “records lost” rows.',
      playToSec: 32,
      highlight: { partitions: [1, 4, 6, 11] },
      question: {
        prompt: 'What does each side pay for the crash?',
        choices: [
          'The same on both sides: broker 1’s four lanes pause, nothing is lost',
          'acks 1: broker 1’s four lanes pause and records it had acknowledged are lost; acks all: twice as many lanes pause, nothing is lost',
          'acks all loses records, acks 1 does not',
        ],
        answer: 1,
        explain:
          'Under acks=1 broker 1 had confirmed records its followers had not copied yet; the new leaders never had them: lost. ' +
          'Under acks=all those records were never confirmed, so the producers send them again. But acks=all also waits for ' +
          'broker 1 as a follower: the lanes it follows stall too until the controller drops it from the in-sync replicas. ' +
          'The “broker-paused” row counts it: about twice the lane-seconds on side B.',
      },
    },
    {
      text:
        'At 40 s broker 1 restarts and catches up, but comes back as a follower and leads nothing: the controller moves ' +
        'preferred leaders back only at its leader-imbalance check, 300 s after it moved them away. At 50 s “Rebalance cluster” runs a Cruise-Control-style plan.',
      playToSec: 56,
      highlight: { partitions: [6] },
      question: {
        prompt: 'What does the plan do, and what does it cost?',
        choices: [
          'It copies partitions onto broker 1 under the throttle: minutes of copying',
          'One leader move: lane 6 goes back to broker 1, alone; broker 1 already has its replica, so nothing is copied and it is done at once',
          'It splits lane 6 over the three brokers',
        ],
        answer: 1,
        explain:
          'With replication factor 2 broker 1 already holds a copy of its old lanes, so moving a leader is an election, not a ' +
          'copy. The plan gives the empty broker the heaviest lane. A partition has one leader: moving it cannot split it.',
      },
    },
    {
      text:
        'Lane 6 now has broker 1 to itself, and broker 1 is still at capacity: no leader move can make one partition lighter. ' +
        'acks=all cost more paused lanes and lost nothing; acks=1 kept more lanes writing and lost records. For the hot lane ' +
        'itself, see the lesson “Four answers to one hot lane”.',
      playToSec: 65,
      highlight: { partitions: [6] },
    },
  ],
}
