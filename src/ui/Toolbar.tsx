// The top bar: play/pause, step, speed, restart, preset, seed, share, shortcuts.

import type { ReactNode } from 'react'
import { MAX_SPEED, MIN_SPEED } from '../store/playbackSlice.ts'
import { editedFromPreset } from '../store/presetMatch.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { CompareButtons } from './CompareButtons.tsx'
import { RangeField, SelectField } from './fields.tsx'
import { ShareMenu } from './ShareMenu.tsx'
import { useThrottled } from './useThrottled.ts'

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

export function Toolbar(): ReactNode {
  const actions = useActions()
  const playing = useAppStore((s) => s.playing)
  const speed = useAppStore((s) => s.speed)
  const name = useAppStore((s) => s.scenario.name)
  const simTime = useThrottled((s) => s.simTime, 200)
  const openShortcuts = useAppStore((s) => s.setShortcutsOpen)
  const scenario = useAppStore((s) => s.scenario)
  const current = actions.presets.find((p) => p.name === name)
  const presetValue = current !== undefined ? name : ''
  const edited = current?.scenario !== undefined && editedFromPreset(scenario, current.scenario)
  const presetOptions = [
    ...(presetValue === '' ? [{ value: '', label: 'Custom scenario' }] : []),
    ...actions.presets.map((p, i) => ({
      value: p.name,
      label: `${i < 9 ? `${i + 1}. ` : ''}${p === current && edited ? '(edited) ' : ''}${p.title}`,
    })),
  ]

  return (
    <header className="toolbar">
      <h1>Partition Highway</h1>
      <button type="button" className="primary play" onClick={() => actions.togglePlay()} aria-keyshortcuts="Space">
        <PlayIcon playing={playing} />
        {playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" onClick={() => actions.step()} aria-keyshortcuts="ArrowRight" title="Advance 100 ms of sim time">
        Step
      </button>
      <button type="button" onClick={() => actions.restart()} title="Run this scenario again from 0 s, with everything done so far replayed at the same moments">
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
          hint="Sim seconds per wall second (log scale, 0.1× to 100×)"
        />
      </div>
      <div className="clock" aria-label="Simulated time" role="timer">
        {(simTime / 1000).toFixed(1)} s
      </div>
      <div className="preset">
        <SelectField label="Preset" value={presetValue} options={presetOptions} onChange={(v) => actions.choosePreset(v)} />
      </div>
      <ShareMenu />
      {actions.compare !== undefined ? <CompareButtons compare={actions.compare} /> : null}
      <button type="button" className="help" onClick={() => openShortcuts(true)} aria-label="Keyboard shortcuts" aria-keyshortcuts="?">
        ?
      </button>
    </header>
  )
}
