// The line Share answers with ("Link copied…"). It floats under the toolbar rather than taking a
// place in it (at 1280 px it wrapped the toolbar, pushing the whole page down, and was cut off), so
// it goes away by itself; a link left to copy by hand stays until the next Share.

import { useEffect, useState } from 'react'

/** How long a "copied" note stays (ms). */
export const SHARE_NOTE_MS = 8000

/** A note holding a link the browser would not copy: the teacher still needs to select it. */
const HOLDS_LINK = /https?:\/\//

export function useShareNote(): [string, (note: string) => void] {
  const [note, setNote] = useState('')
  useEffect(() => {
    if (note === '' || HOLDS_LINK.test(note)) return
    const timer = setTimeout(() => setNote(''), SHARE_NOTE_MS)
    return () => clearTimeout(timer)
  }, [note])
  return [note, setNote]
}
