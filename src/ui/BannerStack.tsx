// Problems and notices, as plain text (React escapes it; nothing is ever injected as HTML).

import type { ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { ErrorDetails } from './ErrorDetails.tsx'

export function BannerStack(): ReactNode {
  const banners = useAppStore((s) => s.banners)
  const dismiss = useAppStore((s) => s.dismissBanner)
  if (banners.length === 0) return null
  return (
    <div className="banners">
      {banners.map((b) => (
        <div key={b.id} className={`banner banner-${b.kind}`} role={b.kind === 'error' ? 'alert' : 'status'}>
          <div className="banner-text">
            <strong>{b.text}</strong>
            {b.details.length > 0 ? (
              <ul>
                {b.details.map((d, i) => (
                  <li key={i}>{d}</li>
                ))}
              </ul>
            ) : null}
            {b.more !== undefined ? <ErrorDetails more={b.more} /> : null}
          </div>
          <button type="button" className="ghost" onClick={() => dismiss(b.id)} aria-label="Dismiss message">
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
