import { describe, expect, it } from 'vitest'
import { jsonProblem } from './jsonProblem.ts'

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

  it('says the line and column where the engine gives a position', () => {
    // The trailing comma: the engine complains at the "}" on line 4, column 1.
    expect(problemOf('{\n "version": 1,\n "name": "x",\n}\n')).toMatch(/: line 4, column 1$/)
  })
})
