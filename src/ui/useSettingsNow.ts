// The scenario's settings at the moment shown: the run's t = 0 settings with the actions up to the
// playhead applied. Re-renders when an action's time is passed or the script changes, not per frame.

import { useMemo } from 'react'
import { settingsAt } from '../scenario/applyCommand.ts'
import { lastActionAt } from '../store/settingsNow.ts'
import type { Scenario } from '../store/types.ts'
import { useAppStore } from '../store/useAppStore.ts'

export function useSettingsNow(): Scenario {
  const scenario = useAppStore((s) => s.scenario)
  const cut = useAppStore((s) => lastActionAt(s.scenario, s.simTime))
  return useMemo(() => (cut < 0 ? scenario : settingsAt(scenario, cut)), [scenario, cut])
}
