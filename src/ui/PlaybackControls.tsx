// Play/pause, step, restart and speed: the same controls in the single page's toolbar and in
// compare mode's (where they act on every side). Presentational.

import type { ReactNode } from 'react'
import { MAX_SPEED, MIN_SPEED } from '../store/playbackSlice.ts'
import { RangeField } from './fields.tsx'

export function formatSpeed(speed: number): string {
  return speed < 1 ? `${speed.toFixed(1)}×` : speed < 10 ? `${speed.toFixed(1)}×` : `${Math.round(speed)}×`
}

function PlayIcon(p: { playing: boolean }): ReactNode {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" className="icon">
      {p.playing ? (
        <path d="M2 1h3.5v12H2zM8.5 1H12v12H8.5z" fill="currentColor" />
      ) : (
        <path d="M2 1l11 6-11 6z" fill="currentColor" />
      )}
    </svg>
  )
}

export interface PlaybackControlsProps {
  playing: boolean
  speed: number
  onTogglePlay: () => void
  onStep: () => void
  onRestart: () => void
  onSpeed: (speed: number) => void
  /** Tooltips saying what Step and Restart act on here. */
  stepTitle: string
  restartTitle: string
  icon?: boolean
  speedHint?: string
}

export function PlaybackControls(p: PlaybackControlsProps): ReactNode {
  return (
    <>
      <button type="button" className="primary play" onClick={p.onTogglePlay} aria-keyshortcuts="Space">
        {p.icon === true ? <PlayIcon playing={p.playing} /> : null}
        {p.playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={p.onStep} aria-keyshortcuts="ArrowRight" title={p.stepTitle}>
        Step
      </button>
      <button type="button" onClick={p.onRestart} title={p.restartTitle}>
        Restart
      </button>
      <div className="speed">
        <RangeField
          label="Speed"
          value={Math.round(Math.log10(p.speed) * 100) / 100}
          min={Math.log10(MIN_SPEED)}
          max={Math.log10(MAX_SPEED)}
          step={0.05}
          format={(v) => formatSpeed(Math.pow(10, v))}
          onChange={(v) => p.onSpeed(Math.pow(10, v))}
          {...(p.speedHint !== undefined ? { hint: p.speedHint } : {})}
        />
      </div>
    </>
  )
}
