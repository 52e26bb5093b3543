// Messages for the user: problems (a broken link, a worker error) and short notices ("Link copied").
// Text only; the UI renders them as text, never as HTML.

import type { StateCreator } from 'zustand'
import type { AppState } from './createAppStore.ts'

/**
 * Banners shown at once (a page left open through a workshop of edits): a new one pushes out the
 * oldest notice, or, with no notice left, the oldest banner.
 */
export const MAX_BANNERS = 6

function capBanners(banners: Banner[]): Banner[] {
  while (banners.length > MAX_BANNERS) {
    const info = banners.findIndex((b) => b.kind === 'info')
    banners.splice(info >= 0 ? info : 0, 1)
  }
  return banners
}

export type BannerKind = 'error' | 'warning' | 'info'

export interface Banner {
  id: number
  kind: BannerKind
  /** Plain text. */
  text: string
  /** Optional detail lines (e.g. one per scenario field that failed validation). */
  details: readonly string[]
  /** SUPERVISE: the raw error behind a "Details" disclosure, and a bug report for "Copy details". */
  more?: BannerMore
}

export interface BannerMore {
  /** The raw message (or stack) for developers; shown only inside a closed disclosure. */
  technical?: string
  /** Text for a bug report (link, moment, error, user agent): offers a "Copy details" button. */
  report?: string
}

export interface BannerSlice {
  banners: readonly Banner[]
  nextBannerId: number
  /** Adds a banner and returns its id; an identical banner already showing is not repeated. */
  showBanner: (kind: BannerKind, text: string, details?: readonly string[], more?: BannerMore) => number
  dismissBanner: (id: number) => void
}

/** The same message: kind, text and detail lines (a banner, or a compare note, shown once however often it comes). */
export function sameMessage(a: { kind: string; text: string; details: readonly string[] }, b: { kind: string; text: string; details: readonly string[] }): boolean {
  return a.kind === b.kind && a.text === b.text && a.details.length === b.details.length && a.details.every((d, i) => d === b.details[i])
}

export const createBannerSlice: StateCreator<AppState, [], [], BannerSlice> = (set, get) => ({
  banners: [],
  nextBannerId: 1,
  showBanner: (kind, text, details = [], more) => {
    const same = get().banners.find((b) => sameMessage(b, { kind, text, details }))
    if (same !== undefined) return same.id
    const id = get().nextBannerId
    const banner: Banner = more === undefined ? { id, kind, text, details } : { id, kind, text, details, more }
    set((s) => ({ banners: capBanners([...s.banners, banner]), nextBannerId: id + 1 }))
    return id
  },
  dismissBanner: (id) => set((s) => ({ banners: s.banners.filter((b) => b.id !== id) })),
})
