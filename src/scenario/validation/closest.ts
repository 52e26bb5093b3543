// The known field a mistyped one most likely meant ("consumerz" → "consumers"), for the
// unknown-field warning. Pure.

/** Keys longer than this are not compared (a hostile input's megabyte key costs nothing). */
const MAX_KEY = 64

/** Case, and the separators that differ between spellings (session_timeout_ms, session.timeout.ms), do not count. */
function folded(k: string): string {
  return k.toLowerCase().replace(/[._\-\s]/g, '')
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), so "recrods" is one edit
 * from "records". Stops early (returns > limit) once no alignment can stay within `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let prev2: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1)
      cur.push(d)
      best = Math.min(best, d)
    }
    if (best > limit) return limit + 1
    prev2 = prev
    prev = cur
  }
  return prev[b.length]!
}

/**
 * The known field closest to `key`, when one is close: within 1 edit for keys of up to 4
 * characters, 2 up to 10, 3 beyond (folded: case and . _ - ignored). Ties go to the first known.
 */
export function closestField(key: string, known: readonly string[]): string | undefined {
  if (key.length > MAX_KEY) return undefined
  const k = folded(key)
  const limit = k.length <= 4 ? 1 : k.length <= 10 ? 2 : 3
  let best: string | undefined
  let bestD = limit + 1
  for (const name of known) {
    const d = editDistance(k, folded(name), bestD - 1)
    // A distance as long as the shorter word is no resemblance ("ab" is 2 edits from "cd").
    if (d < bestD && d < Math.min(k.length, folded(name).length)) {
      best = name
      bestD = d
    }
  }
  return best
}
