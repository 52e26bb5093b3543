// A chosen or dropped file's text, or why it is not text, by the CLI's rule (scenario/import/textBytes.ts):
// a binary file was read as text and answered "not readable as log-dirs (line 5): … not valid JSON".

import { fileText as textOf, type FileText } from '../../scenario/import/textBytes.ts'

export type { FileText }

/** UTF-16 when a byte-order mark says so (PowerShell's `>`), else UTF-8; NUL bytes or invalid UTF-8: not text. */
export function fileText(bytes: Uint8Array): FileText {
  return textOf(bytes, (b) => new TextDecoder('utf-8', { fatal: true }).decode(b))
}
