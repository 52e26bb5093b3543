// Seeded, serialisable PRNG with independent streams. Pure: the only randomness in the engine.
// xoshiro128** (Blackman & Vigna) seeded through splitmix32, so stream `k` of seed `s` is
// independent of stream `k+1` and any stream can be saved and restored as four uint32s.

export type RngState = readonly [number, number, number, number]

function splitmix32(x: number): [number, number] {
  x = (x + 0x9e3779b9) | 0
  let z = x
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
  return [x, (z ^ (z >>> 16)) >>> 0]
}

export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number
  // lognormalUnitMean's constants for the last cv it saw (derived, never saved): a consumer asks
  // for the same cv on every poll, and the log and square root were two of its five transcendental
  // calls, 100 000 times a simulated second at full size. Same values, so the same draws.
  private cvSeen = Number.NaN
  private sigma = 0
  private halfS2 = 0

  private constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0; this.b = b | 0; this.c = c | 0; this.d = d | 0
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1
  }

  /** Stream `stream` of `seed`: the same pair always gives the same sequence. */
  static create(seed: number, stream = 0): Rng {
    let x = (seed ^ Math.imul(stream + 1, 0x27d4eb2d)) | 0
    const out: number[] = []
    for (let i = 0; i < 4; i++) {
      const [nx, v] = splitmix32(x)
      x = nx
      out.push(v)
    }
    return new Rng(out[0]!, out[1]!, out[2]!, out[3]!)
  }

  static restore(st: RngState): Rng {
    return new Rng(st[0], st[1], st[2], st[3])
  }

  save(): RngState {
    return [this.a, this.b, this.c, this.d]
  }

  /** Next uint32. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0
    const t = this.b << 9
    this.c ^= this.a
    this.d ^= this.b
    this.b ^= this.c
    this.a ^= this.d
    this.c ^= t
    this.d = rotl(this.d, 11)
    return result
  }

  /** Next signed int32 (as Java's Random.nextInt() would hand to Utils.toPositive). */
  nextInt32(): number {
    return this.nextU32() | 0
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number {
    return this.nextU32() / 4294967296
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** Exponential with the given mean. */
  exp(mean: number): number {
    return -Math.log(1 - this.next()) * mean
  }

  /** Standard normal (Box–Muller; one draw per call keeps the state simple to save). */
  normal(): number {
    const u = 1 - this.next()
    const v = this.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }

  /** Log-normal with mean 1 and coefficient of variation `cv` (processing-time jitter). */
  lognormalUnitMean(cv: number): number {
    if (cv <= 0) return 1
    if (cv !== this.cvSeen) {
      const s2 = Math.log(1 + cv * cv)
      this.sigma = Math.sqrt(s2)
      this.halfS2 = s2 / 2
      this.cvSeen = cv
    }
    return Math.exp(this.sigma * this.normal() - this.halfS2)
  }

  /** Poisson count with mean `m` (Knuth below 30, normal approximation above). */
  poisson(m: number): number {
    if (m <= 0) return 0
    if (m < 30) {
      const l = Math.exp(-m)
      let k = 0
      let p = 1
      do {
        k++
        p *= this.next()
      } while (p > l)
      return k - 1
    }
    return Math.max(0, Math.round(m + Math.sqrt(m) * this.normal()))
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k))
}
