// UTF-8 encoding of a key, byte for byte as Kafka's StringSerializer produces it.
// Pure: reads only its arguments; no TextEncoder (not in lib ES2022), no Buffer, no DOM.

/**
 * Java's replacement for an unpaired surrogate. Kafka's `StringSerializer` calls
 * `String.getBytes(StandardCharsets.UTF_8)`, and `getBytes` always replaces malformed input with the
 * charset's replacement bytes, which for UTF-8 is the single byte `'?'`. (`TextEncoder` would write
 * U+FFFD, three bytes, so it would hash differently.)
 */
const JAVA_REPLACEMENT_BYTE = 0x3f;

/**
 * Number of bytes {@link utf8Bytes} produces for `s`. A surrogate pair counts 4 bytes; an unpaired
 * surrogate counts 1 (Java's `'?'`). Never more than `3 * s.length`.
 */
export function utf8Length(s: string): number {
  const n = s.length;
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && isLowSurrogate(s.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) bytes += 1;
    else bytes += 3;
  }
  return bytes;
}

/**
 * Writes the UTF-8 bytes of `s` into `target` from index 0 and returns how many were written.
 * Precondition: `target.length >= utf8Length(s)` (`3 * s.length` always suffices); a shorter
 * target silently loses bytes, as typed arrays ignore writes past their end.
 *
 * The rules follow the JDK's `String` UTF-8 encoder (`encodeUTF8_UTF16`, used by
 * `String.getBytes(UTF_8)`): a high surrogate followed by a low surrogate is one code point in
 * 4 bytes; any other surrogate becomes `'?'` and the next unit is encoded on its own. U+0000 is
 * the single byte 0x00 (Java's "modified UTF-8" applies only to `DataOutput.writeUTF`).
 */
export function encodeUtf8Into(s: string, target: Uint8Array): number {
  const n = s.length;
  let at = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      target[at++] = c;
    } else if (c < 0x800) {
      target[at++] = 0xc0 | (c >> 6);
      target[at++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && isLowSurrogate(next)) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        target[at++] = 0xf0 | (cp >> 18);
        target[at++] = 0x80 | ((cp >> 12) & 0x3f);
        target[at++] = 0x80 | ((cp >> 6) & 0x3f);
        target[at++] = 0x80 | (cp & 0x3f);
        i++;
      } else {
        target[at++] = JAVA_REPLACEMENT_BYTE;
      }
    } else {
      target[at++] = 0xe0 | (c >> 12);
      target[at++] = 0x80 | ((c >> 6) & 0x3f);
      target[at++] = 0x80 | (c & 0x3f);
    }
  }
  return at;
}

/**
 * The bytes Kafka's `StringSerializer` (default encoding UTF-8) sends for `s`: exactly
 * `String.getBytes(StandardCharsets.UTF_8)`, including `'?'` (0x3F) for each unpaired surrogate.
 * Allocates one array of the exact length. Pure.
 */
export function utf8Bytes(s: string): Uint8Array {
  const bytes = new Uint8Array(utf8Length(s));
  encodeUtf8Into(s, bytes);
  return bytes;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
