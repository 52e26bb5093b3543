// Lesson `hot-lane-answers`: four answers to one hot lane on one clock (compare mode): salting on the
// producer side, and on the consumer side a share group (KIP-932), the Parallel Consumer in key
// order, and a lag-aware assignor — with what each costs.

import type { Lesson } from '../types.ts'

export const hotLaneAnswersLesson: Lesson = {
  name: 'hot-lane-answers',
  title: 'Four answers to one hot lane',
  summary:
    'The same hot key on four highways: salting it, a share group, the Parallel Consumer and a lag-aware assignor. ' +
    'Which ones drain the hot lane, and what does each cost?',
  scenario: { preset: 'hot-key', actions: [{ atSec: 20, do: 'addConsumer' }] },
  variants: [
    'salting: dynamic.salting.enabled=true',
    'share group: group.type=share, group.consumers=24',
    'parallel consumer: group.parallel.ordering=key',
    'lag-aware: group.assignor=lag-aware, group.protocol=eager',
  ],
  speed: 4,
  steps: [
    {
      text:
        'One key, global-marketplace, carries 45 % of 6000 records/s, so lane 6 gets about 2975 records/s and one consumer ' +
        'processes 2500. Four answers side by side: salting spreads the key over several lanes; a share group of 24 members ' +
        'puts two readers on every lane; the Parallel Consumer processes different keys at once; a lag-aware assignor ' +
        'gives the heaviest lane to the least loaded consumer.',
      playToSec: 15,
      highlight: { partitions: [6] },
      question: {
        prompt: 'Which sides keep lane 6 drained by 15 s?',
        choices: [
          'All four',
          'Salting and the share group; the Parallel Consumer only slows the climb; the lag-aware side climbs as before',
          'Only salting: nothing on the consumer side can help a hot partition',
        ],
        answer: 1,
        explain:
          'Salting moves the load off the lane; the share group adds a second reader to it. The Parallel Consumer in key order ' +
          "runs other keys beside the hot one, but the hot key's own records still go one at a time. The lag-aware assignor " +
          'has not run yet: the group formed before there was any lag to weigh.',
      },
    },
    {
      text: 'At 20 s a fifth consumer joins every side. On the lag-aware side the group leader now weighs each lane by its lag and rate.',
      playToSec: 35,
      highlight: { partitions: [6] },
      question: {
        prompt: 'What does the lag-aware assignor do for lane 6?',
        choices: [
          'It splits lane 6 between two consumers',
          'It gives lane 6 a consumer of its own: the lag climbs more slowly, but still climbs',
          'Nothing: it assigns like range',
        ],
        answer: 1,
        explain:
          'An assignor only decides who reads a lane; a partition is never split between members of a consumer group. ' +
          'Alone on its consumer, lane 6 still brings about 2975 records/s to a consumer that processes 2500.',
      },
    },
    {
      // The strip's own words: it has no "ordering-violation" row (one highway's counter is "order violations").
      text: 'Now the costs. Look at each side’s “out of order” figure (“reordered” where the sides are narrow): records of a key consumed after a later one.',
      playToSec: 50,
      question: {
        prompt: "Which sides still deliver every key's records in order?",
        choices: ['Salting', 'The share group', 'The Parallel Consumer (key order) and the lag-aware side'],
        answer: 2,
        explain:
          'Salting sends one key down several lanes, and a share group lets two members take records of one lane at once: ' +
          'both finish records of one key out of order. Key order and a plain consumer group keep it.',
      },
    },
    {
      text:
        'Salting drains the lane and breaks the key order; the share group drains it with more members than lanes and ' +
        'breaks it too; the Parallel Consumer keeps the order and slows the climb; a lag-aware assignor keeps it and only ' +
        'helps as much as a lane of its own can. Which cost can your system pay?',
      playToSec: 60,
    },
  ],
}
