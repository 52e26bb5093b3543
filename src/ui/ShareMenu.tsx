// Share: copy the link to the run (its settings and every action so far), or the link that opens
// it paused at the moment shown. Inside a lesson the lesson's own link comes first (it opens the
// lesson at this step, questions and all), and the scenario links say they leave the lesson out.
// The outcome is announced politely.

import type { ReactNode } from 'react'
import { useActions } from './actions.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { lessonChoices, ShareChoices, type ShareChoice } from './ShareChoices.tsx'
import { useShareNote } from './useShareNote.ts'

export function ShareMenu(): ReactNode {
  const actions = useActions()
  const [note, setNote] = useShareNote()
  const at = useAppStore((s) => s.lessonAt)
  const inLesson = at !== null
  const scenario: ShareChoice[] = [
    {
      label: inLesson ? 'Scenario only, no lesson' : 'Copy link',
      title: inLesson ? 'The lesson’s world with everything done so far, opening at 0 s, without the lesson' : 'The scenario with everything done so far; opens at 0 s',
      copy: () => actions.share(),
    },
    {
      label: inLesson ? 'Scenario at this moment, no lesson' : 'Link to this moment',
      title: inLesson ? 'The lesson’s world opening paused at the moment shown now, without the lesson' : 'Opens paused at the simulated moment shown now',
      copy: () => actions.share({ moment: true }),
    },
  ]
  return (
    <>
      <ShareChoices
        choices={at === null ? scenario : lessonChoices(at, scenario, () => actions.share({ lesson: true }))}
        onNote={setNote}
        {...(inLesson ? { title: 'Copy the lesson’s link, or the scenario without the lesson' } : {})}
      />
      <span className="share-note" role="status" aria-live="polite">
        {note}
      </span>
    </>
  )
}
