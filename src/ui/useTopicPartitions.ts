// The topic's partition count as the run has it at the moment shown: its frame's, else the settings'.
// The settings replay the script's commands, and an addPartitions the controller refused (every
// broker fenced: "All brokers are currently fenced.") leaves the topic as it was: the settings then
// say the count asked for, the run (and the frame) the count it has.

import { useAppStore } from '../store/useAppStore.ts'
import { useSettingsNow } from './useSettingsNow.ts'

/** A number: a component re-renders only when the count changes, not on every frame. */
export function useTopicPartitions(): number {
  const settings = useSettingsNow().topic.partitions
  const real = useAppStore((st) => (st.frame === null ? null : (st.frame.grouped?.partitions ?? st.frame.partitions)))
  return real ?? settings
}
