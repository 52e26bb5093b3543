// The developer's side of an error banner: the raw message behind a closed "Details" disclosure and,
// for a bug report, a "Copy details" button. Text only (React escapes it; never injected as HTML).

import { useState, type ReactNode } from 'react'
import type { BannerMore } from '../store/bannerSlice.ts'
import { copyText } from './clipboard.ts'

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
            void copyText(report, ev.currentTarget.ownerDocument).then((ok) => setCopied(ok ? 'yes' : 'no'))
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
