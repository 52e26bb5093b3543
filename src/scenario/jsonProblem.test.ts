import { describe, expect, it } from 'vitest'
import { jsonProblem, syntaxErrorAt } from './jsonProblem.ts'

function problemOf(text: string): string {
  try {
    JSON.parse(text)
  } catch (e) {
    return jsonProblem(text, e)
  }
  throw new Error('parsed')
}

describe('jsonProblem', () => {
  it('is one line even when the engine quotes a multi-line input', () => {
    const p = problemOf('{\n  "version": 1,\n  "name": x\n}\n')
    expect(p).not.toMatch(/\n/)
    expect(p).toMatch(/x/)
  })

  it('escapes the control and invisible characters the engine quotes (an ESC reached the terminal, a bidi override turned the banner around)', () => {
    expect(problemOf('[1,\u001b2]')).toBe(`Unexpected token '\\u001b', "[1,\\u001b2]" is not valid JSON: line 1, column 4`)
    expect(problemOf('\u202e{"a":1')).toMatch(/^Unexpected token '\\u202e', "\\u202e\{"a":1" is not valid JSON/)
  })

  it('says the line and column where the engine gives a position', () => {
    // The trailing comma: the engine complains at the "}" on line 4, column 1.
    expect(problemOf('{\n "version": 1,\n "name": "x",\n}\n')).toMatch(/: line 4, column 1$/)
  })
})

describe('jsonProblem: a position where the engine gives none', () => {
  // V8 says "Unexpected token 'x', … is not valid JSON" and "Unexpected end of JSON input" with no
  // position: the line and column are found by scanning the text.
  it.each([
    ['a bare word', '{\n  "version": 1,\n  "name": x\n}\n', 3, 11],
    ['a misspelt literal', '{\n  "start": tru\n}', 2, 15],
    ['a file cut short', '{\n  "version": 1,\n  "name": "x"', 3, 14],
    ['an empty file', '', 1, 1],
    ['a single quote', "{\n 'name': 1}", 2, 2],
    ['a bare word after the first line, at the top', '\n\nhello', 3, 1],
  ])('%s', (_what, text, line, column) => {
    expect(problemOf(text)).toMatch(new RegExp(`: line ${line}, column ${column}$`))
  })

  it('agrees with the engine where the engine gives a position', () => {
    for (const text of ['{"a":1,}', '[1 2]', '{"a":01}', '{"a":1}x', '"\\q"', '{"a":"b\nc"}', '{\n"a" 1}']) {
      const engine = /: line \d+, column \d+$/.exec(problemOf(text))![0]
      expect(syntaxErrorAt(text), text).toBe(positionOf(text, engine))
    }
  })
})

/** The character offset of "line L, column C" in `text`. */
function positionOf(text: string, where: string): number {
  const [, l, c] = /line (\d+), column (\d+)/.exec(where)!
  const lines = text.split('\n').slice(0, Number(l) - 1)
  return lines.reduce((n, x) => n + x.length + 1, 0) + Number(c) - 1
}

describe('syntaxErrorAt', () => {
  it('finds a problem exactly when JSON.parse refuses the text (every cut and every one-character deletion of a scenario)', () => {
    const text = JSON.stringify({ version: 1, name: 'a "q" \\ \u00e9', seed: -1.5e3, topic: { partitions: 12 }, actions: [{ do: 'addConsumer', atSec: 0 }, [], {}, null, true, false] }, null, '\t').replace(/\n/g, '\r\n')
    const variants = [...Array.from({ length: text.length + 1 }, (_, n) => text.slice(0, n)), ...Array.from({ length: text.length }, (_, n) => text.slice(0, n) + text.slice(n + 1))]
    for (const v of variants) {
      let parses = true
      try {
        JSON.parse(v)
      } catch {
        parses = false
      }
      expect(syntaxErrorAt(v) === null, v).toBe(parses)
    }
  })

  it('does not overflow on deep nesting', () => {
    expect(syntaxErrorAt('['.repeat(1e6))).toBe(1e6)
  })
})
