// The client configuration that reproduces a scenario's settings, per client. Pure: scenario → text.

import { settingsAt } from '../applyCommand.ts'
import type { Scenario } from '../types.ts'
import type { ClientName } from './common.ts'
import { javaConfig } from './java.ts'
import { kafkajsConfig } from './kafkajs.ts'
import { kafkaPythonConfig } from './kafkaPython.ts'
import { librdkafkaConfig } from './librdkafka.ts'

export { CLIENTS, CLIENT_LABELS, isClient, type ClientName } from './common.ts'

/** The file name a download of it gets (without the scenario part). */
export const CLIENT_FILE_EXT: Record<ClientName, string> = { java: 'properties', librdkafka: 'py', kafkajs: 'js', 'kafka-python': 'py' }

/**
 * The text for `client`. With `atMs`: the settings in force at that moment of the run (the start
 * settings with the script's live changes up to then: a partitioner switched, consumers added),
 * which is what the page shows after slider edits; without it, the settings at 0 s.
 */
export function clientConfig(s: Scenario, client: ClientName, atMs?: number): string {
  const now = atMs === undefined ? s : settingsAt(s, atMs)
  switch (client) {
    case 'java':
      return javaConfig(now, atMs)
    case 'librdkafka':
      return librdkafkaConfig(now, atMs)
    case 'kafkajs':
      return kafkajsConfig(now, atMs)
    case 'kafka-python':
      return kafkaPythonConfig(now, atMs)
  }
}
