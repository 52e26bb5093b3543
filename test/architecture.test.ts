// The layering rules of DEVELOPERS.md and ../shared/style.md, enforced: imports point one way,
// and the pure layers touch no host (no clock, no Math.random, no DOM, no timers, no Node, no UI).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = resolve(__dirname, '../src')
const PURE = ['engine', 'kafka', 'protocols', 'sim', 'scenario']

/** Which layers each layer may import (type-only imports included: the shape must hold for both). */
const ALLOWED: Record<string, string[]> = {
  engine: ['engine'],
  kafka: ['kafka'],
  protocols: ['protocols', 'kafka'],
  scenario: ['scenario', 'kafka', 'engine'],
  sim: ['sim', 'engine', 'kafka', 'protocols', 'scenario'],
  worker: ['worker', 'sim', 'scenario', 'engine', 'kafka'],
  cli: ['cli', 'sim', 'scenario', 'engine', 'kafka'],
  store: ['store', 'scenario', 'sim', 'kafka', 'engine'],
  view: ['view', 'sim', 'kafka', 'engine', 'scenario'],
  ui: ['ui', 'store', 'view', 'scenario', 'kafka', 'sim', 'engine'],
  app: ['app', 'ui', 'store', 'view', 'worker', 'scenario', 'sim', 'kafka', 'engine'],
}

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p))
    else if (/\.tsx?$/.test(name) && !/\.(test|bench)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

function layerOf(file: string): string {
  return relative(SRC, file).split(/[\\/]/)[0]!
}

function importsOf(text: string): string[] {
  const re = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g
  const out: string[] = []
  for (const m of text.matchAll(re)) out.push((m[1] ?? m[2] ?? m[3])!)
  return out
}

/** Code without comments, so a comment may name what the code must not do. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

const files = sourceFiles(SRC)

describe('architecture', () => {
  it('finds the layers', () => {
    for (const l of PURE) expect(files.some((f) => layerOf(f) === l), l).toBe(true)
  })

  it('imports point one way (engine ← kafka ← protocols ← sim ← worker/cli)', () => {
    const bad: string[] = []
    for (const f of files) {
      const layer = layerOf(f)
      const allowed = ALLOWED[layer]
      if (!allowed) continue
      for (const spec of importsOf(readFileSync(f, 'utf8'))) {
        if (!spec.startsWith('.')) continue
        const target = resolve(dirname(f), spec)
        const tl = relative(SRC, target).split(/[\\/]/)[0]!
        if (!allowed.includes(tl)) bad.push(`${relative(SRC, f)} imports ${spec} (${layer} → ${tl})`)
      }
    }
    expect(bad).toEqual([])
  })

  it('keeps the pure layers free of host APIs, wall clocks and unseeded randomness', () => {
    const INERT_SCOPE = join('sim', 'group', 'pureTransition.ts')
    const banned: Array<[RegExp, string]> = [
      [/\bMath\.random\b/, 'Math.random'],
      [/\bDate\.now\b/, 'Date.now'],
      [/\bnew Date\s*\(/, 'new Date('],
      [/\bperformance\.now\b/, 'performance.now'],
      [/\bset(Timeout|Interval|Immediate)\s*\(/, 'timers'],
      [/\brequestAnimationFrame\b/, 'requestAnimationFrame'],
      [/\b(window|document|localStorage|navigator)\./, 'DOM globals'],
      [/\bprocess\.(env|argv|exit|stdout|stderr|stdin|cwd|platform|nextTick|hrtime|memoryUsage)\b/, 'process'],
      [/\bcreateActor\b/, 'createActor (machines run on the engine clock via transition())'],
      [/\beval\s*\(|\bnew Function\s*\(/, 'eval'],
    ]
    const bannedImports = /^(react|react-dom|d3|d3-.*|zustand|node:.*|fs|path|os|child_process)(\/.*)?$/
    const bad: string[] = []
    for (const f of files.filter((x) => PURE.includes(layerOf(x)))) {
      const text = readFileSync(f, 'utf8')
      const c = code(text)
      for (const [re, what] of banned) {
        if (!re.test(c)) continue
        // One exception: pureTransition.ts builds (never starts) one actor per machine, the inert
        // scope xstate's own transition() builds on every call; it may not start, send or subscribe.
        if (what.startsWith('createActor') && relative(SRC, f) === INERT_SCOPE && !/\.(start|send|subscribe)\s*\(/.test(c)) continue
        bad.push(`${relative(SRC, f)}: ${what}`)
      }
      for (const spec of importsOf(text)) if (bannedImports.test(spec)) bad.push(`${relative(SRC, f)}: imports ${spec}`)
    }
    expect(bad).toEqual([])
  })
})
