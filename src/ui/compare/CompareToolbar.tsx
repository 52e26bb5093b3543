// Compare mode's top bar: one play/pause, step, restart and speed for every side, the shared clock,
// the mark, Share, and the way back to one highway.

import { useState, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { effectiveMark } from '../../store/compareStore.ts'
import { MAX_SPEED, MIN_SPEED } from '../../store/playbackSlice.ts'
import { RangeField } from '../fields.tsx'
import { formatSpeed } from '../Toolbar.tsx'
import { useCompare } from './compareActions.ts'

export function CompareToolbar(): ReactNode {
  const { store, actions } = useCompare()
  const playing = useStore(store, (s) => s.playing)
  const speed = useStore(store, (s) => s.speed)
  // Tenths of a second: the clock re-renders this bar ten times a simulated second at most.
  const tenths = useStore(store, (s) => Math.round(s.clock / 100))
  const mark = useStore(store, effectiveMark)
  const userMark = useStore(store, (s) => s.mark !== null)
  const fps = useStore(store, (s) => s.perf.fps)
  const [shareNote, setShareNote] = useState('')
  return (
    <header className="toolbar compare-toolbar">
      <h1>Compare</h1>
      <button type="button" className="primary play" onClick={() => actions.togglePlay()} aria-keyshortcuts="Space">
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => actions.step()} aria-keyshortcuts="ArrowRight" title="Every side advances 100 ms of sim time to the same moment">
        Step
      </button>
      <button type="button" onClick={() => actions.restart()} title="Every side from 0 s again (shared faults and load changes replay)">
        Restart
      </button>
      <div className="speed">
        <RangeField
          label="Speed"
          value={Math.round(Math.log10(speed) * 100) / 100}
          min={Math.log10(MIN_SPEED)}
          max={Math.log10(MAX_SPEED)}
          step={0.05}
          format={(v) => formatSpeed(Math.pow(10, v))}
          onChange={(v) => actions.setSpeed(Math.pow(10, v))}
        />
      </div>
      <div className="clock" aria-label="Simulated time" role="timer">
        {(tenths / 10).toFixed(1)} s
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
      <button
        type="button"
        className="primary"
        onClick={() => {
          void actions.share().then(setShareNote)
        }}
      >
        Share
      </button>
      <span className="share-note" role="status" aria-live="polite">
        {shareNote}
      </span>
      <span className="perf dim small" data-fps={fps}>
        {fps} fps
      </span>
      <button type="button" onClick={() => actions.exit()} title="Back to one highway with side A's strategy">
        One highway
      </button>
    </header>
  )
}
