// The developer's side of an error banner: the raw message behind a closed "Details" disclosure and,
// for a bug report, a "Copy details" button. Text only (React escapes it; never injected as HTML).

import { useState, type ReactNode } from 'react'
import type { BannerMore } from '../store/bannerSlice.ts'

/** Clipboard API, else the old execCommand route; false when neither worked. */
async function copy(text: string, doc: Document): Promise<boolean> {
  const win = doc.defaultView
  try {
    if (win?.navigator.clipboard !== undefined && win.isSecureContext) {
      await win.navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Permission denied or an unfocused document: try the fallback.
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

export function ErrorDetails({ more }: { more: BannerMore }): ReactNode {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const shown = more.report ?? more.technical
  return (
    <div className="error-details">
      {more.report !== undefined ? (
        <button
          type="button"
          className="ghost"
          onClick={(ev) => {
            const report = more.report as string
            void copy(report, ev.currentTarget.ownerDocument).then((ok) => setCopied(ok ? 'yes' : 'no'))
          }}
        >
          Copy details
        </button>
      ) : null}
      {copied !== null ? <span role="status">{copied === 'yes' ? ' Details copied: paste them into a bug report.' : ' Copying failed: open Details and copy the text by hand.'}</span> : null}
      {shown !== undefined ? (
        <details>
          <summary>Details</summary>
          <pre className="error-details-text">{shown}</pre>
        </details>
      ) : null}
    </div>
  )
}
