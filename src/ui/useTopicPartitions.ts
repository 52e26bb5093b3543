// The topic's partition count as the run has it at the moment shown. The settings replay the
// script's commands, and an addPartitions the controller refused (every broker fenced: "All brokers
// are currently fenced.") leaves the topic as it was: the frame counts those partitions, and they
// come off the settings' count. (The frame's own count lags a live add by a frame: read as the
// field's value, the field committed the add a second time.)

import { partitionsHad } from '../store/scenarioEdits.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useSettingsNow } from './useSettingsNow.ts'

/** A number: a component re-renders only when the count changes, not on every frame. */
export function useTopicPartitions(): number {
  const settings = useSettingsNow().topic.partitions
  const refused = useAppStore((st) => st.frame?.refusedPartitions ?? 0)
  return partitionsHad(settings, refused)
}
