// Copying the share link: the async Clipboard API, then the old execCommand route, else give up
// and let the caller show the link for copying by hand.

export async function copyText(text: string, doc: Document): Promise<boolean> {
  const nav = doc.defaultView?.navigator
  try {
    if (nav?.clipboard !== undefined && doc.defaultView?.isSecureContext === true) {
      await nav.clipboard.writeText(text)
      return true
    }
  } catch {
    // Permission denied or unfocused document: fall through to the fallback.
  }
  const area = doc.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  doc.body.appendChild(area)
  area.select()
  let ok = false
  try {
    ok = doc.execCommand('copy')
  } catch {
    ok = false
  }
  area.remove()
  return ok
}
