// Bringing a fresh worker back to the moment the page showed when the old one failed. Pure: the
// client sends the requests; this decides which frame ends the restore and what it carries, and
// builds the init request a (fresh) worker gets.

import type { Scenario, ScenarioAction } from '../scenario/types.ts'
import type { LaneView } from '../sim/frameTypes.ts'
import type { FrameMessage, ResumePoint, TimelineMarker, WorkerRequest } from '../worker/protocol.ts'

export interface Restoring {
  /** The sim ms the page showed (the run continues from exactly there). */
  toT: number
  /** The newest markers and script the fresh worker sent on its way (only its first frame has them). */
  markers?: TimelineMarker[]
  actions?: ScenarioAction[]
  /** Commands the failed worker never answered: sent again once the run is back. */
  resend?: WorkerRequest[]
}

/**
 * Takes in one frame of the fresh worker. Returns null while it is short of `toT` (the client
 * steps on), else the frame the page gets: marked `seeked`, so the store keeps its history up to
 * that moment and adds only what is newer, with the markers and script of the whole restore.
 */
export function restoredFrame(r: Restoring, msg: FrameMessage): FrameMessage | null {
  if (msg.timeline.markers !== undefined) r.markers = msg.timeline.markers
  if (msg.timeline.actions !== undefined) r.actions = msg.timeline.actions
  if (msg.frame.t < r.toT) return null
  const timeline = { ...msg.timeline, seeked: true }
  if (r.markers !== undefined) timeline.markers = r.markers
  if (r.actions !== undefined) timeline.actions = r.actions
  return { ...msg, timeline }
}

/** The init request of a run: its scenario with the actions recorded so far, and where to resume. */
export function initRequestOf(x: {
  id: number
  runId: number
  scenario: Scenario
  actions: readonly ScenarioAction[] | null
  maxParticles: number
  resume: ResumePoint | null
  debugFaults: boolean
  lanes: LaneView | null
}): WorkerRequest {
  return {
    type: 'init',
    id: x.id,
    runId: x.runId,
    scenario: x.actions === null ? x.scenario : { ...x.scenario, actions: x.actions.slice() },
    maxParticles: x.maxParticles,
    ...(x.resume !== null ? { resume: x.resume } : {}),
    ...(x.debugFaults ? { debugFaults: true } : {}),
    ...(x.lanes !== null ? { lanes: x.lanes } : {}),
  }
}

