import { describe, expect, it } from 'vitest'
import { decodeScenario, encodeScenario } from '../scenario/codec.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { hotKeyScenario } from '../scenario/presets/hotKey.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { readLinkHash } from '../scenario/links.ts'
import type { Scenario } from '../scenario/types.ts'
import { createUrlSync, hashFromQuery, linkFor, markFromHash, momentFromHash, momentLink, scenarioFromHash, withMark, type ScenarioCodec, type UrlHost } from './urlSync.ts'

const codec: ScenarioCodec = {
  encode: encodeScenario,
  decode: (t) => {
    const r = decodeScenario(t)
    return r.ok ? { ok: true, scenario: r.scenario, warnings: r.warnings } : { ok: false, scenario: r.scenario, errors: r.errors }
  },
}

describe('scenarioFromHash', () => {
  it('no hash: no scenario, no problem', () => {
    expect(scenarioFromHash('', codec)).toEqual({ scenario: null, problem: null })
    expect(scenarioFromHash('#', codec)).toEqual({ scenario: null, problem: null })
  })

  it('round-trips a scenario through the link exactly, seed included', () => {
    const s = { ...hotKeyScenario(), seed: 987654 }
    const link = linkFor('http://x/app/?a=1#old', s, codec)
    expect(link.startsWith('http://x/app/?a=1#s=')).toBe(true)
    const r = scenarioFromHash(link.slice(link.indexOf('#')), codec)
    expect(r.problem).toBeNull()
    expect(r.scenario).toEqual(s)
  })

  it('a link from a newer version or a typo opens, its banner naming the field meant and each action that can do nothing', () => {
    const s = defaultScenario()
    const typo = { ...s, group: { ...s.group, consumerz: 12 }, actions: [{ do: 'crashConsumer', consumer: 'nobody', atSec: 5 }] } as unknown as Scenario
    const r = scenarioFromHash(`#s=${codec.encode(typo)}`, codec)
    expect(r.scenario?.group.consumers).toBe(s.group.consumers)
    expect(r.problem?.kind).toBe('warning')
    expect(r.problem?.details).toEqual([
      'group.consumerz: unknown field (ignored); did you mean group.consumers?',
      'actions[0].consumer: no consumer of this run is ever called "nobody" (it starts with consumer-1, consumer-2, consumer-3; no scale-out adds any), so this crashConsumer does nothing',
    ])
  })

  it('names the problem of a damaged link and offers no scenario', () => {
    const r = scenarioFromHash('#s=v1.@@@not-base64', codec)
    expect(r.scenario).toBeNull()
    expect(r.problem?.kind).toBe('error')
    expect(r.problem?.text).toMatch(/could not be used/)
    expect(r.problem?.details.join(' ')).toMatch(/base64url/)
  })

  it('names an unsupported link format version', () => {
    const r = scenarioFromHash('#s=v9.abc', codec)
    expect(r.problem?.details.join(' ')).toMatch(/v9/)
  })

  it('a hash without s= is reported, not silently ignored', () => {
    const r = scenarioFromHash('#hello', codec)
    expect(r.scenario).toBeNull()
    expect(r.problem?.text).toMatch(/#s=/)
  })

  it('a lesson link has no s= and is not reported as a scenario-less link (the lesson reader speaks for it)', () => {
    expect(scenarioFromHash('#lesson=nope', codec)).toEqual({ scenario: null, problem: null })
    expect(scenarioFromHash('#lesson=hot-key&step=2', codec)).toEqual({ scenario: null, problem: null })
    expect(scenarioFromHash('#lessons=x', codec).problem?.kind).toBe('error')
  })

  it('never throws, whatever the hash holds', () => {
    for (const h of ['#s=', '#s=%E0%A4%A', '#s=v1.', '#s=<img src=x onerror=alert(1)>', `#s=${'A'.repeat(200_000)}`]) {
      expect(() => scenarioFromHash(h, codec)).not.toThrow()
    }
  })
})

function fakeHost(hash = ''): UrlHost & { urls: string[]; fire(): void; timers: Array<() => void> } {
  const hashListeners: Array<() => void> = []
  const h = {
    urls: [] as string[],
    timers: [] as Array<() => void>,
    location: { href: `http://x/${hash}`, hash },
    history: {
      replaceState: (_d: unknown, _u: string, url?: string | URL | null) => {
        const s = String(url)
        h.urls.push(s)
        h.location.href = s
        h.location.hash = s.slice(s.indexOf('#'))
      },
    },
    addEventListener: (_t: 'hashchange', l: () => void) => void hashListeners.push(l),
    removeEventListener: () => {},
    setTimeout: (cb: () => void) => h.timers.push(cb),
    clearTimeout: () => {
      h.timers.length = 0
    },
    fire: () => hashListeners.forEach((l) => l()),
  }
  return h
}

describe('createUrlSync', () => {
  it('writes the scenario into the URL after changes, debounced, with replaceState', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const host = fakeHost()
    createUrlSync(store, host, codec, () => {})
    store.getState().setScenario({ ...defaultScenario(), seed: 1 }, false)
    store.getState().setScenario({ ...defaultScenario(), seed: 2 }, false)
    expect(host.urls).toEqual([])
    host.timers.forEach((t) => t())
    expect(host.urls).toHaveLength(1)
    expect(scenarioFromHash(host.location.hash, codec).scenario?.seed).toBe(2)
  })

  it('link() flushes first, so Share never copies a stale link', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const host = fakeHost()
    const sync = createUrlSync(store, host, codec, () => {})
    store.getState().setScenario({ ...defaultScenario(), seed: 5 }, false)
    const link = sync.link()
    expect(scenarioFromHash(link.slice(link.indexOf('#')), codec).scenario?.seed).toBe(5)
  })

  it('reads a hash pasted by hand, but not the one it wrote itself', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const host = fakeHost()
    const seen: Array<number | undefined> = []
    const sync = createUrlSync(store, host, codec, (r) => seen.push(r.scenario?.seed))
    sync.flush()
    host.fire()
    expect(seen).toEqual([])
    const pasted = linkFor('http://x/', { ...defaultScenario(), seed: 77 }, codec)
    host.location.hash = pasted.slice(pasted.indexOf('#'))
    host.fire()
    expect(seen).toEqual([77])
  })
})

describe('moment links', () => {
  it('a link to a moment carries t in seconds and still opens the same scenario', () => {
    const s = { ...hotKeyScenario(), seed: 4242 }
    const link = momentLink(linkFor('http://x/', s, codec), 42_500)
    expect(link).toMatch(/#s=v1\.[^&]+&t=42\.5$/)
    const hash = link.slice(link.indexOf('#'))
    expect(scenarioFromHash(hash, codec).scenario).toEqual(s)
    expect(momentFromHash(hash, s.durationSec)).toEqual({ momentMs: 42_500, problem: null })
    // The same text the CLI's `compare --link` reads and writes (src/scenario/links.ts).
    expect(readLinkHash(hash).t).toBe(42.5)
  })

  it('whole milliseconds only, never a negative moment', () => {
    expect(momentLink('L', 1234.6)).toBe('L&t=1.235')
    expect(momentLink('L', 60_000)).toBe('L&t=60')
    expect(momentLink('L', -3)).toBe('L&t=0')
  })

  it('no t: no moment and no problem', () => {
    expect(momentFromHash('#s=v1.abc', 120)).toEqual({ momentMs: null, problem: null })
  })

  it('a bad t is a warning naming it, and the run starts at 0 s', () => {
    for (const bad of ['-4', 'soon', '1e3', '%E0%A4%A']) {
      const r = momentFromHash(`#s=v1.abc&t=${bad}`, 120)
      expect(r.momentMs, bad).toBeNull()
      expect(r.problem?.kind).toBe('warning')
      expect(r.problem?.details.join(' '), bad).toMatch(/\bt\b/)
    }
  })

  it('a link cut at its end inside t= opens at 0 s, its banner naming t and asking for the whole link', () => {
    const link = `${linkFor('http://x/', defaultScenario(), codec)}&t=`
    const r = momentFromHash(link.slice(link.indexOf('#')), 120)
    expect(r.momentMs).toBeNull()
    expect(r.problem?.details).toEqual(['t (the moment the link opens at) is empty: the link is cut short (it stops at "t="): ask for the whole link'])
    expect(r.problem?.details.join(' ')).not.toContain('got ""')
    // Said in t's own banner only, as any bad t is.
    expect(scenarioFromHash(link.slice(link.indexOf('#')), codec).problem).toBeNull()
  })

  it('a bad mark=, automark= or a second s= is said in the link’s warnings, not dropped without a word; a bad t only in its own banner', () => {
    const hash = `#s=${codec.encode(defaultScenario())}&mark=-1&automark=soon&s=v1.other&t=-4`
    expect(scenarioFromHash(hash, codec).problem).toEqual({
      kind: 'warning',
      text: 'Parts of this link were ignored:',
      details: [
        'mark must be a number of seconds (like 42 or 42.5), got "-1"',
        'automark must be a number of seconds (like 42 or 42.5), got "soon"',
        'the link has more than one scenario (s); the first is used',
      ],
    })
    expect(momentFromHash(hash, 120).problem?.details).toEqual(['t must be a number of seconds (like 42 or 42.5), got "-4"'])
    expect(markFromHash(hash)).toBeNull()
  })

  it('Copy link leaves the moment out once the page has written its own URL', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const opened = linkFor('http://x/', defaultScenario(), codec)
    const host = fakeHost(`${opened.slice(opened.indexOf('#'))}&t=12`)
    const sync = createUrlSync(store, host, codec, () => {})
    expect(momentFromHash(sync.link().slice(sync.link().indexOf('#')), 120).momentMs).toBeNull()
    expect(momentFromHash(sync.link(30_000).slice(sync.link().indexOf('#')), 120).momentMs).toBe(30_000)
  })

  it('a moment past the run’s end opens at the end, said with its path in the link’s warnings', () => {
    const s = defaultScenario()
    expect(s.durationSec).toBe(120)
    const hash = `#s=${codec.encode(s)}&t=99999`
    expect(momentFromHash(hash, s.durationSec)).toEqual({ momentMs: 120_000, problem: null })
    expect(scenarioFromHash(hash, codec).problem).toEqual({
      kind: 'warning',
      text: 'Parts of this link were ignored:',
      details: ["t: 99999 s is past the run's end (120 s): opened at 120 s"],
    })
    // At the end exactly: no clamp, no warning.
    expect(momentFromHash(`#s=${codec.encode(s)}&t=120`, s.durationSec).momentMs).toBe(120_000)
    expect(scenarioFromHash(`#s=${codec.encode(s)}&t=120`, codec).problem).toBeNull()
  })

  it('the page’s own link to a moment past durationSec (it runs on) carries a run that reaches it, so it opens there', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const sync = createUrlSync(store, fakeHost(''), codec, () => {})
    const link = sync.link(150_400)
    const hash = link.slice(link.indexOf('#'))
    const r = scenarioFromHash(hash, codec)
    expect(r.problem).toBeNull()
    expect(r.scenario).toEqual({ ...defaultScenario(), durationSec: 151 })
    expect(momentFromHash(hash, r.scenario!.durationSec).momentMs).toBe(150_400)
  })
})

describe('hashFromQuery: a link written with ?s= instead of #s=', () => {
  it('moves the query into the hash, so the page opens the link instead of ignoring it', () => {
    const h = hashFromQuery('?s=v1.abc&t=12', '')
    expect(h).toBe('#s=v1.abc&t=12')
    expect(readLinkHash(h!)).toMatchObject({ s: 'v1.abc', t: 12 })
  })

  it('keeps a hash that already has a scenario, and leaves unrelated queries alone', () => {
    expect(hashFromQuery('?s=v1.abc', '#s=v1.other')).toBeNull()
    expect(hashFromQuery('?utm_source=mail', '')).toBeNull()
    expect(hashFromQuery('', '')).toBeNull()
    expect(hashFromQuery('?s=v1.abc', '#t=5')).toBe('#s=v1.abc&t=5')
  })
})

describe('the mark in a single-mode link', () => {
  it('is written when the teacher set one and read back in ms', () => {
    const link = withMark('https://x/#s=v1.abc&t=40', 12_300)
    expect(link).toBe('https://x/#s=v1.abc&t=40&mark=12.3')
    expect(markFromHash(link.slice(link.indexOf('#')))).toBe(12_300)
    expect(withMark('https://x/#s=v1.abc', null)).toBe('https://x/#s=v1.abc')
    expect(markFromHash('#s=v1.abc')).toBeNull()
  })
})

describe('a moment given twice (one appended by hand)', () => {
  it('opens at the last, and the banner says so; it is not a moment that could not be read', () => {
    const hash = `#s=${encodeScenario(defaultScenario())}&t=10&t=30`
    expect(momentFromHash(hash, 120)).toEqual({ momentMs: 30_000, problem: null })
    expect(scenarioFromHash(hash, codec).problem).toEqual({
      kind: 'warning',
      text: 'Parts of this link were ignored:',
      details: ['the link gives t (the moment the link opens at) twice (10, then 30): the last is used'],
    })
  })
})
