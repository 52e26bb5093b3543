// Deep copy of plain simulation data: objects, arrays, typed arrays, Map, Set, primitives.
// Pure and host-free (structuredClone is a host API, so the core cannot rely on it).
// Checkpoints are built from it; anything else (functions, class instances) is a bug in the caller.

export function deepClone<T>(v: T): T {
  return cloneAny(v) as T
}

function cloneAny(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return (v as unknown as { slice(): unknown }).slice()
  if (Array.isArray(v)) return v.map(cloneAny)
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, cloneAny(x)]))
  if (v instanceof Set) return new Set([...v].map(cloneAny))
  const proto = Object.getPrototypeOf(v)
  if (proto !== Object.prototype && proto !== null) {
    throw new TypeError(`deepClone: not plain data (${(proto as { constructor?: { name?: string } }).constructor?.name ?? 'unknown'})`)
  }
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(v)) out[k] = cloneAny((v as Record<string, unknown>)[k])
  return out
}
