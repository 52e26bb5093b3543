// Several pastes (or files) to one imported scenario: each is parsed on its own (format given or
// guessed), the ones that parsed are merged (shape from one, rates from another), and the merged
// facts are built into a scenario. The CLI and the Import dialog share it. Pure; never throws.

import { buildScenario, type BuildOptions, type BuildResult } from './build.ts'
import { mergeFacts } from './merge.ts'
import { NAME_THE_FORMAT, NOT_TOOL_OUTPUT, parseImport } from './parse.ts'
import type { ClusterFacts, ImportFormat, ParseResult } from './types.ts'

export interface Paste {
  /** How the account names it: "paste 1", a file name. */
  source: string
  text: string
  /** Absent: guessed from the text. */
  format?: ImportFormat
}

export interface PastesResult {
  parsed: Array<{ source: string; result: ParseResult }>
  /** The merged facts of the pastes that parsed (null when none did). */
  facts: ClusterFacts | null
  /** The scenario built from them (null when no paste parsed). */
  build: BuildResult | null
}

export function importPastes(pastes: readonly Paste[], opts: BuildOptions = {}): PastesResult {
  const parsed = pastes.map((p) => ({ source: p.source, result: parseImport(p.text, { source: p.source, ...(p.format ? { format: p.format } : {}) }) }))
  const ok = parsed.flatMap((p) => (p.result.ok ? [p.result.facts] : []))
  if (ok.length === 0) return { parsed, facts: null, build: null }
  const facts = ok.length === 1 ? ok[0]! : mergeFacts(ok)
  return { parsed, facts, build: buildScenario(facts, opts) }
}

/**
 * A paste that did not parse, in one line: the format tried and the line (0: the text as a whole).
 * `nameFormat`: how this caller's user names a format (the dialog has a list, not `--format`).
 */
export function parseProblem(source: string, r: Extract<ParseResult, { ok: false }>, nameFormat?: string): string {
  const message = nameFormat === undefined ? r.message : r.message.replace(NAME_THE_FORMAT, nameFormat)
  const line = r.line > 0 ? ` (line ${r.line})` : ''
  // A text named as something else (a client's .properties, a run summary) was read as no format.
  if (message.startsWith(`${NOT_TOOL_OUTPUT}:`)) return `${source}${line}: ${message}`
  return `${source}: not readable as ${r.format}${line}: ${message}`
}
