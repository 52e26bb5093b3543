// The toolbar's Lessons button: opens the list of guided lessons.

import type { ReactNode } from 'react'

export function LessonsButton({ open }: { open: () => void }): ReactNode {
  return (
    <button type="button" className="lessons-button" aria-haspopup="dialog" title="Guided lessons: predict, then watch" onClick={() => open()}>
      Lessons
    </button>
  )
}
