// The counts since the mark for the frame shown (single mode), re-read about four times a second
// and at once when the mark changes.

import { sinceMarkView, type SinceMarkView } from '../store/markSlice.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useThrottled } from './useThrottled.ts'

export function useSinceMark(ms = 250): SinceMarkView | null {
  const frame = useThrottled((s) => s.frame, ms)
  const mark = useAppStore((s) => s.mark)
  const markReason = useAppStore((s) => s.markReason)
  const firstSettled = useAppStore((s) => s.firstSettled)
  const counterTrack = useAppStore((s) => s.counterTrack)
  const markers = useAppStore((s) => s.timeline.markers)
  return frame === null ? null : sinceMarkView({ mark, markReason, firstSettled, counterTrack }, frame, markers)
}

/** "since 12.3 s", as the status bar and the metrics panel say it. */
export function sinceText(v: SinceMarkView | null): string {
  if (v === null || v.markMs === null) return 'since 0 s (the group is still forming)'
  const at = `since ${(v.markMs / 1000).toFixed(1)} s`
  const why = !v.userMark ? ' (group settled)' : v.reason === 'strategy' ? ' (strategy changed)' : ''
  return `${at}${why}${v.exact ? '' : ', approx.'}`
}
