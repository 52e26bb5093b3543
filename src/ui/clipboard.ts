// Copying text (a share link, an error report): the async Clipboard API, then the old execCommand
// route; false when neither worked, so the caller can show the text for copying by hand.

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
