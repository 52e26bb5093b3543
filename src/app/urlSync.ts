// The URL is the scenario: `#s=<encodeScenario(...)>`. Reading a link is pure (`scenarioFromHash`);
// `createUrlSync` writes every change back with history.replaceState, debounced.

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

/** Reads `location.hash`. Pure; never throws. */
export function scenarioFromHash(hash: string, codec: ScenarioCodec): HashReading {
  const h = hash.startsWith('#') ? hash.slice(1) : hash
  if (h.trim() === '') return { scenario: null, problem: null }
  const param = h.split('&').find((part) => part.startsWith(`${HASH_KEY}=`))
  if (param === undefined) {
    return {
      scenario: null,
      problem: {
        kind: 'error',
        text: 'This link has no scenario in it (expected #s=…). Showing the default scenario instead.',
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
    const warn = r.warnings.length === 0
      ? null
      : { kind: 'warning' as const, text: 'Parts of this link were ignored:', details: issueLines(r.warnings) }
    return { scenario: r.scenario, problem: warn }
  }
  return {
    scenario: null,
    problem: {
      kind: 'error',
      text: 'This link’s scenario could not be used, so the default scenario is shown instead.',
      details: issueLines(r.errors),
    },
  }
}

/** The shareable link for `scenario` on the page at `href` (any old hash replaced). Pure. */
export function linkFor(href: string, scenario: Scenario, codec: ScenarioCodec): string {
  const base = href.split('#')[0] ?? href
  return `${base}#${HASH_KEY}=${codec.encode(scenario)}`
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
  /** The link for the current scenario (after flushing). */
  link(): string
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
    onLink(scenarioFromHash(host.location.hash, codec))
  }
  host.addEventListener('hashchange', onHash)

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
      host.removeEventListener('hashchange', onHash)
    },
  }
}
