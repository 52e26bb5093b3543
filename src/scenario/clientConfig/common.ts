// What every client's text shares: the header, safe comments and string literals. Pure.

import { startingNames } from '../consumerNames.ts'
import type { Scenario } from '../types.ts'

export const CLIENTS = ['java', 'librdkafka', 'kafkajs', 'kafka-python'] as const
export type ClientName = (typeof CLIENTS)[number]

export const CLIENT_LABELS: Record<ClientName, string> = {
  java: 'Java (properties)',
  librdkafka: 'librdkafka / confluent-kafka-python',
  kafkajs: 'KafkaJS',
  'kafka-python': 'kafka-python',
}

export function isClient(x: string): x is ClientName {
  return (CLIENTS as readonly string[]).includes(x)
}

/** Where the brokers are is not part of a scenario: a placeholder the reader replaces. */
export const BOOTSTRAP = 'localhost:9092'

/**
 * Text from a scenario (its name, a group id) made safe for one comment line: a line break in a
 * stranger's scenario name must not end the comment and become a setting.
 */
export function commentText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
}

/** A string literal for JavaScript and Python alike (JSON's escapes are valid in both). */
export function quoted(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** The consumers' names, as the simulation names them (group.instance.id for static members). */
export function instanceIds(s: Scenario): string[] {
  return startingNames({ consumers: Math.max(1, s.group.consumers), ...(s.group.consumerNames ? { consumerNames: s.group.consumerNames } : {}) })
}

/** The first lines of every client's text (`mark` starts a comment: '#' or '//'). */
export function header(s: Scenario, client: ClientName, mark: string, atMs?: number): string[] {
  const when =
    atMs === undefined
      ? `${mark} Generated from the scenario's settings at 0 s (live changes during the run are not included).`
      : `${mark} Generated from the settings in force at ${(atMs / 1000).toFixed(1)} s of the run (its start settings with the live changes made up to then).`
  return [`${mark} Partition Highway: the settings of scenario "${commentText(s.name)}" for ${CLIENT_LABELS[client]}.`, when, `${mark} Replace the bootstrap servers with your own.`]
}

/** What the scenario's code-side choices ask of the application (no client setting does this). */
export function codeNotes(s: Scenario, mark: string): string[] {
  const out: string[] = []
  if (s.group.processing.commitMode === 'after-processing') out.push(`${mark} The scenario commits after processing each poll's records: call commitSync() (commit()) after processing.`)
  if (s.group.processing.commitOnRevoke) out.push(`${mark} The scenario commits in onPartitionsRevoked: commit processed offsets in your rebalance listener.`)
  return out
}
