// A saved tool output that is UTF-16: Windows PowerShell 5's `>` writes UTF-16LE with a byte-order
// mark (`kafka-consumer-groups.bat … > lag.txt`), which read as UTF-8 is full of NUL bytes and was
// refused as binary. The CLI and the Import dialog decode such a file here first, then fall back
// to UTF-8. Pure (code units joined by hand: no TextDecoder in the platform-free core).

/** The text of `bytes` when they start with a UTF-16 byte-order mark (FF FE or FE FF), else null. */
export function utf16FromBom(bytes: Uint8Array): string | null {
  if (bytes.length < 2) return null
  const le = bytes[0] === 0xff && bytes[1] === 0xfe
  const be = bytes[0] === 0xfe && bytes[1] === 0xff
  if (!le && !be) return null
  const units: number[] = []
  let out = ''
  for (let i = 2; i + 1 < bytes.length; i += 2) {
    units.push(le ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!)
    // In slices: String.fromCharCode takes its arguments on the stack.
    if (units.length === 8192) out += String.fromCharCode(...units.splice(0))
  }
  return out + String.fromCharCode(...units)
}

export type FileText = { ok: true; text: string } | { ok: false; problem: string }

/**
 * A file's bytes as text, or why they are not text, for the CLI and the Import dialog alike: UTF-16
 * when a byte-order mark says so, else UTF-8 (`utf8`: the platform's strict decoder, which throws
 * on invalid UTF-8); a NUL byte or invalid UTF-8 is a binary file.
 */
export function fileText(bytes: Uint8Array, utf8: (bytes: Uint8Array) => string): FileText {
  const utf16 = utf16FromBom(bytes)
  if (utf16 !== null) return { ok: true, text: utf16 }
  if (bytes.includes(0)) return { ok: false, problem: 'is binary, not text (it contains NUL bytes)' }
  try {
    return { ok: true, text: utf8(bytes) }
  } catch {
    return { ok: false, problem: 'is not UTF-8 text (a binary file?)' }
  }
}
