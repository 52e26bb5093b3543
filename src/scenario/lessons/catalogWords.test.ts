// A step's highlight is read out under its text ("Watch lane 6 and consumer-5.", LessonPanel), so
// the text does not say it again: "… joins the group. Watch lane 6." stood over "Watch lane 6 and
// consumer-5." on the projector.

import { describe, expect, it } from 'vitest'
import { getLesson, lessons } from './index.ts'

describe('the lessons’ words', () => {
  it('no step text names the lanes its highlight already asks the room to watch', () => {
    const repeats: string[] = []
    for (const l of lessons) {
      const resolved = getLesson(l.name)!
      resolved.lesson.steps.forEach((step, i) => {
        for (const p of step.highlight?.partitions ?? []) {
          if (new RegExp(`Watch (the )?lanes? ([0-9]+, )*${p}\\b`).test(step.text)) repeats.push(`${l.name} step ${i + 1}: ${step.text}`)
        }
      })
    }
    expect(repeats).toEqual([])
  })
})
