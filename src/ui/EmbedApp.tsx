// The embedded page (`embed=1`): the highway alone under a compact toolbar (play/pause, speed, the
// simulated time, and a link to the full page). No side panels, no menus: it lives in an <iframe>.

import type { ReactNode } from 'react'
import { MAX_SPEED, MIN_SPEED } from '../store/playbackSlice.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { BannerStack } from './BannerStack.tsx'
import { RangeField } from './fields.tsx'
import { LanesPanel } from './LanesPanel.tsx'
import { formatSpeed } from './PlaybackControls.tsx'
import { useThrottled } from './useThrottled.ts'
import './export.css'

export function EmbedApp(): ReactNode {
  const actions = useActions()
  const playing = useAppStore((s) => s.playing)
  const speed = useAppStore((s) => s.speed)
  // Re-rendered when the run's script changes, so the link carries every action so far.
  useAppStore((s) => s.scenario)
  const simTime = useThrottled((s) => s.simTime, 200)
  const link = actions.fullPageLink?.()
  return (
    <div className="app embed">
      <header className="toolbar embed-toolbar">
        <button type="button" className="primary play" onClick={() => actions.togglePlay()}>
          {playing ? 'Pause' : 'Play'}
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
          {(simTime / 1000).toFixed(1)} s
        </div>
        {link !== undefined ? (
          <a className="open-full" href={link} target="_blank" rel="noopener">
            Open in Partition Highway
          </a>
        ) : null}
      </header>
      <BannerStack />
      <main className="embed-main">
        <LanesPanel />
      </main>
    </div>
  )
}
