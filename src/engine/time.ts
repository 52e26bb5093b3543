// Simulated time. Pure: reads no clock. The engine's only clock is the event queue's.

/** Simulated time in milliseconds since the start of the run (a float: batches are sub-ms at high rates). */
export type SimTime = number

export const MS = 1
export const SECOND = 1000

/** Formats sim time for narration: "12.3 s". */
export function formatSimTime(t: SimTime): string {
  return `${(t / SECOND).toFixed(1)} s`
}
