// The URL is the scenario: `#s=<encodeScenario(...)>`, optionally `&t=SECONDS` (a moment link opens
// paused there). Reading a link is pure (`scenarioFromHash`, `momentFromHash`); `createUrlSync`
// writes every change back with history.replaceState, debounced (the URL holds no moment).

import { momentWithinRun, readLinkHash, scenarioReaching } from '../scenario/links.ts'
import type { Scenario } from '../scenario/types.ts'
import type { AppStore } from '../store/createAppStore.ts'

export const HASH_KEY = 's'

export interface LinkIssue {
  path: string
  message: string
}

/** The codec's contract (src/scenario/codec.ts): decoding never throws. */
export interface ScenarioCodec {
  encode(s: Scenario): string
  decode(
    text: string,
  ): { ok: true; scenario: Scenario; warnings: readonly LinkIssue[] } | { ok: false; scenario: Scenario; errors: readonly LinkIssue[] }
}

export interface LinkProblem {
  kind: 'error' | 'warning'
  /** Plain text for the banner. */
  text: string
  details: string[]
}

export interface HashReading {
  /** The scenario to run: the link's, or the codec's safe fallback; null when the link has none. */
  scenario: Scenario | null
  problem: LinkProblem | null
}

function issueLines(issues: readonly LinkIssue[]): string[] {
  return issues.slice(0, 8).map((i) => (i.path === '#' || i.path === '' ? i.message : `${i.path}: ${i.message}`))
}

/**
 * The banner for a link's scenario that opened with the validator's warnings (unknown fields,
 * advice), or null when there are none. One wording for one highway and compare mode, whose shared
 * scenario is the same `s=`. Plain text: rendered as text, never as HTML.
 */
export function linkWarnings(warnings: readonly LinkIssue[]): LinkProblem | null {
  return warnings.length === 0 ? null : { kind: 'warning', text: 'Parts of this link were ignored:', details: issueLines(warnings) }
}

/**
 * Reads `location.hash`. Pure; never throws. `instead`: what the page shows when the link's scenario
 * cannot be used: the default one (a page opened on it), or the one it showed (a link pasted over it).
 */
export function scenarioFromHash(hash: string, codec: ScenarioCodec, instead: 'default' | 'unchanged' = 'default'): HashReading {
  const h = hash.startsWith('#') ? hash.slice(1) : hash
  if (h.trim() === '') return { scenario: null, problem: null }
  const param = h.split('&').find((part) => part.startsWith(`${HASH_KEY}=`))
  // A lesson link (`#lesson=NAME`) carries no scenario: its reader (main.tsx) opens the lesson's world
  // or says in its own banner why it could not; a second "no scenario in it" banner only confused.
  if (param === undefined && h.split('&').some((part) => part.startsWith('lesson='))) return { scenario: null, problem: null }
  if (param === undefined) {
    return {
      scenario: null,
      problem: {
        kind: 'error',
        text: `This link has no scenario in it (expected #s=…). ${instead === 'default' ? 'Showing the default scenario instead.' : 'The scenario shown is unchanged.'}`,
        details: [],
      },
    }
  }
  let payload = param.slice(HASH_KEY.length + 1)
  try {
    payload = decodeURIComponent(payload)
  } catch {
    // Not percent-encoded: use as is; the codec names any problem.
  }
  const r = codec.decode(payload)
  if (r.ok) {
    // A moment past the run's end is clamped (momentFromHash): said with the link's other warnings,
    // and so are the link's parameters that could not be read and were dropped (a bad mark=).
    const link = readLinkHash(h)
    const past = link.t === undefined ? null : momentWithinRun(link.t, r.scenario.durationSec).issue
    const dropped = link.problems.filter((p) => !isMomentProblem(p)).map((message) => ({ path: '#', message }))
    return { scenario: r.scenario, problem: linkWarnings([...r.warnings, ...(past === null ? [] : [past]), ...dropped]) }
  }
  return {
    scenario: null,
    problem: {
      kind: 'error',
      text: `This link’s scenario could not be used, so ${instead === 'default' ? 'the default scenario is shown instead' : 'the scenario shown is unchanged'}.`,
      details: issueLines(r.errors),
    },
  }
}

/**
 * A link written with `?s=…` (a query) instead of `#s=…` (the hash the page reads): the hash to
 * use instead, the query's parameters moved there, or null when there is nothing to move (no
 * link parameter in the query, or the hash already carries a scenario). Pure.
 */
export function hashFromQuery(search: string, hash: string): string | null {
  const q = search.startsWith('?') ? search.slice(1) : search
  if (!q.split('&').some((part) => /^(s|v)=/.test(part))) return null
  const h = hash.startsWith('#') ? hash.slice(1) : hash
  if (h.split('&').some((part) => part.startsWith(`${HASH_KEY}=`))) return null
  return `#${h === '' ? q : `${q}&${h}`}`
}

/** The shareable link for `scenario` on the page at `href` (any old hash replaced). Pure. */
export function linkFor(href: string, scenario: Scenario, codec: ScenarioCodec): string {
  const base = href.split('#')[0] ?? href
  return `${base}#${HASH_KEY}=${codec.encode(scenario)}`
}

/** Sim ms as a link's seconds: whole ms, no trailing zeros ("42.5"). */
export function linkSeconds(tMs: number): string {
  return String(Math.max(0, Math.round(tMs)) / 1000)
}

/** `link` (from `linkFor`) opening paused at sim ms `tMs`, written as `compare --link` writes it. Pure. */
export function momentLink(link: string, tMs: number): string {
  return `${link}&t=${linkSeconds(tMs)}`
}

/** The counts' mark a link carries (`mark=SECONDS`), in sim ms, or null. Pure; never throws. */
export function markFromHash(hash: string): number | null {
  const m = readLinkHash(hash).mark
  return m === undefined ? null : Math.round(m * 1000)
}

/** `link` with the teacher's mark (sim ms) added, so the colleague's counts start where these do. Pure. */
export function withMark(link: string, markMs: number | null): string {
  return markMs === null ? link : `${link}&mark=${linkSeconds(markMs)}`
}

/** A problem with the link's `t=`: momentFromHash's own banner says it (the run starts at 0 s). */
function isMomentProblem(p: string): boolean {
  return /^t\b|'s t parameter/.test(p)
}

export interface MomentReading {
  /** The moment to open paused at, sim ms; null when the link has none (or a bad one). */
  momentMs: number | null
  problem: LinkProblem | null
}

/**
 * Reads the `t` of a link (src/scenario/links.ts's reading), clamped to the end of a run
 * `durationSec` long (scenarioFromHash's warnings say so). Pure; never throws.
 */
export function momentFromHash(hash: string, durationSec: number): MomentReading {
  const r = readLinkHash(hash)
  const bad = r.problems.filter(isMomentProblem)
  const problem: LinkProblem | null =
    bad.length === 0 ? null : { kind: 'warning', text: 'The link’s moment could not be read, so the run starts at 0 s:', details: bad }
  return { momentMs: r.t === undefined ? null : Math.round(momentWithinRun(r.t, durationSec).tSec * 1000), problem }
}

export interface UrlHost {
  location: { href: string; hash: string }
  history: { replaceState(data: unknown, unused: string, url?: string | URL | null): void }
  addEventListener(type: 'hashchange', listener: () => void): void
  removeEventListener(type: 'hashchange', listener: () => void): void
  setTimeout(cb: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface UrlSync {
  /** Writes any pending change now. */
  flush(): void
  /** The link for the current scenario (after flushing); with `momentMs`, the link to that moment. */
  link(momentMs?: number): string
  dispose(): void
}

/**
 * Mirrors `store.scenario` into the URL, `debounceMs` after the last change. A hash typed or pasted
 * by hand (hashchange) is read like a fresh link and handed to `onLink`.
 */
export function createUrlSync(
  store: AppStore,
  host: UrlHost,
  codec: ScenarioCodec,
  onLink: (reading: HashReading) => void,
  debounceMs = 300,
): UrlSync {
  let timer: unknown = null
  let written = host.location.hash

  const write = (): void => {
    timer = null
    const url = linkFor(host.location.href, store.getState().scenario, codec)
    written = url.slice(url.indexOf('#'))
    if (host.location.hash !== written) host.history.replaceState(null, '', url)
  }
  const unsub = store.subscribe((s, prev) => {
    if (s.scenario === prev.scenario) return
    if (timer !== null) host.clearTimeout(timer)
    timer = host.setTimeout(write, debounceMs)
  })
  const onHash = (): void => {
    if (host.location.hash === written) return
    written = host.location.hash
    onLink(scenarioFromHash(host.location.hash, codec, 'unchanged'))
  }
  host.addEventListener('hashchange', onHash)

  return {
    flush() {
      if (timer !== null) host.clearTimeout(timer)
      write()
    },
    link(momentMs) {
      this.flush()
      if (momentMs === undefined) return host.location.href
      // Past the scenario's durationSec the link carries a run long enough to reach the moment.
      const s = store.getState().scenario
      const reaching = scenarioReaching(s, momentMs / 1000)
      return momentLink(reaching === s ? host.location.href : linkFor(host.location.href, reaching, codec), momentMs)
    },
    dispose() {
      unsub()
      if (timer !== null) host.clearTimeout(timer)
      host.removeEventListener('hashchange', onHash)
    },
  }
}
