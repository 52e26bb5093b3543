// Checkpoints as JSON text, for files and the CLI (the worker passes them by structured clone).
// Plain JSON loses what a checkpoint holds: typed arrays, Map and Set, -0, NaN and ±Infinity.
// Those are written as tagged objects ({"$f64": [...]}, {"$num": "-Infinity"}) and read back
// exactly; finite numbers survive JSON as they are (shortest round-trip form).

type Tagged =
  | { $ta: TypedArrayName; v: unknown[] }
  | { $num: 'NaN' | 'Infinity' | '-Infinity' | '-0' }
  | { $map: unknown[] }
  | { $set: unknown[] }

const TYPED = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
} as const
type TypedArrayName = keyof typeof TYPED

function encodeNumber(x: number): number | Tagged {
  if (Number.isNaN(x)) return { $num: 'NaN' }
  if (x === Infinity) return { $num: 'Infinity' }
  if (x === -Infinity) return { $num: '-Infinity' }
  if (x === 0 && 1 / x < 0) return { $num: '-0' }
  return x
}

function encode(v: unknown): unknown {
  if (typeof v === 'number') return encodeNumber(v)
  if (v === null || typeof v !== 'object') return v
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    const name = v.constructor.name as TypedArrayName
    if (!(name in TYPED)) throw new TypeError(`checkpoint: cannot write a ${name}`)
    return { $ta: name, v: Array.from(v as unknown as ArrayLike<number>, encodeNumber) }
  }
  if (Array.isArray(v)) return v.map(encode)
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [encode(k), encode(x)]) }
  if (v instanceof Set) return { $set: [...v].map(encode) }
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(v)) out[k] = encode((v as Record<string, unknown>)[k])
  return out
}

function decodeNumber(v: unknown): number {
  if (typeof v === 'number') return v
  const tag = (v as { $num?: string }).$num
  if (tag === 'NaN') return NaN
  if (tag === 'Infinity') return Infinity
  if (tag === '-Infinity') return -Infinity
  if (tag === '-0') return -0
  throw new TypeError('checkpoint: not a number')
}

function decode(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v
  if (Array.isArray(v)) return v.map(decode)
  const o = v as Record<string, unknown>
  if ('$num' in o) return decodeNumber(o)
  if ('$ta' in o) {
    const name = o.$ta as string
    if (!Object.hasOwn(TYPED, name) || !Array.isArray(o.v)) throw new TypeError('checkpoint: bad typed array')
    return TYPED[name as TypedArrayName].from(o.v.map(decodeNumber))
  }
  if ('$map' in o) return new Map((o.$map as Array<[unknown, unknown]>).map(([k, x]) => [decode(k), decode(x)]))
  if ('$set' in o) return new Set((o.$set as unknown[]).map(decode))
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(o)) {
    Object.defineProperty(out, k, { value: decode(o[k]), enumerable: true, writable: true, configurable: true })
  }
  return out
}

export function checkpointToJson(cp: unknown): string {
  return JSON.stringify(encode(cp))
}

export function checkpointFromJson(text: string): unknown {
  return decode(JSON.parse(text))
}
