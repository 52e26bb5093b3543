// Composition root: one highway filling the page, or (a link with v= sides) compare mode. The
// link's hash decides; the Compare buttons and "One highway" switch modes with a history entry, so
// the browser's Back returns to the previous mode.

import '../ui/styles.css'
import '../ui/compare/compare.css'
import { readLinkHash } from '../scenario/links.ts'
import { mountCompare } from './mountCompare.tsx'
import { mountHighway } from './mountHighway.tsx'
import { hashFromQuery } from './urlSync.ts'

const el = document.getElementById('root')
if (el === null) throw new Error('index.html has no #root element')
const root = el

/** Compare mode when the link names sides. */
function isCompare(hash: string): boolean {
  return readLinkHash(hash).v.length > 0
}

let current: { dispose(): void } | null = null
let compareShown = false
/** The hash the current mount was made for: Back fires popstate and hashchange, one remount is enough. */
let shownHash = ''

function show(): void {
  current?.dispose()
  shownHash = window.location.hash
  compareShown = isCompare(shownHash)
  current = compareShown
    ? mountCompare(root, { hash: shownHash, syncUrl: true, onExit: go })
    : mountHighway(root, { syncUrl: true, onCompare: go })
}

function go(hash: string): void {
  window.history.pushState(null, '', `#${hash}`)
  show()
}

// Registered before any mount's own listener, so a switch of mode remounts first. Single mode reads
// a new single link itself (urlSync); compare mode writes its hash with replaceState (no event), so
// any navigation there is a new link.
function onNavigate(): void {
  const h = window.location.hash
  if (h === shownHash) return
  if (compareShown || isCompare(h)) show()
}
// A link pasted as `?s=…` instead of `#s=…` is read, not silently ignored: its parameters move to the hash.
const moved = hashFromQuery(window.location.search, window.location.hash)
if (moved !== null) window.history.replaceState(null, '', `${window.location.pathname}${moved}`)

window.addEventListener('popstate', onNavigate)
window.addEventListener('hashchange', onNavigate)
show()
