// Lesson `rebalance-storm`: a rolling restart under dynamic membership, static membership and KIP-848, side by side.

import type { Lesson } from '../types.ts'

export const stormLesson: Lesson = {
  name: 'rebalance-storm',
  title: 'The rebalancing storm, static membership and KIP-848',
  summary:
    'A rolling restart of six consumers, three ways: dynamic members (a storm of stop-the-world rebalances), static ' +
    'membership (KIP-345: no rebalance at all) and the KIP-848 consumer protocol (changes that stop only what moves).',
  scenario: { preset: 'rolling-restart-dynamic' },
  variants: [
    'dynamic: group.staticMembership=false',
    'static: group.staticMembership=true, group.config.session.timeout.ms=30000',
    'KIP-848: group.protocol=consumer, group.assignor=uniform',
  ],
  speed: 8,
  steps: [
    {
      text:
        'Six consumers, twelve lanes, 6000 records/s. From 20 s each consumer is restarted in turn, down for 8 s, one every ' +
        '20 s, as a deployment would do. Left: dynamic members, eager. Middle: static membership (group.instance.id, ' +
        'session.timeout.ms 30 s). Right: the KIP-848 consumer protocol.',
      playToSec: 18,
    },
    {
      text: 'The first two consumers restart (at 20 s and 40 s). Watch the rebalance count on the left.',
      playToSec: 60,
      highlight: { consumers: ['consumer-1', 'consumer-2'] },
      question: {
        prompt: 'How many rebalances do those two restarts cost the dynamic group?',
        choices: ['None', 'Two, one per restart', 'Four: a LeaveGroup and a new JoinGroup for each restart'],
        answer: 2,
        explain: 'A dynamic member sends LeaveGroup when it stops and joins as a new member when it starts: two eager rebalances per restart, each stopping all lanes.',
      },
    },
    {
      text: 'Two more restarts. Now look at the middle side.',
      playToSec: 100,
      question: {
        prompt: 'How many rebalances has the static group had since the restarts began?',
        choices: ['None: a static member back within session.timeout.ms gets its old partitions without a rebalance', 'As many as the dynamic group', 'One per restart'],
        answer: 0,
        explain: 'A static member never sends LeaveGroup; the coordinator waits up to session.timeout.ms for it. Only its own lanes pause while it is down.',
      },
    },
    {
      text: 'The right side still counts a new group epoch for each leave and join. Compare how much work stops.',
      playToSec: 140,
      question: {
        prompt: 'Under KIP-848, which lanes stop when a member leaves or joins?',
        choices: ['All lanes, as under eager', 'Only the partitions that move between members', 'No lane ever stops'],
        answer: 1,
        explain:
          'KIP-848 has no group-wide barrier: each member reconciles on its own heartbeats and releases only what it must give up. ' +
          'The epochs still count as rebalances, but far less work stops than on the dynamic side.',
      },
    },
  ],
}
