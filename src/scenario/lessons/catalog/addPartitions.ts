// Lesson `add-partitions`: growing a topic remaps about half the keys and breaks their order.

import type { Lesson } from '../types.ts'

export const addPartitionsLesson: Lesson = {
  name: 'add-partitions',
  title: 'Adding partitions remaps keys',
  summary: 'The topic grows from 6 to 12 partitions at 30 s. See when the clients notice, how many keys move, and what that does to per-key order.',
  scenario: { preset: 'add-partitions' },
  speed: 2,
  steps: [
    {
      text: 'Six partitions, 5000 keys, 4000 records/s; three consumers keep up. At 30 s six partitions are added (the topic can only grow).',
      playToSec: 28,
    },
    {
      text: 'The partitions exist from 30 s. Producers refresh their metadata every 10 s here (metadata.max.age.ms).',
      playToSec: 38,
      highlight: { partitions: [6, 7, 8, 9, 10, 11] },
      question: {
        prompt: 'At 38 s, how many records have the producers written to the new partitions?',
        choices: ['None yet: producers route to new partitions only after their next metadata refresh', 'About half of the traffic since 30 s', 'All of it'],
        answer: 0,
        explain: 'A producer partitions with the metadata it has. It learns of the new partitions at its next refresh, at 40 s here.',
      },
    },
    {
      text: 'The producers refresh at 40 s. Watch the remapped-keys counter.',
      playToSec: 50,
      question: {
        prompt: 'What share of the 5000 keys now lands on a different partition?',
        choices: ['None: Kafka keeps each key where it was', 'About half', 'All of them'],
        answer: 1,
        explain: 'murmur2(key) % 12 is either murmur2(key) % 6 or that plus 6, so about half the keys move to one of the new partitions.',
      },
    },
    {
      text: 'Look at the ordering-violation counter.',
      playToSec: 60,
      question: {
        prompt: 'What happens to per-key order across the change?',
        choices: ['It is kept: Kafka moves old records along with the key', "It breaks for moved keys: a key's new records can be processed before its old ones still waiting in the old lane"],
        answer: 1,
        explain: 'Kafka leaves records where they were written. A moved key has old records in one lane and new ones in another, read by different consumers at different speeds.',
      },
    },
  ],
}
