// The Prometheus text exposition format, one sample line at a time:
// `name{label="value",…} value [timestamp_ms]`, `# HELP`/`# TYPE` comments, label values escaped
// with \\ \" \n. Plus this project's own comment `# scraped at <time>` (ISO 8601 with a zone, or
// Unix seconds/ms) that marks where a scrape begins and when it was taken. Pure.
import { ImportError, shown } from './common.ts'

export interface Sample {
  name: string
  labels: Record<string, string>
  /** The value as written (kept as text so whole numbers can be checked exactly). */
  value: string
  timestampMs?: number
  line: number
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/

/** Reads one sample line (not a comment, not blank). */
export function readSample(raw: string, line: number): Sample {
  const s = raw.trim()
  const nm = NAME.exec(s)
  if (!nm) throw new ImportError(line, `'${shown(s)}' is not a metric sample (name{labels} value)`)
  const name = nm[0]
  let at = name.length
  const labels: Record<string, string> = {}
  if (s[at] === '{') {
    at++
    for (;;) {
      while (s[at] === ' ' || s[at] === '\t' || s[at] === ',') at++
      if (s[at] === '}') {
        at++
        break
      }
      const ln = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(s.slice(at))
      if (!ln) throw new ImportError(line, `bad label in '${shown(s, 80)}'`)
      at += ln[0].length
      while (s[at] === ' ') at++
      if (s[at] !== '=' || s[at + 1] !== '"') throw new ImportError(line, `label ${ln[0]} has no ="value" in '${shown(s, 80)}'`)
      at += 2
      let v = ''
      for (;;) {
        const c = s[at]
        if (c === undefined) throw new ImportError(line, `unterminated label value in '${shown(s, 80)}'`)
        at++
        if (c === '"') break
        if (c === '\\') {
          const e = s[at++]
          v += e === 'n' ? '\n' : e === undefined ? '' : e
        } else v += c
      }
      labels[ln[0]] = v
    }
  }
  const rest = s.slice(at).trim().split(/[ \t]+/)
  if (rest.length < 1 || rest.length > 2 || rest[0] === '') {
    throw new ImportError(line, `'${shown(s, 80)}' should end with a value and an optional timestamp`)
  }
  const sample: Sample = { name, labels, value: rest[0]!, line }
  if (rest[1] !== undefined) {
    if (!/^-?\d{1,16}$/.test(rest[1])) throw new ImportError(line, `timestamp '${shown(rest[1])}' is not whole milliseconds`)
    sample.timestampMs = Number(rest[1])
  }
  return sample
}

/** `# scraped at 2026-12-01T00:59:30Z` (or +01:00, or Unix seconds / milliseconds). */
export function scrapedAt(raw: string, line: number): number | undefined {
  const m = /^#\s*scraped at\s+(.+?)\s*$/i.exec(raw.trim())
  if (!m) return undefined
  const t = readTime(m[1]!)
  if (t === undefined) {
    throw new ImportError(line, `'# scraped at ${shown(m[1]!)}' needs a time like 2026-12-01T00:59:30Z or Unix seconds`)
  }
  return t
}

/** ISO 8601 date-time (zone required, or read as UTC) or a Unix time in s / ms; computed by hand so
 * the result never depends on the machine's time zone. */
export function readTime(s: string): number | undefined {
  if (/^\d{9,11}(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000)
  if (/^\d{12,14}$/.test(s)) return Number(s)
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i.exec(s)
  if (!m) return undefined
  const [, y, mo, d, h, mi, sec, frac, zone] = m
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec ?? 0), ms)
  if (zone && !/^(Z|UTC)$/i.test(zone)) {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!
    const off = (Number(z[2]) * 60 + Number(z[3])) * 60_000
    t -= z[1] === '+' ? off : -off
  }
  return Number.isFinite(t) ? t : undefined
}

/** The identity of a series: name plus sorted labels. */
export function seriesKey(s: Sample): string {
  const keys = Object.keys(s.labels).sort()
  return `${s.name}{${keys.map((k) => `${k}=${JSON.stringify(s.labels[k])}`).join(',')}}`
}
