// Which records to read for the key sample. Pure.
//
// The sample should show the keys in the proportions the topic receives them now, so it reads each
// partition's newest records, as many from each as its share of the measured produce rate (a topic
// that took no records in the window falls back to shares of what each partition holds). Reading
// the same count from every partition would overweight quiet partitions and hide a hot key.

export interface PartitionSpan {
  partition: number
  /** Earliest offset still in the log. */
  low: number
  /** Log-end offset (the next offset to be written) at the second reading. */
  high: number
  producedPerSec: number
}

export interface SampleRange {
  partition: number
  /** First offset to read (inclusive). */
  from: number
  /** Stop before this offset. */
  to: number
}

export function planSample(wanted: number, spans: readonly PartitionSpan[]): SampleRange[] {
  if (wanted <= 0 || spans.length === 0) return []
  const available = spans.map((s) => Math.max(0, s.high - s.low))
  const totalRate = spans.reduce((a, s) => a + Math.max(0, s.producedPerSec), 0)
  const weights = totalRate > 0 ? spans.map((s) => Math.max(0, s.producedPerSec)) : available
  const totalWeight = weights.reduce((a, w) => a + w, 0)
  if (totalWeight === 0) return []
  // Largest remainder, so the counts add up to `wanted` exactly (when the log holds that many).
  const exact = weights.map((w) => (wanted * w) / totalWeight)
  const counts = exact.map(Math.floor)
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i)
  let left = wanted - counts.reduce((a, c) => a + c, 0)
  for (const { i } of order) {
    if (left <= 0) break
    counts[i]! += 1
    left--
  }
  const out: SampleRange[] = []
  spans.forEach((s, i) => {
    const n = Math.min(counts[i]!, available[i]!)
    if (n > 0) out.push({ partition: s.partition, from: s.high - n, to: s.high })
  })
  return out
}
