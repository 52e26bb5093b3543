// Colours and type for a projector: dark road, bright marks, big type. The key and member palettes
// come from Okabe & Ito (colour-blind safe); orange is reserved for the hot key alone.

/** The highway's colours and its smallest type. */
export interface Theme {
  background: string
  road: string
  roadStopped: string
  /** Stripes drawn over a stopped road (hatch). */
  roadStoppedStripe: string
  laneEdge: string
  text: string
  textDim: string
  hot: string
  hotHalo: string
  keyless: string
  backlog: string
  heatCold: string
  heatHot: string
  barrierStopped: string
  barrierPaused: string
  moving: string
  inRate: string
  outRate: string
  p99: string
  rebalanceBand: string
  /** A lesson step's outline around the lanes and consumers it names, and its glow. */
  highlight: string
  highlightGlow: string
  fontFamily: string
  /** No text on the highway is set smaller than this (px). */
  minFontPx: number
}

export const theme: Theme = {
  background: '#0b0f17',
  road: '#1c2331',
  roadStopped: '#2a2d33',
  roadStoppedStripe: '#3b3f47',
  laneEdge: '#3a4457',
  text: '#f4f6fb',
  textDim: '#aab3c5',
  /** The hot key, and nothing else. */
  hot: '#E69F00',
  hotHalo: 'rgba(230, 159, 0, 0.22)',
  keyless: '#9aa3b2',
  /** Backlog bar and lane heat (reddish purple: never confused with the hot key's orange). */
  backlog: '#CC79A7',
  heatCold: '#1c2331',
  heatHot: '#7a2a5e',
  barrierStopped: '#ff5a5f',
  barrierPaused: '#F0E442',
  moving: '#56B4E9',
  inRate: '#56B4E9',
  outRate: '#009E73',
  p99: '#F0E442',
  rebalanceBand: 'rgba(255, 90, 95, 0.18)',
  // White: no lane, key or consumer colour is white, so the outline never reads as one of them.
  highlight: '#ffffff',
  highlightGlow: 'rgba(255, 255, 255, 0.35)',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  minFontPx: 11,
}

/**
 * Presenter mode on a washed-out projector: black road, pure white type, lane edges and stopped
 * hatching bright enough to survive a projector's low contrast, and 20 px type at the least.
 */
export const projectorTheme: Theme = {
  ...theme,
  background: '#000000',
  road: '#1e2636',
  roadStopped: '#3a3e46',
  roadStoppedStripe: '#6b717c',
  laneEdge: '#8a96ad',
  text: '#ffffff',
  textDim: '#e3e8f2',
  heatCold: '#1e2636',
  heatHot: '#9c2f77',
  minFontPx: 20,
}

/** Particle colours for keys other than the hot one, indexed by (keyIndex - 1) mod length. */
export const KEY_COLOURS: readonly string[] = ['#56B4E9', '#009E73', '#6fa8ff', '#CC79A7', '#c8d3e6']

/** Consumer colours, indexed by member slot mod length. */
export const MEMBER_COLOURS: readonly string[] = [
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#CC79A7',
  '#0072B2',
  '#D55E00',
  '#e8e8e8',
  '#8fd175',
]

export function memberColour(member: number): string {
  if (member < 0) return theme.keyless
  return MEMBER_COLOURS[member % MEMBER_COLOURS.length] ?? theme.keyless
}

/** Bucket order for particles: 0 = hot key, 1 = keyless, 2.. = KEY_COLOURS. */
export const PARTICLE_BUCKETS: readonly string[] = [theme.hot, theme.keyless, ...KEY_COLOURS]
export const BUCKET_HOT = 0
export const BUCKET_KEYLESS = 1

/** Plain words for each member phase, as shown under a consumer. */
export const PHASE_WORDS: Record<string, string> = {
  stable: 'consuming',
  joining: 'joining…',
  syncing: 'syncing…',
  revoking: 'revoking',
  reconciling: 'reconciling',
  paused: 'paused (GC)',
  restarting: 'restarting',
  starting: 'starting…',
  dead: 'gone',
}
