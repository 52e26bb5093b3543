import { describe, expect, it } from 'vitest'
import { lessons } from '../scenario/lessons/index.ts'
import { runLessons } from './lessonsCommand.ts'

const good = {
  name: 'mine',
  title: 'Mine',
  summary: 'S',
  scenario: { preset: 'steady' },
  steps: [{ text: 'Look', playToSec: 5, question: { prompt: 'P?', choices: ['a', 'b'], answer: 0, explain: 'E' } }],
}
const files: Record<string, string> = {
  'good.json': JSON.stringify(good),
  'bad.json': JSON.stringify({ ...good, steps: [{ text: 'Look', playToSec: -1 }] }),
  'notjson.json': '{ nope',
  'twice.json': JSON.stringify(good).replace('"text":"Look"', '"text":"Look here","text":"Look"'),
}
const io = { readFile: (p: string) => (Object.hasOwn(files, p) ? { ok: true as const, text: files[p]! } : { ok: false as const, problem: 'no such file' }) }

describe('highway lessons', () => {
  it('lists every lesson with its numbered steps and questions', () => {
    const r = runLessons([], io)
    expect(r.code).toBe(0)
    for (const l of lessons) {
      expect(r.stdout).toContain(`${l.name} — ${l.title}`)
      expect(r.stdout).toContain(`${l.steps.length}. [to ${l.steps[l.steps.length - 1]!.playToSec} s]`)
    }
    expect(r.stdout).toContain('side by side: eager | cooperative')
    expect(r.stdout).toMatch(/Q: .+ \(3 choices\)/)
  })

  it('--json prints the lessons as data', () => {
    const r = runLessons(['--json'], io)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(lessons)))
  })

  it('--check validates a file: ok, or one line per problem with its path, exit 2', () => {
    const ok = runLessons(['--check', 'good.json'], io)
    expect(ok).toEqual({ stdout: 'good.json: lesson "mine" is valid (1 step, 1 question)\n', stderr: '', code: 0 })
    const bad = runLessons(['--check', 'bad.json'], io)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('lessons: bad.json: steps[0].playToSec: must be > 0\n')
    expect(runLessons(['--check', 'notjson.json'], io).stderr).toMatch(/^lessons: notjson\.json is not JSON \(/)
    expect(runLessons(['--check', 'missing.json'], io)).toEqual({ stdout: '', stderr: 'lessons: missing.json: no such file\n', code: 2 })
  })

  it('--check says a key given twice, as it says an unknown field (the lesson has the last; its author may read the first)', () => {
    expect(runLessons(['--check', 'twice.json'], io)).toEqual({
      stdout: 'twice.json: lesson "mine" is valid (1 step, 1 question)\n',
      stderr: 'lessons: twice.json: warning: steps[0].text: given twice (JSON keeps the last value; the earlier one is ignored)\n',
      code: 0,
    })
  })

  it('refuses unknown arguments and a --check without a file', () => {
    expect(runLessons(['--nope'], io).stderr.split('\n')[0]).toBe('lessons: unexpected argument "--nope" (see highway lessons --help)')
    expect(runLessons(['--check'], io).code).toBe(2)
  })
})
