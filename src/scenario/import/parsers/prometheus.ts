// kafka_exporter's metrics (danielqsj/kafka_exporter) as Prometheus text: partition counts,
// log-end offsets (kafka_topic_partition_current_offset), leaders, and per group the committed
// offset, lag and member count. One scrape gives offsets and lag; two or more (pasted one after
// another, each begun by `# scraped at <time>` or carrying sample timestamps) give per-partition
// rates from the first to the last: producedPerSec from log-end offsets, consumedPerSec from the
// group's committed offsets (provenance `derived`). A new scrape starts at a `# scraped at` line
// or when a series repeats. Pure.
import type { ClusterFacts } from '../types.ts'
import { ImportError, readCount, readPartition, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'
import { readSample, scrapedAt, seriesKey, type Sample } from './promText.ts'

interface Scrape {
  atMs?: number
  samples: Sample[]
  line: number
}

/** The metric families read; everything else in a scrape (go_*, process_*, …) is skipped. */
const READ = new Set([
  'kafka_brokers',
  'kafka_topic_partitions',
  'kafka_topic_partition_current_offset',
  'kafka_topic_partition_leader',
  'kafka_consumergroup_current_offset',
  'kafka_consumergroup_lag',
  'kafka_consumergroup_members',
])

export function splitScrapes(lines: string[]): Scrape[] {
  const scrapes: Scrape[] = []
  let cur: Scrape | undefined
  let seen = new Set<string>()
  const start = (line: number, atMs?: number): Scrape => {
    const s: Scrape = { samples: [], line }
    if (atMs !== undefined) s.atMs = atMs
    scrapes.push(s)
    seen = new Set()
    return s
  }
  lines.forEach((raw, i) => {
    const line = i + 1
    const t = raw.trim()
    if (t === '') return
    if (t.startsWith('#')) {
      const at = scrapedAt(t, line)
      if (at !== undefined) cur = cur && cur.samples.length === 0 && cur.atMs === undefined ? Object.assign(cur, { atMs: at }) : start(line, at)
      return
    }
    const sample = readSample(t, line)
    if (!READ.has(sample.name)) return
    const key = seriesKey(sample)
    if (!cur || seen.has(key)) cur = start(line)
    seen.add(key)
    cur.samples.push(sample)
  })
  return scrapes.filter((s) => s.samples.length > 0)
}

/** When a scrape was taken: its `# scraped at` line, else its newest sample timestamp. */
function scrapeTime(s: Scrape): number | undefined {
  if (s.atMs !== undefined) return s.atMs
  let t: number | undefined
  for (const x of s.samples) if (x.timestampMs !== undefined && (t === undefined || x.timestampMs > t)) t = x.timestampMs
  return t
}

/** A gauge value that must be a whole count; `-1` (no offset) and NaN read as unknown. */
function count(s: Sample, what: string): number | undefined {
  if (s.value === '-1' || s.value === 'NaN' || s.value === '-1e+00') return undefined
  return readCount(s.value, s.line, what)
}

function label(s: Sample, name: string): string {
  const v = s.labels[name]
  if (v === undefined || v === '') throw new ImportError(s.line, `${s.name} has no '${name}' label`)
  return v
}

export function parsePrometheus(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'prometheus')
  const scrapes = splitScrapes(lines)
  if (scrapes.length === 0) throw new ImportError(1, 'no kafka_exporter metrics (kafka_topic_partition_current_offset, kafka_consumergroup_lag, …) found')
  const last = scrapes[scrapes.length - 1]!
  const noted = new Set<string>()
  const once = (key: string, text: string): void => {
    if (!noted.has(key)) {
      noted.add(key)
      b.note(text)
    }
  }
  const groupFor = (topic: string, group: string): boolean => {
    const bound = b.topic(topic).group
    if (bound === undefined) {
      b.setTopicGroup(topic, group)
      return true
    }
    if (bound === group) return true
    once(`g\u0000${topic}\u0000${group}`, `topic '${topic}' is also read by group '${group}'; its offsets are not used (group '${bound}' is)`)
    return false
  }
  for (const s of last.samples) {
    switch (s.name) {
      case 'kafka_brokers':
        b.note(`kafka_exporter saw ${readCount(s.value, s.line, 'kafka_brokers')} brokers`)
        break
      case 'kafka_topic_partitions':
        b.setPartitionCount(label(s, 'topic'), readCount(s.value, s.line, 'kafka_topic_partitions'), s.line)
        break
      case 'kafka_topic_partition_current_offset': {
        const v = count(s, s.name)
        const topic = label(s, 'topic')
        const p = readPartition(label(s, 'partition'), s.line)
        if (v !== undefined) b.set(topic, p, 'logEndOffset', v, s.line)
        else b.partition(topic, p, s.line)
        break
      }
      case 'kafka_topic_partition_leader': {
        const v = count(s, s.name)
        if (v !== undefined) b.set(label(s, 'topic'), readPartition(label(s, 'partition'), s.line), 'leader', v, s.line)
        break
      }
      case 'kafka_consumergroup_current_offset': {
        const topic = label(s, 'topic')
        if (!groupFor(topic, label(s, 'consumergroup'))) break
        const v = count(s, s.name)
        const p = readPartition(label(s, 'partition'), s.line)
        if (v !== undefined) b.set(topic, p, 'committedOffset', v, s.line)
        break
      }
      case 'kafka_consumergroup_lag': {
        const topic = label(s, 'topic')
        if (!groupFor(topic, label(s, 'consumergroup'))) break
        const p = readPartition(label(s, 'partition'), s.line)
        if (/^-\d/.test(s.value) && s.value !== '-1') {
          // kafka_exporter reads the log end and the commit at different moments: lag can dip below 0.
          b.set(topic, p, 'lag', 0, s.line, 'measured', `lag ${shown(s.value)} read as 0`)
          break
        }
        const v = count(s, s.name)
        if (v !== undefined) b.set(topic, p, 'lag', v, s.line)
        break
      }
      case 'kafka_consumergroup_members': {
        const g = label(s, 'consumergroup')
        b.group(g)
        b.note(`group '${g}': ${readCount(s.value, s.line, s.name)} members (kafka_exporter shows the count only)`)
        break
      }
    }
  }
  const lastAt = scrapeTime(last)
  if (lastAt !== undefined) b.facts.observedAtMs = lastAt
  if (scrapes.length >= 2) deriveRates(b, scrapes[0]!, last, scrapes.length, once)
  return b.finish()
}

/** Per-partition rates between the first and the last scrape (per-sample timestamps when given). */
function deriveRates(
  b: FactsBuilder,
  first: Scrape,
  last: Scrape,
  n: number,
  once: (key: string, text: string) => void,
): void {
  const t0 = scrapeTime(first)
  const t1 = scrapeTime(last)
  if (t0 === undefined || t1 === undefined) {
    b.note(`${n} scrapes without times: rates not derived (begin each with '# scraped at <time>')`)
    return
  }
  const before = new Map(first.samples.map((s) => [seriesKey(s), s]))
  for (const s of last.samples) {
    const field =
      s.name === 'kafka_topic_partition_current_offset' ? 'producedPerSec' : s.name === 'kafka_consumergroup_current_offset' ? 'consumedPerSec' : undefined
    if (!field) continue
    const a = before.get(seriesKey(s))
    if (!a) continue
    const topic = s.labels.topic!
    if (field === 'consumedPerSec' && b.topic(topic).group !== s.labels.consumergroup) continue
    const v0 = count(a, a.name)
    const v1 = count(s, s.name)
    if (v0 === undefined || v1 === undefined) continue
    const from = a.timestampMs ?? t0
    const to = s.timestampMs ?? t1
    if (to <= from) {
      throw new ImportError(s.line, `this scrape is not later than the one on line ${first.line}: rates need increasing times`)
    }
    const p = readPartition(s.labels.partition!, s.line)
    if (v1 < v0) {
      once(`back\u0000${topic}`, `${topic}: an offset went backwards between scrapes (topic recreated?); that rate is not derived`)
      continue
    }
    const sec = (to - from) / 1000
    const rate = Math.round(((v1 - v0) / sec) * 1000) / 1000
    const note = `${n} scrapes ${fmtSec(sec)} apart (${field === 'producedPerSec' ? 'log-end' : 'committed'} offset growth)`
    b.set(topic, p, field, rate, s.line, 'derived', note)
  }
}

function fmtSec(sec: number): string {
  return Number.isInteger(sec) ? `${sec} s` : `${sec.toFixed(1)} s`
}
