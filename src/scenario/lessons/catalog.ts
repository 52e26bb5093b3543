// The built-in lessons, in menu order. Pure data; the truth test runs each against the engine.

import { addPartitionsLesson } from './catalog/addPartitions.ts'
import { autoscaleStormLesson } from './catalog/autoscaleStorm.ts'
import { eagerVsCooperativeLesson } from './catalog/eagerVsCooperative.ts'
import { hotBrokersLesson } from './catalog/hotBrokers.ts'
import { hotKeyLesson } from './catalog/hotKey.ts'
import { hotLaneAnswersLesson } from './catalog/hotLaneAnswers.ts'
import { loadAwareLesson } from './catalog/loadAware.ts'
import { stormLesson } from './catalog/storm.ts'
import type { Lesson } from './types.ts'
import { validateLesson, type ResolvedLesson } from './validate.ts'

export const lessons: readonly Lesson[] = [
  hotKeyLesson,
  loadAwareLesson,
  hotLaneAnswersLesson,
  hotBrokersLesson,
  eagerVsCooperativeLesson,
  stormLesson,
  addPartitionsLesson,
  autoscaleStormLesson,
]

/** The lesson with this name, resolved (its scenario and variants built), or undefined. */
export function getLesson(name: string): ResolvedLesson | undefined {
  const l = lessons.find((x) => x.name === name)
  if (l === undefined) return undefined
  const r = validateLesson(l)
  return r.ok ? r.resolved : undefined
}
