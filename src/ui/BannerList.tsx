// Problems and notices as a list of banners, one highway's and compare mode's alike (a link's
// warnings read the same in both). Presentational: the caller's store holds them. Plain text only:
// React escapes it, so a link's strings are never injected as HTML.

import { useState, type ReactNode } from 'react'
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

/**
 * `shown`: at most this many banners (the newest) until "+N more notes" opens the older ones, so a
 * long list does not push the page down (compare mode: a four-side link's notes and copied links).
 */
export function BannerList(p: { banners: readonly BannerItem[]; onDismiss: (key: number) => void; shown?: number }): ReactNode {
  const [open, setOpen] = useState(false)
  if (p.banners.length === 0) return null
  const hidden = p.shown === undefined ? 0 : Math.max(0, p.banners.length - p.shown)
  const list = open ? p.banners : p.banners.slice(hidden)
  return (
    <div className="banners">
      {hidden > 0 ? (
        <button type="button" className="ghost banner-more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Fewer notes' : `+${hidden} more ${hidden === 1 ? 'note' : 'notes'}`}
        </button>
      ) : null}
      {list.map((b) => (
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
