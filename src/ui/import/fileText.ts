// A chosen or dropped file's text, or why it is not text, as the CLI's reader says it (cli/textFile.ts):
// a binary file was read as text and answered "not readable as log-dirs (line 5): … not valid JSON".

import { utf16FromBom } from '../../scenario/import/textBytes.ts'

export type FileText = { ok: true; text: string } | { ok: false; problem: string }

/** UTF-16 when a byte-order mark says so (PowerShell's `>`), else UTF-8; NUL bytes or invalid UTF-8: not text. */
export function fileText(bytes: Uint8Array): FileText {
  const utf16 = utf16FromBom(bytes)
  if (utf16 !== null) return { ok: true, text: utf16 }
  if (bytes.includes(0)) return { ok: false, problem: 'is binary, not text (it contains NUL bytes)' }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    return { ok: false, problem: 'is not UTF-8 text (a binary file?)' }
  }
}
