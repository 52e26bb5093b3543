// "Which lane?": type a key, see its UTF-8 bytes, murmur2 hash and partition, as Kafka computes it.

import { useId, type ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { useTopicPartitions } from './useTopicPartitions.ts'

export function WhichLane(): ReactNode {
  const id = useId()
  const key = useAppStore((s) => s.whichLaneKey)
  const setKey = useAppStore((s) => s.setWhichLaneKey)
  // The topic's count as the run has it: a refused addPartitions leaves it below the settings.
  const partitions = useTopicPartitions()
  const { whichLane } = useActions()
  const r = whichLane(key, partitions)
  return (
    <section className="panel which" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Which lane?</h2>
      <label htmlFor={id}>Record key</label>
      <input id={id} type="text" value={key} spellCheck={false} onChange={(e) => setKey(e.target.value)} />
      <output htmlFor={id} className="which-result" aria-live="polite">
        <span>
          murmur2 = <b>{r.hash}</b>
        </span>
        <span>
          toPositive = {r.positive} mod {partitions} → <b className="big">P{r.partition}</b>
        </span>
        <span className="dim">bytes {r.bytesHex.length > 60 ? `${r.bytesHex.slice(0, 60)}…` : r.bytesHex || '(empty)'}</span>
      </output>
    </section>
  )
}
