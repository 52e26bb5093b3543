// Lesson `autoscale-storm`: a lag-driven autoscaler under eager rebalancing makes the pauses it reacts to.

import type { Lesson } from '../types.ts'

export const autoscaleStormLesson: Lesson = {
  name: 'autoscale-storm',
  title: 'An autoscaler that causes the storm it should cure',
  summary: 'A KEDA-style autoscaler adds consumers when lag passes a threshold. Under eager rebalancing every addition stops every lane. Count the cost of a 20-second spike.',
  scenario: { preset: 'autoscale-storm' },
  speed: 4,
  steps: [
    {
      text:
        'Three consumers, twelve lanes, 3000 records/s: calm. At 30 s traffic jumps ×4 for 20 s. The autoscaler adds a ' +
        'consumer when lag passes 20 000 records and removes one when it is below 1000, with a 10 s cooldown.',
      playToSec: 28,
    },
    {
      text: 'The spike starts. Watch the lag each time the autoscaler adds a consumer.',
      playToSec: 50,
      highlight: { consumers: ['consumer-4', 'consumer-5'] },
      question: {
        prompt: 'What happens to lag while an added consumer joins?',
        choices: ['It falls at once: there is one more consumer', 'It keeps climbing: under eager rebalancing each join stops every lane', 'Nothing changes'],
        answer: 1,
        explain: 'Every member revokes all its partitions for each rebalance, so for a few seconds nobody consumes while 12 000 records/s keep arriving.',
      },
    },
    {
      text: 'The spike is over at 50 s. Let the autoscaler settle.',
      playToSec: 100,
      question: {
        prompt: 'How many rebalances did the 20-second spike cause in all?',
        choices: ['One', 'Two', 'Six: three to scale out and three more to scale back in'],
        answer: 2,
        explain: 'Each addition and each removal is a rebalance that stops every lane. Scaling on lag with a short cooldown amplifies the very pauses it reacts to.',
      },
    },
  ],
}
