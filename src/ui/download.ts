// Saving text or a picture as a file: a Blob behind a temporary <a download>.

export function downloadBlob(doc: Document, blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = doc.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  doc.body.appendChild(a)
  a.click()
  a.remove()
  // Revoked after the click has been handled: revoking at once can cancel the download.
  doc.defaultView?.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function downloadText(doc: Document, text: string, fileName: string, type = 'text/plain'): void {
  downloadBlob(doc, new Blob([text], { type: `${type};charset=utf-8` }), fileName)
}

/**
 * A download's file name: `partition-highway-<name>-<t>s.<ext>` (name: the preset's or the scenario's,
 * reduced to letters, digits, '.', '_' and '-'; t: simulated seconds as a link writes them).
 */
export function exportFileName(name: string, tMs: number, ext: string): string {
  return `partition-highway-${fileSafe(name)}-${Math.max(0, Math.round(tMs)) / 1000}s.${ext}`
}

export function fileSafe(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 60)
  return s === '' ? 'scenario' : s
}
