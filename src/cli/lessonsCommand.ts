// `highway lessons [--json]`: the built-in guided lessons with their steps; `--check FILE` validates
// a teacher's lesson file (JSON) and says where it is wrong, one line per problem.

import { lessons, validateLesson, type Lesson } from '../scenario/lessons/index.ts'
import { duplicateKeys } from '../scenario/jsonDuplicates.ts'
import { jsonProblem } from '../scenario/jsonProblem.ts'
import { usageFailure } from './args.ts'
import type { CliIo, CommandResult } from './runCommand.ts'

export const LESSONS_USAGE =
  'usage: highway lessons [--json] | highway lessons --check FILE\n' +
  '  lists the guided lessons and their steps (--json: the lesson data); --check FILE validates a\n' +
  '  lesson file (JSON), one line per problem naming its path (see docs/lessons.md)'

const fail = (message: string): CommandResult => usageFailure('lessons', message)

function describeLesson(l: Lesson): string {
  const mode = l.variants === undefined ? '' : ` (side by side: ${l.variants.map((v) => v.slice(0, v.indexOf(':')).trim()).join(' | ')})`
  const lines = [`${l.name} — ${l.title}${mode}`, `  ${l.summary}`]
  l.steps.forEach((s, i) => {
    lines.push(`  ${i + 1}. [to ${s.playToSec} s] ${s.text}`)
    if (s.question !== undefined) lines.push(`     Q: ${s.question.prompt} (${s.question.choices.length} choices)`)
  })
  return lines.join('\n')
}

function check(path: string, io: Pick<CliIo, 'readFile'>): CommandResult {
  const read = io.readFile(path)
  if (!read.ok) return { stdout: '', stderr: `lessons: ${path}: ${read.problem}\n`, code: 2 }
  let data: unknown
  try {
    data = JSON.parse(read.text)
  } catch (e) {
    return { stdout: '', stderr: `lessons: ${path} is not JSON (${jsonProblem(read.text, e)})\n`, code: 2 }
  }
  const r = validateLesson(data)
  // A key given twice first (JSON.parse kept the last without a word), then the validator's warnings.
  const warnings = [...duplicateKeys(read.text), ...r.warnings].map((w) => `lessons: ${path}: warning: ${w.path}: ${w.message}\n`).join('')
  if (!r.ok) return { stdout: '', stderr: warnings + r.errors.map((e) => `lessons: ${path}: ${e.path}: ${e.message}\n`).join(''), code: 2 }
  const l = r.resolved.lesson
  const n = (k: number, what: string): string => `${k} ${what}${k === 1 ? '' : 's'}`
  return { stdout: `${path}: lesson "${l.name}" is valid (${n(l.steps.length, 'step')}, ${n(l.steps.filter((s) => s.question).length, 'question')})\n`, stderr: warnings, code: 0 }
}

export function runLessons(args: readonly string[], io: Pick<CliIo, 'readFile'>): CommandResult {
  let json = false
  let file: string | undefined
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === '--help') return { stdout: `${LESSONS_USAGE}\n`, stderr: '', code: 0 }
    if (a === '--json') json = true
    else if (a === '--check') {
      const next = args[i + 1]
      if (next === undefined) return fail('--check needs a FILE')
      file = next
      i++
    } else if (a.startsWith('--check=')) file = a.slice('--check='.length)
    else return fail(`unexpected argument "${a}"`)
  }
  if (file !== undefined) return json ? fail('--check and --json do not go together') : check(file, io)
  if (json) return { stdout: `${JSON.stringify(lessons, null, 2)}\n`, stderr: '', code: 0 }
  return { stdout: `${lessons.map(describeLesson).join('\n\n')}\n`, stderr: '', code: 0 }
}
