// Composition of compare mode: the comparison read from the link, its session (workers, stores,
// one clock), URL mirroring and the React tree. No module-level state.

import { StrictMode, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { defaultScenario, validateScenario } from '../scenario/index.ts'
import { CompareApp } from '../ui/compare/CompareApp.tsx'
import { CompareContext, type CompareActions, type CompareSideHandle } from '../ui/compare/compareActions.ts'
import type { CompareStore } from '../store/compareStore.ts'
import '../ui/compare/compare.css'
import { copyText } from '../ui/clipboard.ts'
import { shareLesson } from './lessonShare.ts'
import { shareNote } from './shareNote.ts'
import { createCompareExportActions } from './compareExport.ts'
import { compareHashOf, readCompareLink, singleHashFor } from './compareLinks.ts'
import { createCompareSession, type CompareSession } from './compareSession.ts'
import { createCompareUrlSync, type CompareUrlSync } from './compareUrl.ts'
import type { LinkProblem } from './urlSync.ts'
import { debugFaultsOn, exposeDebugFaults } from './debugFaults.ts'
import { pageClock } from './pageClock.ts'
import { pageVisibility } from './pageVisibility.ts'
import type { SupervisionClock, WorkerLike } from './simClient.ts'

export interface MountCompareOptions {
  /** The link's hash (with or without '#'). */
  hash: string
  /** Mirror the comparison into this window's URL. */
  syncUrl: boolean
  /** A fresh worker for side `side` (again whenever that side needs a fresh one). */
  createWorker?: (side: number) => WorkerLike
  /** Leaves compare mode for one highway with this single-mode hash (after '#'). */
  onExit: (hash: string) => void
  /** Opens the list of guided lessons (the page's lesson layer); absent: no Lessons button. */
  openLessons?: () => void
  /** Open in presenter mode (a teacher switching modes keeps it). */
  presenter?: boolean
  /** A problem with the link not in `hash` (a lesson link's, which `hash` replaced), said as a kept note. */
  linkProblem?: LinkProblem
  /** Wall clock and timer that watch the workers (default: the page's; null: none). */
  supervisionClock?: SupervisionClock | null
}

export interface MountedCompare {
  dispose(): void
  /** Compare mode's store and actions, for the lesson layer that runs over it. */
  store: CompareStore
  actions: CompareActions
  /** Each side's store and actions (the lesson layer highlights lanes on every side); the same array as sides come and go. */
  sides: readonly CompareSideHandle[]
}

/** The page's tree, given a fresh list of sides whenever one is added or removed. */
function CompareRoot(p: { session: CompareSession; actions: CompareActions; version: () => number }): ReactNode {
  const { session, actions } = p
  const version = useSyncExternalStore(session.onSidesChange, p.version)
  const value = useMemo(() => ({ store: session.store, actions, sides: session.sides.slice() }), [session, actions, version])
  return (
    <CompareContext.Provider value={value}>
      <CompareApp />
    </CompareContext.Provider>
  )
}

function defaultWorker(): WorkerLike {
  return new Worker(new URL('../worker/simWorker.ts', import.meta.url), { type: 'module', name: 'partition-highway-sim' })
}

export function mountCompare(el: HTMLElement, opts: MountCompareOptions): MountedCompare {
  const win = el.ownerDocument.defaultView ?? window
  const opening = readCompareLink(opts.hash, defaultScenario())
  let urlSync: CompareUrlSync | null = null
  const clock = opts.supervisionClock === undefined ? pageClock(win) : opts.supervisionClock
  const debugFaults = debugFaultsOn(win.location)
  const session = createCompareSession({
    ...(clock !== null ? { supervision: { clock, debugFaults, link: () => urlSync?.link() ?? win.location.href, userAgent: win.navigator.userAgent } } : {}),
    base: opening.base,
    variants: opening.variants,
    createWorker: opts.createWorker ?? defaultWorker,
    host: {
      requestFrame: (cb) => win.requestAnimationFrame(cb),
      cancelFrame: (h) => win.cancelAnimationFrame(h),
      now: () => win.performance.now(),
      visibility: pageVisibility(el.ownerDocument),
    },
    ...(opening.openAtMs !== undefined ? { openAtMs: opening.openAtMs } : {}),
    ...(opening.markMs !== undefined ? { markMs: opening.markMs } : {}),
    ...(opening.autoMarkMs !== undefined ? { autoMarkMs: opening.autoMarkMs } : {}),
    validate: (s) => {
      const r = validateScenario(s)
      return r.ok ? [] : r.errors
    },
    share: async (o) => {
      // Inside a side-by-side lesson: the lesson's own link at its step (lessonShare.ts).
      const at = session.sides[0]?.store.getState().lessonAt ?? null
      if (o?.lesson === true && at !== null) return shareLesson(win.location.href, at, el.ownerDocument)
      const link = urlSync?.link() ?? `${win.location.href.split('#')[0] ?? ''}#${compareHashOf(session.store.getState())}`
      const ok = await copyText(link, el.ownerDocument)
      return shareNote(link, ok, at !== null)
    },
    exit: () => {
      const st = session.store.getState()
      opts.onExit(singleHashFor(st.base, st.variants[0]))
    },
  })
  // The shared scenario's warnings in one highway's words (the same s= opens there), then the sides'.
  // Kept: what the link asked and does not run, read after any copied link or refused edit.
  if (opening.warnings !== null) session.store.getState().addNote({ ...opening.warnings, keep: true })
  if (opening.problems.length > 0) session.store.getState().addNote({ kind: 'warning', text: 'Parts of this comparison link were not used:', details: opening.problems.slice(0, 6), keep: true })
  if (opts.linkProblem !== undefined) session.store.getState().addNote({ ...opts.linkProblem, keep: true })
  if (opts.syncUrl) urlSync = createCompareUrlSync(session.store, win)
  session.driver.start()
  // The toolbar's Export and Lessons (single mode's, per side where they are per run).
  const actions: CompareActions = {
    ...session.actions,
    ...createCompareExportActions({ store: session.store, sides: session.sides, el }),
    ...(opts.openLessons !== undefined ? { openLessons: opts.openLessons } : {}),
  }
  if (opts.presenter === true) for (const side of session.sides) side.store.getState().setPresenter(true)
  const removeDebugHook = debugFaults ? exposeDebugFaults(win, () => session.clients()) : null

  // Counted before React hears of it (the first listener), so the tree reads the new count.
  let sidesVersion = 0
  const offSides = session.onSidesChange(() => void sidesVersion++)
  const root = createRoot(el)
  root.render(
    <StrictMode>
      <CompareRoot session={session} actions={actions} version={() => sidesVersion} />
    </StrictMode>,
  )
  return {
    store: session.store,
    actions,
    sides: session.sides,
    dispose() {
      root.unmount()
      offSides()
      urlSync?.dispose()
      removeDebugHook?.()
      session.dispose()
    },
  }
}
