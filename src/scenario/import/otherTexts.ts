// JSON an architect pastes or passes to import that is no tool's output about a cluster: the page's
// own Export → Summary, a scenario file, other JSON. Each was
// answered "read as consumer-groups: expected the header 'GROUP TOPIC …'", which says nothing of
// what the text is; this names it and where its contents belong instead. Pure; never throws.

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** What the text is, when it is one of these, with the line that shows it; else null. */
export function otherText(text: string): { line: number; message: string } | null {
  const t = text.trimStart()
  return t.startsWith('{') || t.startsWith('[') ? otherJson(t) : null
}

function otherJson(t: string): { line: number; message: string } | null {
  let doc: unknown
  try {
    doc = JSON.parse(t) as unknown
  } catch {
    return null
  }
  if (isObject(doc) && typeof doc.simSeconds === 'number' && 'latencyMs' in doc) {
    return { line: 1, message: "the summary of a simulated run (Export → Summary, highway run --json), not a cluster's state: paste what Kafka's tools print" }
  }
  const scenario = isObject(doc) && isObject(doc.scenario) && Array.isArray(doc.fields) ? doc.scenario : doc
  if (isObject(scenario) && isObject(scenario.topic) && Array.isArray(scenario.producers)) {
    return { line: 1, message: 'a Partition Highway scenario, not a tool’s output: open it by its link (highway import … --link, or the page’s Share), or run it with highway run --scenario FILE' }
  }
  return { line: 1, message: 'JSON, but not what kcat -L -J, kcat -C -J records, Burrow or kafka-log-dirs.sh print' }
}
