// The page's wall clock and repeating timer, for worker supervision (src/app/simClient.ts).

import type { SupervisionClock } from './simClient.ts'

export function pageClock(win: Window): SupervisionClock {
  return {
    now: () => win.performance.now(),
    every: (ms, fn) => {
      const h = win.setInterval(fn, ms)
      return () => win.clearInterval(h)
    },
  }
}
