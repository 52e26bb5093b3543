// Lesson `hot-key`: one key jams one lane; more consumers do not help; salting helps and costs order.

import type { Lesson } from '../types.ts'

export const hotKeyLesson: Lesson = {
  name: 'hot-key',
  title: 'The hot key and the cost of salting',
  summary:
    'One key carries almost half the traffic. See why its lane falls behind while the group has capacity to spare, ' +
    'why another consumer does not help, and what salting the key buys and costs.',
  scenario: {
    preset: 'hot-key',
    actions: [
      { atSec: 22, do: 'addConsumer' },
      { atSec: 40, do: 'setDynamic', dynamic: { salting: { enabled: true, splits: 4 } } },
    ],
  },
  speed: 4,
  steps: [
    {
      text:
        'One key, global-marketplace, carries 45 % of 6000 records/s over twelve lanes. Four consumers can each ' +
        'process 2500 records/s: 10 000 in total, far more than is produced.',
      playToSec: 20,
      highlight: { partitions: [6] },
      question: {
        prompt: 'By 20 s, what does the lag look like?',
        choices: ['Near zero on every lane: there is capacity to spare', "One lane's lag climbs while the others stay near zero", 'Every lane lags a little'],
        answer: 1,
        explain:
          'The default partitioner sends every record of a key to murmur2(key) % 12: partition 6 for this key. ' +
          'Only its owner reads it, at 2500 records/s against about 2975 arriving, so lane 6 alone falls behind.',
      },
    },
    {
      text: 'At 22 s a fifth consumer joins the group.',
      playToSec: 38,
      highlight: { partitions: [6], consumers: ['consumer-5'] },
      question: {
        prompt: 'Does the fifth consumer rescue lane 6?',
        choices: ["Yes: five consumers now share the hot key's records", 'No: a partition is read by only one consumer of the group, so lane 6 keeps falling behind'],
        answer: 1,
        explain: 'The rebalance moves whole partitions. Lane 6 still has one owner working at 2500 records/s, so its lag keeps climbing.',
      },
    },
    {
      text: 'At 40 s the producer starts salting the flagged key over 4 splits: global-marketplace#0 … #3 are hashed like any other key.',
      playToSec: 70,
      highlight: { partitions: [1, 4, 5, 6, 8] },
      question: {
        prompt: 'What happens to lane 6 now?',
        choices: ['Its lag keeps climbing', 'Its backlog drains: new records of the key go to other lanes, read by several consumers', 'Its lag drops to zero at once'],
        answer: 1,
        explain:
          'The salted keys hash to partitions 1, 4, 5 and 8, owned by three different consumers. Lane 6 gets no new ' +
          'records of the key, and its owner works off the backlog in about half a minute.',
      },
    },
    {
      text: 'Salting bought throughput. Now look at the ordering-violation counter.',
      playToSec: 80,
      question: {
        prompt: 'What did salting cost?',
        choices: ['Nothing: Kafka keeps order within a partition', 'Per-key order: records of global-marketplace now travel different lanes at different speeds', 'Duplicated records'],
        answer: 1,
        explain:
          'Kafka orders records only within a partition. Once one key spans four partitions, a later record can be ' +
          'processed before an earlier one; a consumer that needs order would have to merge the splits again.',
      },
    },
  ],
}
