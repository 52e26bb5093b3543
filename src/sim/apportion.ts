// Splitting a whole number of records by weights, exactly: the counts always add up to the total,
// so no record is held back in a fractional carry (or dropped with one). Pure.

// Scratch (not state): reused across calls, never checkpointed.
let order = new Int32Array(0)
let selectScratch = new Float64Array(0)
/**
 * The remainders of the call under way: the caller's `carry` itself, which each entry's remainder
 * replaces as soon as it is made (its old carry is in x by then), and which ends as the new carry.
 * A scratch array of its own was one more array of 10 000 written and read each send cycle.
 */
let frac: { [i: number]: number; length: number } = new Float64Array(0)

/**
 * Largest-remainder apportionment with a persistent carry: entry i gets about
 * `total * weights[i] + carry[i]` records, rounded so that the counts sum to `total` exactly.
 * `carry` (same length, updated in place) keeps each entry's rounding error, which stays below a
 * couple of records, so over many calls every entry's running count tracks its share.
 * `weights` should sum to 1; if they do not, the sum is still exact (the error lands in carries).
 * Writes counts to `out` (non-negative integers) and returns it.
 */
export function apportion(total: number, weights: ArrayLike<number>, carry: { [i: number]: number; length: number }, out: Float64Array): Float64Array {
  const m = weights.length
  if (order.length < m) {
    order = new Int32Array(m)
    selectScratch = new Float64Array(m)
  }
  frac = carry
  // Wide (every partition of a topic): remainders are counted into bins as they are made, so the
  // cut of the shortfall is found without a quickselect of every remainder (see bumpWide).
  const wide = m >= BIN_SELECT_FROM
  if (wide) binCount.fill(0)
  let sum = 0
  for (let i = 0; i < m; i++) {
    const x = total * weights[i]! + (carry[i] ?? 0)
    const c = x > 0 ? Math.floor(x) : 0
    out[i] = c
    const f = x - c
    carry[i] = f
    sum += c
    if (wide) binCount[binOf(f)]!++
  }
  let rem = total - sum
  if (rem > 0 && m > 0) {
    // Hand out the shortfall to the largest remainders, whole rounds first should it exceed m.
    if (rem >= m) {
      const rounds = Math.floor(rem / m)
      if (wide) binCount.fill(0)
      for (let i = 0; i < m; i++) {
        out[i]! += rounds
        frac[i]! -= rounds
        if (wide) binCount[binOf(frac[i]!)]!++
      }
      rem -= rounds * m
    }
    if (rem > 0) {
      bumpLargest(m, rem, out, carry, wide)
      return out
    }
  } else if (rem < 0 && m > 0) {
    // Take back an excess (weights summing above 1, or negative carries rounded up to 0) from
    // the smallest remainders that have something to give.
    const idx = sortedByRemainder(m)
    while (rem < 0) {
      let took = false
      for (let j = m - 1; j >= 0 && rem < 0; j--) {
        const i = idx[j]!
        if (out[i]! <= 0) continue
        out[i]! -= 1
        frac[i]! += 1
        rem++
        took = true
      }
      if (!took) break
    }
  }
  return out
}

/** Indices 0..m-1 by remainder, largest first; ties to the lower index, so every run agrees. */
function sortedByRemainder(m: number): Int32Array {
  const idx = order.subarray(0, m)
  for (let i = 0; i < m; i++) idx[i] = i
  return idx.sort((a, b) => frac[b]! - frac[a]! || a - b)
}

/**
 * Adds one to the `rem` (< m) entries with the largest remainders, ties to the lower index: the
 * result of a full sort by (remainder desc, index asc), in expected O(m). Writes every entry's carry
 * in the same pass. A wide split does it in one pass over the entries (bumpWide); otherwise the cut
 * (the rem-th largest remainder) comes from a three-way quickselect of every remainder (remainders
 * often tie, e.g. under uniform weights).
 */
function bumpLargest(m: number, rem: number, out: Float64Array, carry: { [i: number]: number }, wide: boolean): void {
  if (wide) return bumpWide(m, rem, out, carry)
  const cut = kthLargest(copyOfFrac(m), rem - 1)
  let ties = rem - selectedAbove
  for (let i = 0; i < m; i++) {
    const f = frac[i]!
    if (f > cut || (f === cut && ties-- > 0)) {
      out[i]! += 1
      carry[i] = f - 1
    } else carry[i] = f
  }
}

/**
 * bumpLargest on a wide split, in one pass over the entries instead of two (one to gather the cut
 * bin's remainders, one to bump): the bins counted while the remainders were made name the bin the
 * cut lies in, so an entry in a bin above it is bumped and one below it is not, without knowing the
 * cut (binOf never decreases). Only the cut bin's entries wait, in index order, for the cut. Bumps
 * are computed, not branched on: about half the entries of a split are bumped, at random (in the
 * full-size bench the remainders crowd near 0 and 0.5, and the cut bin holds half of them). Same
 * counts and carries exactly; the tail split of a full-size send cycle took ~8 % less (median).
 */
function bumpWide(m: number, rem: number, out: Float64Array, carry: { [i: number]: number }): void {
  const k = rem - 1
  let b = BINS - 1
  let aboveBin = 0
  while (aboveBin + binCount[b]! <= k) aboveBin += binCount[b--]!
  const f0 = frac
  const vals = selectScratch
  const idx = order
  let n = 0
  for (let i = 0; i < m; i++) {
    const f = f0[i]!
    const d = binOf(f) - b
    // Appended always, kept (n moves on) only in the cut bin: remainders often crowd into a few
    // bins (the cut bin can hold half the entries), so that branch would be a coin toss too.
    idx[n] = i
    vals[n] = f
    n += ((d | -d) >>> 31) ^ 1 // 1 when d === 0
    const bump = -d >>> 31 // 1 when d > 0; an entry of the cut bin is settled below
    out[i]! += bump
    carry[i] = f - bump // f - 0 is f, even for -0
  }
  // The bin was chosen because it holds the k-th largest; a bin found empty is a bug, not a rounding.
  if (k - aboveBin >= n) throw new Error(`apportion: bin ${b} holds ${n} remainders, the cut needs ${k - aboveBin + 1}`)
  const cut = kthLargest(vals.subarray(0, n), k - aboveBin) // reorders vals, not idx: read frac again below
  let ties = rem - (aboveBin + selectedAbove)
  for (let j = 0; j < n; j++) {
    const i = idx[j]!
    const f = f0[i]!
    if (f > cut || (f === cut && ties-- > 0)) {
      out[i]! += 1
      carry[i] = f - 1
    } else carry[i] = f
  }
}

function copyOfFrac(m: number): Float64Array {
  const a = selectScratch.subarray(0, m)
  for (let i = 0; i < m; i++) a[i] = frac[i]!
  return a
}

/**
 * From this many entries (a producer's tail over every partition, each send cycle) the cut is found
 * through a histogram of the remainders first: one counting pass narrows it to one bin of ~m/BINS
 * values, which quickselect finishes. Over all 10 000 partitions a quickselect of every remainder
 * was a twentieth of a full-size run, its branches unpredictable on random data. Same value exactly.
 */
const BIN_SELECT_FROM = 256
const BINS = 1024
const binCount = new Int32Array(BINS)

/** Remainders lie below 1; at or below 0 (an entry whose share rounded to nothing) share bin 0. Non-decreasing in f. */
function binOf(f: number): number {
  return f <= 0 ? 0 : f >= 1 ? BINS - 1 : (f * BINS) | 0
}

/** How many values of the last kthLargest's array are larger than the value it returned. */
let selectedAbove = 0

/**
 * The k-th largest value (0-based) of `a`, which it reorders; sets `selectedAbove`. Everything left
 * of the final range is larger than everything in it (each round keeps the side holding k), so the
 * values above the answer are exactly the first `lt`: no second pass to count them.
 */
function kthLargest(a: Float64Array, k: number): number {
  let lo = 0
  let hi = a.length - 1
  for (;;) {
    const pivot = a[(lo + hi) >>> 1]!
    // [lo, lt) > pivot, [lt, gt] = pivot, (gt, hi] < pivot
    let lt = lo
    let i = lo
    let gt = hi
    while (i <= gt) {
      const v = a[i]!
      if (v > pivot) {
        a[i++] = a[lt]!
        a[lt++] = v
      } else if (v < pivot) {
        a[i] = a[gt]!
        a[gt--] = v
      } else i++
    }
    if (k < lt) hi = lt - 1
    else if (k > gt) lo = gt + 1
    else {
      selectedAbove = lt
      return pivot
    }
  }
}
