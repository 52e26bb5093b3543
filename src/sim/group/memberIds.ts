// Member ids for the group runtimes, drawn from the runtime's seeded stream. Pure.

/** RFC 4122 version-4 UUID text from the runtime's seeded stream (Kafka's member ids use UUIDs). */
export function uuidFrom(rng: { nextU32(): number }): string {
  const w = [rng.nextU32(), rng.nextU32(), rng.nextU32(), rng.nextU32()]
  const hex = w.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('')
  const v = `4${hex.slice(13, 16)}`
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${v}-${variant}-${hex.slice(20, 32)}`
}
