// Composition of one highway: store, worker, driver, URL sync (optional) and the React tree.
// No module-level state, so a page can mount two side by side.

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { decodeScenario, defaultScenario, encodeScenario, presets, validateScenario } from '../scenario/index.ts'
import { scenarioReaching } from '../scenario/links.ts'
import type { Scenario } from '../scenario/types.ts'
import { createAppStore, type AppStore } from '../store/createAppStore.ts'
import { AppStoreProvider } from '../store/useAppStore.ts'
import { ActionsContext, type AppActions } from '../ui/actions.ts'
import { App } from '../ui/App.tsx'
import { EmbedApp } from '../ui/EmbedApp.tsx'
import { copyText } from '../ui/clipboard.ts'
import { answersHashFor, compareHashFor, forkHashFor } from './compareLinks.ts'
import { createController } from './controller.ts'
import { lessonClose } from './lessonNav.ts'
import { createDriver } from './driver.ts'
import { embedFromHash } from './embed.ts'
import { createExportActions } from './exportActions.ts'
import { debugFaultsOn, exposeDebugFaults } from './debugFaults.ts'
import { openChunkMs } from './openChunk.ts'
import { pageClock } from './pageClock.ts'
import { followLaneView } from './laneViewSync.ts'
import { shareLesson } from './lessonShare.ts'
import { shareNote } from './shareNote.ts'
import { createSimClient, type SimClient, type SupervisionClock, type SupervisionEvent, type WorkerLike } from './simClient.ts'
import { supervisionNotice } from './supervisionNotice.ts'
import {
  createUrlSync,
  type HashReading,
  type LinkProblem,
  linkFor,
  markFromHash,
  momentFromHash,
  momentLink,
  type MomentReading,
  type ScenarioCodec,
  scenarioFromHash,
  type UrlSync,
  withMark,
} from './urlSync.ts'
import { pageVisibility } from './pageVisibility.ts'

export interface MountOptions {
  /** Mirror the scenario into this window's URL and read it from there at start. */
  syncUrl: boolean
  /** Scenario to show when the URL has none (default: the default scenario). */
  scenario?: Scenario
  /** Creates the simulation worker (overridable for tests). */
  createWorker?: () => WorkerLike
  /** Opens compare mode with this hash (after '#'); without it the page offers no Compare button. */
  onCompare?: (hash: string) => void
  /** Opens the Lessons list (the Lessons button); without it the page offers none. */
  openLessons?: () => void
  /** What the link opened could not do besides its scenario (a lesson link's bad step): a link pasted over it replaces it. */
  linkProblem?: LinkProblem
  /** Wall clock and timer that watch the worker's liveness (default: the page's; null: none). */
  supervisionClock?: SupervisionClock | null
}

export interface MountedHighway {
  dispose(): void
  /** The highway's store and actions, for the lesson layer that runs over it. */
  store: AppStore
  actions: AppActions
}

export const codec: ScenarioCodec = {
  encode: encodeScenario,
  decode: (text) => {
    const r = decodeScenario(text)
    return r.ok ? { ok: true, scenario: r.scenario, warnings: r.warnings } : { ok: false, scenario: r.scenario, errors: r.errors }
  },
}

function defaultWorker(): WorkerLike {
  return new Worker(new URL('../worker/simWorker.ts', import.meta.url), { type: 'module', name: 'partition-highway-sim' })
}

/** How long the "carries on" notice after a recovered fault stays up (wall ms). */
export const RECOVERED_NOTICE_MS = 10_000


export function mountHighway(el: HTMLElement, opts: MountOptions): MountedHighway {
  const win = el.ownerDocument.defaultView ?? window
  const initial: HashReading = opts.syncUrl ? scenarioFromHash(win.location.hash, codec) : { scenario: null, problem: null }
  // An embedded page (`embed=1`) shows the highway alone and leaves its frame's URL as it was given.
  const embed = opts.syncUrl && embedFromHash(win.location.hash)
  const moment: MomentReading = opts.syncUrl && initial.scenario !== null ? momentFromHash(win.location.hash, initial.scenario.durationSec) : { momentMs: null, problem: null }
  // A moment link opens paused; the moment itself is shown once the run's first frame is in.
  let pendingMoment = moment.momentMs
  const store = createAppStore({ scenario: initial.scenario ?? opts.scenario ?? defaultScenario(), playing: pendingMoment === null })
  // The banners about the link now open: a link pasted over it (hashchange) replaces them, or the
  // whole link a participant asked for opened under "the link is cut short … ask for the whole link".
  let linkBanners: number[] = []
  const sayOfLink = (p: LinkProblem | null): void => {
    if (p !== null) linkBanners.push(store.getState().showBanner(p.kind, p.text, p.details))
  }
  for (const p of [initial.problem, moment.problem, opts.linkProblem ?? null]) sayOfLink(p)
  // HONEST: a link's mark= sets where the counts start.
  const linkMark = initial.scenario !== null ? markFromHash(win.location.hash) : null
  if (linkMark !== null) store.getState().setMark(linkMark)

  let firstFrame = true
  const debugFaults = debugFaultsOn(win.location)
  const clock = opts.supervisionClock === undefined ? pageClock(win) : opts.supervisionClock
  // SUPERVISE: one banner per fault, replaced as it goes (recovering → recovered, or stopped).
  let faultBanner: number | null = null
  const onSupervision = (e: SupervisionEvent): void => {
    const st = store.getState()
    const link = urlSync?.link() ?? linkFor(win.location.href, st.scenario, codec)
    const n = supervisionNotice(e, { link, userAgent: win.navigator.userAgent })
    if (faultBanner !== null) st.dismissBanner(faultBanner)
    if (e.kind === 'stopped') st.setPlaying(false)
    const id = st.showBanner(n.kind, n.text, [], n.more)
    faultBanner = id
    if (e.kind === 'recovered') {
      win.setTimeout(() => {
        store.getState().dismissBanner(id)
        if (faultBanner === id) faultBanner = null
      }, RECOVERED_NOTICE_MS)
    }
  }
  const client: SimClient = createSimClient(opts.createWorker ?? defaultWorker, {
    onSupervision,
    onFrame: (msg) => {
      store.getState().receiveFrame(msg.runId, msg.frame, msg.samples, msg.trace, msg.timeline)
      driver.frameArrived(msg.engineMs, msg.behind)
      if (msg.timeline?.pausedAt === 'rebalance') client.setPlaying(false)
      if (pendingMoment !== null && msg.runId === store.getState().runId) {
        const t = pendingMoment
        const chunk = openChunkMs(store.getState().scenario)
        if (msg.frame.t + chunk < t && t > msg.timeline.latest) {
          // Far into the run: get there in chunks, each answered with a frame, so the page shows
          // how far it has come instead of sitting still for seconds (and the supervisor hears
          // from the worker in time: openChunk.ts).
          store.getState().setOpeningTo(t)
          client.step(chunk)
        } else {
          pendingMoment = null
          store.getState().setOpeningTo(null)
          controller.openAt(t)
        }
      }
      if (firstFrame) {
        firstFrame = false
        win.requestAnimationFrame(() => performance.mark('ph:first-frame'))
      }
    },
    onError: (message) => {
      store.getState().setPlaying(false)
      store.getState().showBanner('error', 'The simulation stopped and cannot go on. Restart or choose a preset to try again.', [], { technical: message })
    },
  }, { ...(clock !== null ? { clock } : {}), debugFaults })
  const removeDebugHook = debugFaults ? exposeDebugFaults(win, () => [client]) : null
  // A new run (Restart, a preset, a restarting edit) starts clean: the old run's fault is history.
  const unsubscribeFaults = store.subscribe((st, prev) => {
    if (st.runId !== prev.runId && faultBanner !== null) {
      st.dismissBanner(faultBanner)
      faultBanner = null
    }
  })
  const driver = createDriver(store, client, {
    requestFrame: (cb) => win.requestAnimationFrame(cb),
    cancelFrame: (h) => win.cancelAnimationFrame(h),
    now: () => win.performance.now(),
    visibility: pageVisibility(el.ownerDocument),
  })

  let urlSync: UrlSync | null = null
  const controller = createController({
    store,
    client,
    presets,
    validate: (s) => {
      const r = validateScenario(s)
      return r.ok ? [] : r.errors
    },
    share: async (momentMs) => {
      const st = store.getState()
      // A moment past the scenario's durationSec (the page runs on) goes with a run that reaches it.
      const here =
        momentMs === undefined
          ? (urlSync?.link() ?? linkFor(win.location.href, st.scenario, codec))
          : (urlSync?.link(momentMs) ?? momentLink(linkFor(win.location.href, scenarioReaching(st.scenario, momentMs / 1000), codec), momentMs))
      const link = withMark(here, st.mark)
      const ok = await copyText(link, el.ownerDocument)
      // Inside a lesson the Share menu's first item is the lesson's link: say this one is not.
      return shareNote(link, ok, st.lessonAt !== null)
    },
  })
  // While the page steps to a link's moment, the user's own Play, step or seek takes over from where
  // the run is: a far moment (a hand-edited `&t=99999`) is then not a wait with no way out. A pause
  // does not: the page is paused already, and a lesson opened at a later step pauses it as it starts
  // (lessonController), which stopped it at 0 s short of the step.
  const takeOver = (): void => {
    if (pendingMoment === null) return
    pendingMoment = null
    store.getState().setOpeningTo(null)
  }
  const userControls: AppActions = {
    ...controller,
    setPlaying: (p) => (p && takeOver(), controller.setPlaying(p)),
    togglePlay: () => (takeOver(), controller.togglePlay()),
    step: () => (takeOver(), controller.step()),
    stepBack: () => (takeOver(), controller.stepBack()),
    seek: (t) => (takeOver(), controller.seek(t)),
    // A preset picked from the menu mid-lesson ends the lesson: it kept asking about the old scenario.
    choosePreset: (name) => (lessonClose(), controller.choosePreset(name)),
    // Inside a lesson, Share can copy the lesson's own link (lessonShare.ts); the scenario link stays on offer.
    share: (o) => {
      const at = store.getState().lessonAt
      return o?.lesson === true && at !== null ? shareLesson(win.location.href, at, el.ownerDocument) : controller.share(o)
    },
  }
  const onCompare = opts.onCompare
  const exports = createExportActions({ store, client, el, link: () => urlSync?.link() ?? linkFor(win.location.href, store.getState().scenario, codec) })
  const withCompare: AppActions =
    onCompare === undefined || embed
      ? { ...userControls, ...exports }
      : {
          ...userControls,
          ...exports,
          compare(fork) {
            const st = store.getState()
            onCompare(fork === undefined ? compareHashFor(st.scenario) : forkHashFor(st.scenario, st.simTime, fork))
          },
          compareAnswers() {
            const hash = answersHashFor(store.getState().scenario)
            if (hash !== null) onCompare(hash)
          },
        }
  const withLessons: AppActions = opts.openLessons === undefined || embed ? withCompare : { ...withCompare, openLessons: opts.openLessons }
  // IMPORT: the imported scenario starts like a picked preset; the URL follows (a shareable link).
  const actions: AppActions = embed
    ? withLessons
    : {
        ...withLessons,
        importScenario(imported) {
          store.getState().setImported(imported)
          store.getState().setScenario(imported.scenario, true)
          client.start(store.getState().runId, imported.scenario)
        },
        ...(onCompare !== undefined ? { openCompareLink: (hash: string) => onCompare(hash) } : {}),
      }
  if (opts.syncUrl && !embed) {
    urlSync = createUrlSync(store, win, codec, (reading) => {
      for (const id of linkBanners) store.getState().dismissBanner(id)
      linkBanners = []
      sayOfLink(reading.problem)
      if (reading.scenario !== null) {
        const m = momentFromHash(win.location.hash, reading.scenario.durationSec)
        sayOfLink(m.problem)
        pendingMoment = m.momentMs
        if (pendingMoment !== null) controller.setPlaying(false)
        store.getState().setScenario(reading.scenario, true)
        const mark = markFromHash(win.location.hash)
        if (mark !== null) store.getState().setMark(mark)
        client.start(store.getState().runId, reading.scenario)
      }
    })
  }

  // PAGESCALE: the worker builds a big topic's rows as this page shows them (before the first start).
  const unfollowLanes = followLaneView(store, client)
  client.start(store.getState().runId, store.getState().scenario)
  client.setSpeed(store.getState().speed)
  driver.start()

  const root = createRoot(el)
  root.render(
    <StrictMode>
      <AppStoreProvider store={store}>
        <ActionsContext.Provider value={actions}>
          {embed ? <EmbedApp /> : <App />}
        </ActionsContext.Provider>
      </AppStoreProvider>
    </StrictMode>,
  )

  return {
    store,
    actions,
    dispose() {
      root.unmount()
      driver.stop()
      urlSync?.dispose()
      removeDebugHook?.()
      unsubscribeFaults()
      unfollowLanes()
      client.dispose()
    },
  }
}
