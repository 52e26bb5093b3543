// The mark's label and its two buttons: count from now, or back to the default (the group first
// settled). Single mode; compare mode has its own mark in the difference strip.

import type { ReactNode } from 'react'
import { useAppStore, useAppStoreApi } from '../store/useAppStore.ts'
import { sinceText, type useSinceMark } from './useSinceMark.ts'

export function MarkControl(p: { since: ReturnType<typeof useSinceMark> }): ReactNode {
  const setMark = useAppStore((s) => s.setMark)
  // Read at the click, not subscribed: the clock changes every frame.
  const store = useAppStoreApi()
  const userMark = useAppStore((s) => s.mark !== null)
  return (
    <span className="since-mark" data-mark={p.since?.markMs ?? ''}>
      <span className="since-label" title="Counts (rebalances, stopped lane·s, duplicates, order violations, remapped keys) are measured from this moment">
        {sinceText(p.since)}
      </span>{' '}
      <button type="button" className="link" onClick={() => setMark(store.getState().simTime)} title="Count from the moment shown">
        Mark now
      </button>
      {userMark ? (
        <>
          {' '}
          <button type="button" className="link" onClick={() => setMark(null)} title="Count from when the group first settled">
            Clear mark
          </button>
        </>
      ) : null}
    </span>
  )
}
