// The top bar: play/pause, step, speed, restart, preset, share, compare, presenter mode, shortcuts.
// Laid out to fit 1024 px with room for Lessons and Export (styles.css, .toolbar).

import type { CSSProperties, ReactNode } from 'react'
import { editedFromPreset } from '../store/presetMatch.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { CompareButtons } from './CompareButtons.tsx'
import { ExportMenu } from './ExportMenu.tsx'
import { ImportButton } from './import/ImportButton.tsx'
import { LessonsButton } from './lessons/LessonsButton.tsx'
import { SelectField } from './fields.tsx'
import { PlaybackControls } from './PlaybackControls.tsx'
import { PresenterButton } from './PresenterButton.tsx'
import { ShareMenu } from './ShareMenu.tsx'
import { useThrottled } from './useThrottled.ts'

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
  // A lesson's scenario is its own version of a preset (its script, its settings), not an edit of
  // the room's: the title says so, as the story panel names the lesson (PresetNotice).
  const inLesson = useAppStore((s) => s.lessonTitle !== null)
  const mark = inLesson ? '(lesson) ' : edited ? '(edited) ' : ''
  const presetOptions = [
    ...(presetValue === '' ? [{ value: '', label: 'Custom scenario' }] : []),
    ...actions.presets.map((p, i) => ({
      value: p.name,
      label: `${i < 9 ? `${i + 1}. ` : ''}${p === current ? mark : ''}${p.title}`,
    })),
  ]
  // The closed select shows the chosen preset's title. Its box asks for the title's width (about
  // 0.52 em a character), so the toolbar wraps a menu to a second row rather than cut the title;
  // the tooltip has all of it should the screen still be too narrow.
  const presetLabel = presetOptions.find((o) => o.value === presetValue)?.label ?? ''
  const titleRoom = { '--title-em': (presetLabel.length * 0.52).toFixed(1) } as CSSProperties

  return (
    <header className="toolbar">
      <h1>Partition Highway</h1>
      <PlaybackControls
        playing={playing}
        speed={speed}
        icon
        onTogglePlay={() => actions.togglePlay()}
        onStep={() => actions.step()}
        onRestart={() => actions.restart()}
        onSpeed={(v) => actions.setSpeed(v)}
        stepTitle="Advance 100 ms of sim time"
        restartTitle="Run this scenario again from 0 s, with everything done so far replayed at the same moments"
        speedHint="Sim seconds per wall second (log scale, 0.1× to 100×)"
      />
      <div className="clock" aria-label="Simulated time" role="timer">
        {(simTime / 1000).toFixed(1)} s
      </div>
      <div className="preset" style={titleRoom}>
        <SelectField label="Preset" value={presetValue} options={presetOptions} hint={presetLabel} onChange={(v) => actions.choosePreset(v)} />
      </div>
      {/* Below 1280 px the toolbar takes two rows anyway: the menus go to the second, so the preset's title has the first row's rest. */}
      <span className="toolbar-break" aria-hidden="true" />
      <ShareMenu />
      <ImportButton />
      <ExportMenu />
      {actions.compare !== undefined ? <CompareButtons compare={actions.compare} answers={actions.compareAnswers} /> : null}
      {actions.openLessons !== undefined ? <LessonsButton open={actions.openLessons} /> : null}
      <PresenterButton />
      <button type="button" className="help" onClick={() => openShortcuts(true)} aria-label="Keyboard shortcuts" aria-keyshortcuts="?">
        ?
      </button>
    </header>
  )
}
