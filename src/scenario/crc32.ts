// CRC-32 (IEEE 802.3, as zlib and PNG use it): the checksum that lets a damaged link be told apart
// from a different valid one. Pure; the table is built once on first use.

let table: Uint32Array | undefined

function crcTable(): Uint32Array {
  if (table !== undefined) return table
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  table = t
  return t
}

/** CRC-32 of `bytes` as an unsigned 32-bit integer; crc32("123456789") = 0xcbf43926. */
export function crc32(bytes: Uint8Array): number {
  const t = crcTable()
  let c = 0xffffffff
  for (let i = 0; i < bytes.length; i++) c = (t[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
