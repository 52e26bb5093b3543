// JSON.parse's complaint as one line a person can act on. Pure.

/**
 * JSON.parse's complaint in one line, with the line and column where the engine gives a position: its
 * message can quote the input, newlines and all, and a position in characters means little in a file.
 */
export function jsonProblem(json: string, e: unknown): string {
  const msg = (e instanceof Error ? e.message : 'parse error').replace(/\s+/g, ' ').trim()
  const m = /at position (\d+)/.exec(msg)
  if (m === null) return msg
  const pos = Number(m[1])
  const before = json.slice(0, pos)
  const line = before.split('\n').length
  return `${msg.replace(/ \(line \d+ column \d+\)/, '')}: line ${line}, column ${pos - before.lastIndexOf('\n')}`
}
