// Compare mode's URL: the comparison (shared workload, sides, paused moment, mark) mirrored into the
// hash with history.replaceState, debounced like urlSync.ts. Share copies the same link.

import type { CompareStore } from '../store/compareStore.ts'
import { compareHashOf } from './compareLinks.ts'
import type { UrlHost } from './urlSync.ts'

export interface CompareUrlSync {
  flush(): void
  /** The link for the comparison now (after flushing). */
  link(): string
  dispose(): void
}

export function createCompareUrlSync(store: CompareStore, host: Pick<UrlHost, 'location' | 'history' | 'setTimeout' | 'clearTimeout'>, debounceMs = 300): CompareUrlSync {
  let timer: unknown = null
  const write = (): void => {
    timer = null
    const href = `${host.location.href.split('#')[0] ?? ''}#${compareHashOf(store.getState())}`
    if (host.location.href !== href) host.history.replaceState(null, '', href)
  }
  const unsub = store.subscribe((s, prev) => {
    const changed =
      s.base !== prev.base ||
      s.variants !== prev.variants ||
      s.mark !== prev.mark ||
      s.autoMark !== prev.autoMark ||
      s.playing !== prev.playing ||
      (!s.playing && s.clock !== prev.clock)
    if (!changed) return
    if (timer !== null) host.clearTimeout(timer)
    timer = host.setTimeout(write, debounceMs)
  })
  return {
    flush() {
      if (timer !== null) host.clearTimeout(timer)
      write()
    },
    link() {
      this.flush()
      return host.location.href
    },
    dispose() {
      unsub()
      if (timer !== null) host.clearTimeout(timer)
    },
  }
}
