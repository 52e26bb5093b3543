// What the page asks of a big topic's lanes and what the worker sends back for them (issue 12 §5:
// above about 64 partitions the highway draws groups of lanes, with drill-down). Plain data.

/** How a big topic's lanes are grouped on the page: by owning consumer, by leader broker, or the hottest N and the rest. */
export type LaneGrouping = 'consumer' | 'broker' | 'hottest'

/** PAGESCALE: what the page shows of a big topic, sent to the worker (it builds only that). */
export interface LaneView {
  by: LaneGrouping
  /** The group opened (its lanes are the rows), or null for the groups. */
  open: string | null
  /** The lane the inspector shows, if any (its figures come one by one). */
  inspect: number | null
}

/** A lane group as the page lists it (its lanes stay in the worker). */
export interface LaneGroupInfo {
  id: string
  label: string
  title: string
  size: number
}

/** A lane's records its producers hold (its leader away or at capacity), and the send() time (sim ms) of the oldest. */
export interface LaneHeld {
  records: number
  oldestSentAt: number
}

/** One lane's figures, for the lanes the page lists one by one (metrics table, inspector). */
export interface LaneFigures {
  lane: number
  /** Member index into `Frame.members`, or -1. */
  owner: number
  /** Leader broker index, or -1. */
  leader: number
  inRate: number
  outRate: number
  lag: number
  lagMs: number
  logEndOffset: number
  position: number
  committed: number
  /** Its LANE_* flags (stopped, hot, a share group's share coordinator down, …). */
  flags: number
  /** Only when its producers hold records (Frame.heldLanes). */
  held?: LaneHeld
}

export interface GroupedLanes {
  /** The topic's partitions (the frame's arrays hold its rows). */
  partitions: number
  by: LaneGrouping
  /** The group whose lanes are the rows, or null when the rows are the groups. */
  open: string | null
  groups: LaneGroupInfo[]
  /** Per row: its label ("c3", "rest", "P17"), and its one lane (-1 for a group of several). */
  rowLabels: string[]
  rowLane: Int32Array
  /** The lanes with the most lag (the metrics table's), the most first (ties: lower lane). */
  mostLag: LaneFigures[]
  /** The inspected lane's figures (LaneView.inspect), when it is one of the topic's. */
  inspected: LaneFigures | null
}
