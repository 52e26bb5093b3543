// base64url (RFC 4648 §5) without padding, for scenario links. Pure; no host APIs (btoa/atob are
// not in ES2022). Decoding reports what is wrong instead of throwing.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
/** Sextet value by char code (0–127); -1 outside the alphabet. */
const VALUES = new Int8Array(128).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i

export function toBase64Url(bytes: Uint8Array): string {
  let out = ''
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    out += char(n >> 18) + char(n >> 12) + char(n >> 6) + char(n)
  }
  const rest = bytes.length - i
  if (rest === 1) {
    const n = (bytes[i] ?? 0) << 16
    out += char(n >> 18) + char(n >> 12)
  } else if (rest === 2) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8)
    out += char(n >> 18) + char(n >> 12) + char(n >> 6)
  }
  return out
}

function char(sextet: number): string {
  return ALPHABET.charAt(sextet & 63)
}

export type Base64Result = { ok: true; bytes: Uint8Array } | { ok: false; message: string }

/**
 * Strict: alphabet A–Z a–z 0–9 - _, no padding, and the unused low bits of the last character must
 * be zero, so every byte string has exactly one spelling and any altered character is noticed.
 */
export function fromBase64Url(text: string): Base64Result {
  if (text.length % 4 === 1) return { ok: false, message: `its length (${text.length}) cannot be base64url; is it cut short?` }
  const out = new Uint8Array(Math.floor((text.length * 3) / 4))
  let acc = 0
  let bits = 0
  let o = 0
  for (let i = 0; i < text.length; i++) {
    const v = VALUES[text.charCodeAt(i)] ?? -1
    if (v < 0) return { ok: false, message: `unexpected character ${JSON.stringify(text.charAt(i))} at position ${i}` }
    acc = ((acc << 6) | v) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[o++] = (acc >> bits) & 0xff
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) return { ok: false, message: 'its last character has stray bits; was it cut short or mistyped?' }
  return { ok: true, bytes: out }
}
