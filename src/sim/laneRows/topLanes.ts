// The first `k` of lanes 0..P-1 in a ranking, without sorting all of them: the worker picks the
// busiest lanes (lane groups) and the laggiest (the metrics table) of 10 000 on every page frame,
// where a sort of every lane was a fifth of its time building one. Pure.

/**
 * The `k` lanes that `before` ranks first (`before(a, b) < 0`: a ranks ahead of b; a total order,
 * ties broken by the caller), in rank order. One pass with a heap of `k` whose root is the weakest
 * lane kept: most lanes rank behind it and cost one comparison.
 */
export function topLanes(P: number, k: number, before: (a: number, b: number) => number): number[] {
  const heap = new Int32Array(Math.max(0, Math.min(k, P)))
  const cap = heap.length
  let n = 0
  // `a` is weaker than `b`: it ranks behind it.
  const weaker = (a: number, b: number): boolean => before(a, b) > 0
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1
      if (l >= n) return
      const c = l + 1 < n && weaker(heap[l + 1]!, heap[l]!) ? l + 1 : l
      if (!weaker(heap[c]!, heap[i]!)) return
      const x = heap[i]!
      heap[i] = heap[c]!
      heap[c] = x
      i = c
    }
  }
  for (let p = 0; p < P && cap > 0; p++) {
    if (n < cap) {
      // Sift up.
      let i = n++
      heap[i] = p
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (!weaker(heap[i]!, heap[parent]!)) break
        const x = heap[i]!
        heap[i] = heap[parent]!
        heap[parent] = x
        i = parent
      }
    } else if (before(p, heap[0]!) < 0) {
      heap[0] = p
      down(0)
    }
  }
  return Array.from(heap.subarray(0, n)).sort(before)
}
