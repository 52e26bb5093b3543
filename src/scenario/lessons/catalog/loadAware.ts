// Lesson `load-aware`: routing the hot key to the least-loaded lane clears the jam and gives up per-key order.

import type { Lesson } from '../types.ts'

export const loadAwareLesson: Lesson = {
  name: 'load-aware',
  title: 'Load-aware routing and per-key order',
  summary:
    'Instead of hashing, send the hot key to whichever lane is least loaded. The jam clears; see what happens to the order of that key.',
  scenario: {
    preset: 'hot-key',
    actions: [{ atSec: 30, do: 'setDynamic', dynamic: { loadAware: { enabled: true, scope: 'hot-keys' } } }],
  },
  speed: 4,
  steps: [
    {
      text: 'The hot-key jam: global-marketplace carries 45 % of 6000 records/s, all of it on lane 6, whose one consumer falls behind.',
      playToSec: 28,
      highlight: { partitions: [6], consumers: ['consumer-3'] },
    },
    {
      text: "At 30 s load-aware routing starts: records of the flagged key go to whichever lane is least loaded; every other key keeps its hashed lane.",
      playToSec: 60,
      question: {
        prompt: 'What happens to the total lag by 60 s?',
        choices: ['It keeps climbing: the key is still hot', 'It drains, and no lane falls behind', 'It moves from lane 6 to the next lane'],
        answer: 1,
        explain: "The key's 2700 records/s spread across the quiet lanes and no consumer gets more than it can process, so the backlog drains.",
      },
    },
    {
      text: 'Look at the ordering-violation counter.',
      playToSec: 80,
      question: {
        prompt: "Is the order of global-marketplace's records still guaranteed?",
        choices: ['Yes: it is still one key', 'No: its records now travel several lanes, and the ordering-violation counter climbs', 'Yes: the consumer sorts records by offset'],
        answer: 1,
        explain:
          'Kafka orders records only within a partition. Load-aware routing trades per-key order of the hot key for throughput, as salting does.',
      },
    },
  ],
}
