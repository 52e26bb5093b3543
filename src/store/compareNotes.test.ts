import { describe, expect, it } from 'vitest'
import { MAX_KEPT_NOTES, MAX_ROUTINE_NOTES, withNote } from './compareNotes.ts'
import type { CompareNote } from './compareStore.ts'

const routine = (text: string): CompareNote => ({ kind: 'info', text, details: [] })
const kept = (text: string): CompareNote => ({ kind: 'info', text, details: [], keep: true })
const texts = (ns: readonly CompareNote[]) => ns.map((n) => n.text)

describe('compare notes: which stay', () => {
  it('a routine note pushes out the oldest routine one, never a kept one or an error', () => {
    let ns: CompareNote[] = [kept('placement dropped'), { kind: 'error', text: 'side stopped', details: [] }]
    for (let k = 1; k <= MAX_ROUTINE_NOTES + 2; k++) ns = withNote(ns, routine(`copied ${k}`))
    expect(texts(ns)).toEqual(['placement dropped', 'side stopped', 'copied 3', 'copied 4', 'copied 5'])
  })

  it('kept notes past their bound drop the oldest kept one; the newest routine note stays', () => {
    let ns: CompareNote[] = [routine('copied')]
    for (let k = 1; k <= MAX_KEPT_NOTES + 1; k++) ns = withNote(ns, kept(`side ${k}`))
    expect(ns).toHaveLength(MAX_KEPT_NOTES + 1)
    expect(texts(ns).slice(0, 2)).toEqual(['copied', 'side 2'])
  })

  it('a note already showing is not repeated', () => {
    const ns = withNote([routine('copied'), kept('dropped')], routine('copied'))
    expect(texts(ns)).toEqual(['copied', 'dropped'])
    expect(withNote(ns, { kind: 'warning', text: 'copied', details: [] })).toHaveLength(3)
  })
})
