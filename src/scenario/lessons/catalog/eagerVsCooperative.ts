// Lesson `eager-vs-cooperative`: the same consumer joining two groups, side by side (compare mode).

import type { Lesson } from '../types.ts'

export const eagerVsCooperativeLesson: Lesson = {
  name: 'eager-vs-cooperative',
  title: 'Eager vs cooperative when a consumer joins',
  summary: 'Two identical groups side by side; a fourth consumer joins both at 30 s. Eager stops every lane; cooperative (KIP-429) moves only what must move.',
  scenario: { preset: 'consumer-joins-eager' },
  variants: ['eager: group.protocol=eager, group.assignor=range', 'cooperative: group.protocol=cooperative, group.assignor=cooperative-sticky'],
  speed: 2,
  steps: [
    {
      text:
        'Two identical groups: three consumers, twelve lanes, 1500 records/s. Left: the eager protocol with the range ' +
        'assignor. Right: cooperative rebalancing with cooperative-sticky. At 30 s a fourth consumer joins each.',
      playToSec: 28,
    },
    {
      text: 'consumer-4 joins at 30 s. Watch which lanes stop on each side.',
      playToSec: 36,
      highlight: { consumers: ['consumer-4'] },
      question: {
        prompt: 'On the eager side, how many of the twelve lanes are revoked for the join?',
        choices: ['Only the three that move to consumer-4', 'All twelve: every member gives up everything before rejoining', 'None'],
        answer: 1,
        explain:
          'Under eager rebalancing each member revokes all its partitions when it rejoins, even those it will get back. ' +
          'The cooperative side revokes only the three partitions that end up with consumer-4.',
      },
    },
    {
      text: 'Count the rebalances on each side since 30 s.',
      playToSec: 40,
      question: {
        prompt: 'How many rebalances did the cooperative side need for the join?',
        choices: ['One, like eager', 'Two: a first that revokes only what must move, a second that hands it to consumer-4', 'None'],
        answer: 1,
        explain: 'KIP-429 splits the move in two: the first rebalance takes the partitions away from their owners, the second gives them to the newcomer.',
      },
    },
    {
      text: 'Two rebalances against one. Now compare the work that stopped.',
      playToSec: 45,
      question: {
        prompt: 'Which side lost more partition-seconds of consumption to the join?',
        choices: ['Eager', 'Cooperative: it needed two rebalances', 'Both the same'],
        answer: 0,
        explain: 'Eager stopped all twelve lanes through one long barrier; cooperative paused three lanes for a short while. Two rebalances, far less stopped work.',
      },
    },
  ],
}
