// The client configuration that reproduces a scenario's settings, per client. Pure: scenario → text.

import type { Scenario } from '../types.ts'
import type { ClientName } from './common.ts'
import { javaConfig } from './java.ts'
import { kafkajsConfig } from './kafkajs.ts'
import { kafkaPythonConfig } from './kafkaPython.ts'
import { librdkafkaConfig } from './librdkafka.ts'

export { CLIENTS, CLIENT_LABELS, isClient, type ClientName } from './common.ts'

/** The file name a download of it gets (without the scenario part). */
export const CLIENT_FILE_EXT: Record<ClientName, string> = { java: 'properties', librdkafka: 'py', kafkajs: 'js', 'kafka-python': 'py' }

export function clientConfig(s: Scenario, client: ClientName): string {
  switch (client) {
    case 'java':
      return javaConfig(s)
    case 'librdkafka':
      return librdkafkaConfig(s)
    case 'kafkajs':
      return kafkajsConfig(s)
    case 'kafka-python':
      return kafkaPythonConfig(s)
  }
}
