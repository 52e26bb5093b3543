// Problems and notices as a list of banners, one highway's and compare mode's alike (a link's
// warnings read the same in both). Presentational: the caller's store holds them. Plain text only:
// React escapes it, so a link's strings are never injected as HTML.

import type { ReactNode } from 'react'
import type { BannerMore } from '../store/bannerSlice.ts'
import { ErrorDetails } from './ErrorDetails.tsx'

export interface BannerItem {
  /** React key: a stable id where the store has one. */
  key: number
  kind: 'error' | 'warning' | 'info'
  text: string
  details: readonly string[]
  more?: BannerMore
}

export function BannerList(p: { banners: readonly BannerItem[]; onDismiss: (key: number) => void }): ReactNode {
  if (p.banners.length === 0) return null
  return (
    <div className="banners">
      {p.banners.map((b) => (
        <div key={b.key} className={`banner banner-${b.kind}`} role={b.kind === 'error' ? 'alert' : 'status'}>
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
          <button type="button" className="ghost" onClick={() => p.onDismiss(b.key)} aria-label="Dismiss message">
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
