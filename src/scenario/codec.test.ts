import { deflateSync, strToU8 } from 'fflate'
import { describe, expect, test } from 'vitest'
import { toBase64Url } from './base64url.ts'
import { decodeScenario, encodeScenario, scenarioFromInput } from './codec.ts'
import { crc32 } from './crc32.ts'
import { defaultScenario } from './defaults.ts'
import type { Scenario } from './types.ts'

/** A v1 link around arbitrary JSON text, built the way encodeScenario builds one. */
function linkFor(json: string, checksum?: number): string {
  const raw = strToU8(json)
  const packed = deflateSync(raw)
  const bytes = new Uint8Array(packed.length + 4)
  bytes.set(packed)
  const c = checksum ?? crc32(raw)
  bytes.set([c >>> 24, (c >>> 16) & 0xff, (c >>> 8) & 0xff, c & 0xff], packed.length)
  return `v1.${toBase64Url(bytes)}`
}

function sample(): Scenario {
  const s = defaultScenario()
  s.name = 'Grüße 🚀'
  s.topic.partitions = 48
  s.group.protocol = 'cooperative'
  s.group.assignor = 'cooperative-sticky'
  s.producers.push({ rate: { kind: 'sine', perSec: 100, amplitude: 0.5, periodSec: 30 }, keys: { kind: 'keyless' }, recordBytes: 1000, keyCost: {} })
  s.actions = [{ atSec: 10, do: 'setRate', producer: 1, multiplier: 2 }]
  return s
}

const messageOf = (text: string) => {
  const r = decodeScenario(text)
  return r.ok ? 'ok' : r.errors.map((e) => `${e.path}: ${e.message}`).join('; ')
}

describe('encodeScenario / decodeScenario', () => {
  test('round-trips a scenario exactly', () => {
    expect(decodeScenario(encodeScenario(sample()))).toEqual({ ok: true, scenario: sample(), warnings: [] })
  })

  test('round-trips a warm start; a link without `start` stays cold', () => {
    const w = { ...sample(), start: 'warm' as const }
    expect(decodeScenario(encodeScenario(w))).toEqual({ ok: true, scenario: w, warnings: [] })
    expect('start' in decodeScenario(encodeScenario(sample())).scenario).toBe(false)
  })

  test('the default scenario encodes to a few characters', () => {
    expect(encodeScenario(defaultScenario())).toMatch(/^v1\.[A-Za-z0-9_-]{1,16}$/)
  })

  test('is deterministic', () => {
    expect(encodeScenario(sample())).toBe(encodeScenario(sample()))
  })

  test('tolerates surrounding whitespace', () => {
    expect(decodeScenario(`  ${encodeScenario(sample())}\n`).ok).toBe(true)
  })

  test('a newer link format says so', () => {
    expect(messageOf('v7.abc')).toBe('#: link format v7 is newer than this app (v1); open it in a newer version')
    // A version of ten digits or more is still a version, not "no format prefix" (a link edited by hand).
    expect(messageOf('v9999999999.abc')).toBe('#: link format v9999999999 is newer than this app (v1); open it in a newer version')
    expect(messageOf(`v${'9'.repeat(5000)}.abc`)).toBe(`#: link format v${'9'.repeat(12)}… is newer than this app (v1); open it in a newer version`)
  })

  test('a missing or malformed prefix is named', () => {
    expect(messageOf('abc')).toBe("#: the link has no format prefix (expected it to start with 'v1.')")
    expect(messageOf('v0.abc')).toBe('#: link format v0 is not supported (this app reads v1)')
    expect(messageOf('')).toBe('#: the link is empty')
  })

  test('bad base64url is named with the character and position', () => {
    expect(messageOf('v1.ab$d')).toBe('#: the link is not valid base64url: unexpected character "$" at position 2')
  })

  test('damaged compressed data, a cut-short link and a wrong checksum are named', () => {
    expect(messageOf('v1.AAAA')).toBe('#: the link has too little data after the prefix; is it cut short?')
    expect(messageOf('v1.____________')).toMatch(/^#: the link's compressed data is damaged \(/)
    const good = linkFor('{"seed":7}')
    expect(decodeScenario(good)).toMatchObject({ ok: true, scenario: { seed: 7 } })
    const wrongSum = linkFor('{"seed":7}', crc32(strToU8('{"seed":8}')))
    expect(messageOf(wrongSum)).toBe('#: the link is damaged (its checksum does not match); was it cut short or mistyped?')
  })

  test('a link cut short mid-stream says so in words, not as "unexpected EOF"', () => {
    const whole = encodeScenario({ ...defaultScenario(), seed: 99, name: 'a scenario long enough to have a compressed stream worth cutting' })
    // Cut at a whole base64url group (a cut elsewhere is named by base64url already: a length it
    // cannot have, or stray bits in its last character, "cut short or mistyped?").
    const body = whole.slice('v1.'.length)
    const cut = `v1.${body.slice(0, Math.floor((body.length - 24) / 4) * 4)}`
    expect(messageOf(cut)).toBe('#: the link is cut short (its compressed data ends early): ask for the whole link')
  })

  test('punctuation a chat message glued to the end is left out, said in a warning; the checksum still guards the rest', () => {
    const good = encodeScenario({ ...defaultScenario(), seed: 5 })
    for (const tail of [')', '.', ').', '>', '",']) {
      const r = decodeScenario(good + tail)
      expect(r, tail).toMatchObject({ ok: true, scenario: { seed: 5 } })
      expect(r.ok && r.warnings, tail).toEqual([{ path: '#', message: `the link ended in "${tail}", which is not part of a link (a chat message's punctuation?): left out` }])
    }
    expect(decodeScenario(good)).toMatchObject({ ok: true, warnings: [] })
    // Punctuation after a damaged link does not make it pass.
    expect(decodeScenario(`${good.slice(0, -2)}AA)`).ok).toBe(false)
  })

  test('bad JSON inside a well-formed link is named', () => {
    expect(messageOf(linkFor('{"seed":'))).toMatch(/^#: the link is not valid JSON \(/)
  })

  test('valid JSON that is not a valid scenario gives field paths and a fallback', () => {
    const r = decodeScenario(linkFor('{"topic":{"partitions":0},"seed":9}'))
    expect(r).toMatchObject({ ok: false, errors: [{ path: 'topic.partitions', message: 'must be ≥ 1' }] })
    expect(r.scenario.seed).toBe(9)
    expect(r.scenario.topic.partitions).toBe(12)
  })

  test('a deflate bomb stops at the size limit', () => {
    const bomb = linkFor(`{"name":"${' '.repeat(2_000_000)}"}`)
    expect(bomb.length).toBeLessThan(5000)
    expect(messageOf(bomb)).toBe("#: the link's data is too large (over 1048576 bytes)")
  })

  test('an absurdly long link is refused before any work', () => {
    expect(messageOf(`v1.${'A'.repeat(200_000)}`)).toBe('#: the link is too long (200003 characters; at most 100000)')
  })

  test('never throws for non-string input from untyped callers', () => {
    expect(messageOf(undefined as unknown as string)).toBe('#: the link must be text')
  })
})

describe('scenarioFromInput', () => {
  const encoded = encodeScenario(sample())

  test.each([
    ['a URL with #s=', `https://example.org/highway/#s=${encoded}`],
    ['a URL with ?s=', `https://example.org/highway/?s=${encoded}&x=1`],
    ['a URL with other fragment parameters', `https://example.org/#speed=2&s=${encoded}`],
    ['a hash-router URL', `https://example.org/#/play?s=${encoded}`],
    ['a percent-encoded parameter', `https://example.org/#s=${encodeURIComponent(encoded).replace('.', '%2E')}`],
    ['a bare encoded string', encoded],
    ['an s= parameter alone', `s=${encoded}`],
  ])('accepts %s', (_, text) => {
    expect(scenarioFromInput(text)).toEqual({ ok: true, scenario: sample(), warnings: [] })
  })

  test('accepts JSON of a partial scenario', () => {
    const r = scenarioFromInput('{ "topic": { "partitions": 6 }, "mystery": 1 }')
    const expected = defaultScenario()
    expected.topic.partitions = 6
    expect(r).toEqual({ ok: true, scenario: expected, warnings: [{ path: 'mystery', message: 'unknown field (ignored)' }] })
  })

  test('names the problem in broken JSON', () => {
    expect(scenarioFromInput('{ "topic": ')).toMatchObject({ ok: false, errors: [{ path: '#', message: expect.stringMatching(/^the input is not valid JSON/) as unknown }] })
    expect(scenarioFromInput('[1, 2]')).toMatchObject({ ok: false, errors: [{ path: 'scenario', message: 'must be an object' }] })
  })

  test('a URL without a scenario says so', () => {
    expect(scenarioFromInput('https://example.org/#speed=2')).toMatchObject({
      ok: false,
      errors: [{ path: '#', message: 'the URL has no scenario in it (expected #s=… or ?s=…)' }],
    })
  })

  test('empty input says so', () => {
    expect(scenarioFromInput('   ')).toMatchObject({ ok: false, errors: [{ path: '#', message: 'the input is empty' }] })
  })
})

describe('a key given twice (a link or file edited by hand)', () => {
  const json = '{"name":"first","seed":7,"topic":{"partitions":3,"partitions":4},"name":"second"}'
  const said = [
    { path: 'topic.partitions', message: 'given twice (JSON keeps the last value; the earlier one is ignored)' },
    { path: 'name', message: 'given twice (JSON keeps the last value; the earlier one is ignored)' },
  ]

  test('a link runs with the last value, as JSON.parse reads it, and says which keys were given twice', () => {
    const r = decodeScenario(linkFor(json))
    expect(r.ok && { name: r.scenario.name, partitions: r.scenario.topic.partitions, warnings: r.warnings }).toEqual({ name: 'second', partitions: 4, warnings: said })
  })

  test('pasted JSON too, before the validator’s own warnings', () => {
    const r = scenarioFromInput('{"seed":1,"seed":2,"topik":{}}')
    expect(r.ok && r.warnings).toEqual([
      { path: 'seed', message: 'given twice (JSON keeps the last value; the earlier one is ignored)' },
      { path: 'topik', message: 'unknown field (ignored); did you mean topic?' },
    ])
  })
})
