// Composition root: one highway filling the page, or (a link with v= sides) compare mode. The
// link's hash decides; the Compare buttons and "One highway" switch modes with a history entry, so
// the browser's Back returns to the previous mode. A `lesson=NAME&step=N` link opens that lesson's
// world (one highway, or compare mode for a side-by-side lesson) with the lesson panel over it.

import '../ui/styles.css'
import '../ui/compare/compare.css'
import '../ui/narrow.css'
import { lessonLinkHash, readLessonLink } from '../scenario/lessons/lessonLinks.ts'
import { lessonLinkProblem } from './lessonLinkProblem.ts'
import { isCompareLink as isCompare, readLinkHash } from '../scenario/links.ts'
import { compareLessonHost, mountLessonLayer, singleLessonHost } from './lessonLayer.tsx'
import { notThePagesKey } from '../ui/keyTargets.ts'
import { lessonChoose, lessonNext, lessonPrev, registerLessonController } from './lessonNav.ts'
import { mountCompare } from './mountCompare.tsx'
import { mountHighway } from './mountHighway.tsx'
import { hashFromQuery } from './urlSync.ts'

const el = document.getElementById('root')
if (el === null) throw new Error('index.html has no #root element')
const root = el


let current: { dispose(): void } | null = null
/** Presenter mode survives a switch between one highway and compare mode (a teacher's projector stays one). */
let presenter = false
let compareShown = false
/** The hash the current mount was made for: Back fires popstate and hashchange, one remount is enough. */
let shownHash = ''

const lessonLayer = mountLessonLayer(document, (name) => go(lessonLinkHash(name, 1)))
registerLessonController(lessonLayer.controller)

// A presenter remote's PageDown / PageUp move through the open lesson's steps first (single and
// compare mode alike); with no lesson open they fall through to the page's timeline markers. The
// digits answer the lesson's question (1 its first choice) and pick no preset while it is open.
window.addEventListener(
  'keydown',
  (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return
    const digit = /^[1-9]$/.test(e.key) ? Number(e.key) : null
    if (e.key !== 'PageDown' && e.key !== 'PageUp' && digit === null) return
    if (notThePagesKey(e, document)) return
    if (digit !== null ? lessonChoose(digit) : e.key === 'PageDown' ? lessonNext() : lessonPrev()) {
      e.preventDefault()
      e.stopPropagation()
    }
  },
  true,
)

/** The new page's element that takes keyboard focus after a switch of mode, until it has been shown. */
let landing: MutationObserver | null = null

/**
 * Keyboard focus that was on the page (a mouse click leaves none: usePointerBlur) would go to
 * <body> with the page it was on: it goes to the new page's switch back instead (compare mode's
 * "One highway", one highway's Compare menu), once React has put it there.
 */
function focusWhenShown(selector: string): void {
  const land = (): boolean => {
    const el = root.querySelector<HTMLElement>(selector)
    if (el === null) return false
    if (document.activeElement === null || document.activeElement === document.body) el.focus()
    return true
  }
  if (land()) return
  // React puts the new page in at once: the first change is the page, with the switch or without.
  landing = new MutationObserver(() => {
    land()
    landing?.disconnect()
    landing = null
  })
  landing.observe(root, { childList: true, subtree: true })
}

function show(): void {
  landing?.disconnect()
  landing = null
  const keyboard = root.contains(document.activeElement)
  current?.dispose()
  lessonLayer.controller.close()
  // A lesson link becomes the link of the lesson's world, paused at the step's start.
  const lesson = readLessonLink(window.location.hash)
  if (lesson?.ok === true) window.history.replaceState(null, '', `#${lesson.modeHash}`)
  shownHash = window.location.hash
  compareShown = isCompare(shownHash)
  // What the lesson link gave that could not be used (a bad name, a lesson given twice) is said as
  // the link's banner (one highway) or note (compare mode): a link pasted next replaces it.
  const problem = lessonLinkProblem(lesson)
  const linkProblem = problem === null ? {} : { linkProblem: problem }
  if (compareShown) {
    const m = mountCompare(root, { hash: shownHash, syncUrl: true, onExit: go, openLessons: () => lessonLayer.openList(), presenter, ...linkProblem })
    m.sides[0]?.store.subscribe((s) => (presenter = s.presenter))
    current = m
    if (lesson?.ok === true) lessonLayer.start(lesson.resolved, lesson.stepIndex, compareLessonHost(m.store, m.actions, m.sides))
  } else {
    const m = mountHighway(root, { syncUrl: true, onCompare: go, openLessons: () => lessonLayer.openList(), ...linkProblem })
    if (presenter) m.store.getState().setPresenter(true)
    m.store.subscribe((s) => (presenter = s.presenter))
    current = m
    if (lesson?.ok === true) lessonLayer.start(lesson.resolved, lesson.stepIndex, singleLessonHost(m.store, m.actions))
  }
  if (keyboard) focusWhenShown(compareShown ? '.exit-compare' : '.fork > summary')
}

function go(hash: string): void {
  window.history.pushState(null, '', `#${hash}`)
  show()
}

// Registered before any mount's own listener, so a switch of mode remounts first. Single mode reads
// a new single link itself (urlSync); compare mode writes its hash with replaceState (no event), so
// any navigation there is a new link. Navigating away ends a lesson.
function onNavigate(): void {
  const h = window.location.hash
  if (h === shownHash) return
  lessonLayer.controller.close()
  if (compareShown || isCompare(h) || readLinkHash(h).lesson !== undefined) show()
}
// A link pasted as `?s=…` instead of `#s=…` is read, not silently ignored: its parameters move to the hash.
const moved = hashFromQuery(window.location.search, window.location.hash)
if (moved !== null) window.history.replaceState(null, '', `${window.location.pathname}${moved}`)

window.addEventListener('popstate', onNavigate)
window.addEventListener('hashchange', onNavigate)
show()
