// Texts an architect pastes or passes to import that are no tool's output about a cluster: a Java
// client's .properties file, the page's own Export → Summary, a scenario file, other JSON. Each was
// answered "read as consumer-groups: expected the header 'GROUP TOPIC …'", which says nothing of
// what the text is; this names it and where its contents belong instead. Pure; never throws.

/** Keys every Java client properties file sets one of (consumer, producer or connection settings). */
const CLIENT_KEY =
  /^(bootstrap\.servers|group\.id|group\.instance\.id|group\.protocol|client\.id|key\.(de)?serializer|value\.(de)?serializer|security\.protocol|sasl\.[\w.]+|ssl\.[\w.]+|partition\.assignment\.strategy|max\.poll\.(records|interval\.ms)|session\.timeout\.ms|heartbeat\.interval\.ms|enable\.auto\.commit|auto\.offset\.reset|fetch\.[\w.]+|acks|linger\.ms|batch\.size|compression\.type|enable\.idempotence|partitioner\.class|retries|delivery\.timeout\.ms)$/

/** `key = value`, `key: value` or `key value` as java.util.Properties reads a line (its separators). */
const PROPERTY_LINE = /^([A-Za-z][\w.-]*)\s*(?:[=:]|\s)\s*/

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** What the text is, when it is one of these, with the line that shows it; else null. */
export function otherText(text: string): { line: number; message: string } | null {
  const t = text.trimStart()
  if (t.startsWith('{') || t.startsWith('[')) return otherJson(t)
  const lines = text.slice(0, 64_000).split(/\r\n|\r|\n/)
  for (let i = 0; i < lines.length; i++) {
    const s = lines[i]!.trim()
    if (s === '' || s.startsWith('#') || s.startsWith('!')) continue
    const m = PROPERTY_LINE.exec(s)
    if (m && CLIENT_KEY.test(m[1]!)) {
      return {
        line: i + 1,
        message:
          `a Kafka client's .properties file ('${m[1]}'): import reads what Kafka's tools print about a cluster, not a client's settings; ` +
          "set the ones the simulator models in the scenario (the page's Controls; the CLI's --set group.config.max.poll.records=200)",
      }
    }
  }
  return null
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
