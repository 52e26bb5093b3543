// Compare mode's top bar: one play/pause, step, restart and speed for every side, the shared clock,
// the mark, Share, Add side, Export (per side), Lessons, presenter mode, the keys (?), and the way
// back to one highway.

import type { ReactNode } from 'react'
import { useStore } from 'zustand'
import { effectiveMark } from '../../store/compareStore.ts'
import { LessonsButton } from '../lessons/LessonsButton.tsx'
import { PlaybackControls } from '../PlaybackControls.tsx'
import { PresenterToggle } from '../PresenterButton.tsx'
import { lessonChoices, ShareChoices } from '../ShareChoices.tsx'
import { useShareNote } from '../useShareNote.ts'
import { useThrottledOf } from '../useThrottled.ts'
import { formatSimSeconds } from '../../view/createTimelineView.ts'
import { useCompare } from './compareActions.ts'
import { AddSide } from './AddSide.tsx'
import { CompareExportMenu } from './CompareExportMenu.tsx'
import { setPresenterAll, usePresenter } from './presenter.ts'

export function CompareToolbar(): ReactNode {
  const { store, actions, sides } = useCompare()
  const presenter = usePresenter()
  const playing = useStore(store, (s) => s.playing)
  const speed = useStore(store, (s) => s.speed)
  // Tenths of a second, read on the page's throttle clock while playing: in the same task and from
  // the same moment as the Timeline's label and the side tables (per frame, it ran 0.1–0.2 s ahead
  // of them). Paused, the exact moment at once.
  // Written as the Timeline writes its label (formatSimSeconds), so the two never round apart.
  const clock = useThrottledOf(store, (s) => s.clock, 100, (s) => s.playing)
  const mark = useStore(store, effectiveMark)
  const userMark = useStore(store, (s) => s.mark !== null)
  const fps = useStore(store, (s) => s.perf.fps)
  const [shareNote, setShareNote] = useShareNote()
  // Every side runs the same lesson; side A's store says which step is on screen.
  const lessonAt = useStore(sides[0]!.store, (s) => s.lessonAt)
  return (
    <header className="toolbar compare-toolbar">
      <h1>Compare</h1>
      <PlaybackControls
        playing={playing}
        speed={speed}
        onTogglePlay={() => actions.togglePlay()}
        onStep={() => actions.step()}
        onRestart={() => actions.restart()}
        onSpeed={(v) => actions.setSpeed(v)}
        stepTitle="Every side advances 100 ms of sim time to the same moment"
        restartTitle="Every side from 0 s again (shared faults and load changes replay)"
      />
      <div className="clock" aria-label="Simulated time" role="timer">
        {formatSimSeconds(clock)}
      </div>
      <button type="button" onClick={() => actions.setMarkHere()} title="Count the differences from this moment">
        Set mark here
      </button>
      <span className="mark-note" aria-live="polite" title="Differences count from the mark: by default the moment every group first settled">
        {mark === null ? 'mark: at settle' : `mark ${(mark / 1000).toFixed(1)} s`}
      </span>
      {userMark ? (
        <button type="button" className="ghost" onClick={() => actions.clearMark()} title="Back to the default mark: when every group first settled">
          Clear mark
        </button>
      ) : null}
      {lessonAt === null ? (
        <button
          type="button"
          className="primary"
          onClick={() => {
            void actions.share().then(setShareNote)
          }}
        >
          Share
        </button>
      ) : (
        // Inside a side-by-side lesson: the lesson's link first, the comparison without it second.
        <ShareChoices
          choices={lessonChoices(lessonAt, [{ label: 'Comparison only, no lesson', title: 'The lesson’s sides as they are now, without the lesson', copy: () => actions.share() }], () => actions.share({ lesson: true }))}
          onNote={setShareNote}
          title="Copy the lesson’s link, or the comparison without the lesson"
        />
      )}
      <span className="share-note" role="status" aria-live="polite">
        {shareNote}
      </span>
      <AddSide />
      <CompareExportMenu />
      {actions.openLessons !== undefined ? <LessonsButton open={actions.openLessons} /> : null}
      <PresenterToggle on={presenter} onToggle={() => setPresenterAll(sides, !presenter)} />
      {/* As on one highway: the key works here too, and the list is compare mode's (its dialog is in CompareApp). */}
      <button type="button" className="help" onClick={() => sides[0]?.store.getState().setShortcutsOpen(true)} aria-label="Keyboard shortcuts" aria-keyshortcuts="?">
        ?
      </button>
      <span className="perf dim small" data-fps={fps}>
        {playing ? `${fps} fps` : 'paused'}
      </span>
      <button type="button" className="exit-compare" onClick={() => actions.exit()} title="Back to one highway with side A's strategy">
        One highway
      </button>
    </header>
  )
}
