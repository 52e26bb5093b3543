// How a link carries a kept placement (cluster.assignment, cluster.leaders) compactly: the link's
// JSON holds each as one string, unpacked to the readable lists before validation. Pure; unpacking
// never throws (a bad string becomes a message under its path, as any bad field does).
//
// assignment: one base64url character per replica, partition after partition: its move-to-front
// index among the broker numbers 1..brokers (most recently listed first). A placement KRaft's
// placer made lists each partition's replicas as the last two of the one before plus one new
// broker, so two of three indices are 1 or 2 and deflate packs a 10 000-partition topic on 50
// brokers (RF 3) into a link of about 12 600 characters (36 000 as JSON lists; a random placement
// about 29 000 either way, its entropy). leaders: one character per partition, the leader's
// position in its replica list ('A' = the preferred leader), which deflate makes almost nothing.

import { DEFAULT_CLUSTER } from './defaults.ts'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]))

/** Longest packed string read: 10 000 partitions × 64 replicas (LIMITS). */
const MAX_PACKED_CHARS = 10_000 * 64

function recency(brokers: number): number[] {
  return Array.from({ length: brokers }, (_, i) => i + 1)
}

/** The move-to-front string of `assignment` over brokers 1..brokers (each ≤ 64, so one character). */
export function packAssignment(assignment: readonly (readonly number[])[], brokers: number): string {
  const list = recency(brokers)
  let out = ''
  for (const r of assignment) {
    for (const b of r) {
      const i = list.indexOf(b)
      out += ALPHABET[i]!
      list.splice(i, 1)
      list.unshift(b)
    }
  }
  return out
}

export type Unpacked<T> = { ok: true; value: T } | { ok: false; message: string }

/** The lists `packAssignment` made, `rf` replicas a partition. */
export function unpackAssignment(text: string, brokers: number, rf: number): Unpacked<number[][]> {
  if (text.length > MAX_PACKED_CHARS) return { ok: false, message: `the link's packed placement is too long (${text.length} characters; at most ${MAX_PACKED_CHARS})` }
  if (!(rf >= 1) || text.length % rf !== 0) return { ok: false, message: `the link's packed placement has ${text.length} replicas, not a whole number of partitions of ${rf}` }
  const list = recency(brokers)
  const out: number[][] = []
  for (let at = 0; at < text.length; at += rf) {
    const r: number[] = []
    for (let k = 0; k < rf; k++) {
      const i = INDEX.get(text[at + k]!)
      if (i === undefined || i >= list.length) return { ok: false, message: `the link's packed placement is damaged at partition ${out.length} (not one of the ${brokers} brokers)` }
      const b = list[i]!
      r.push(b)
      list.splice(i, 1)
      list.unshift(b)
    }
    out.push(r)
  }
  return { ok: true, value: out }
}

export function packLeaders(leaders: readonly number[], assignment: readonly (readonly number[])[]): string {
  return leaders.map((b, p) => ALPHABET[Math.max(0, assignment[p]?.indexOf(b) ?? 0)]!).join('')
}

export function unpackLeaders(text: string, assignment: readonly (readonly number[])[]): Unpacked<number[]> {
  if (text.length !== assignment.length) return { ok: false, message: `the link's packed leaders name ${text.length} partitions, the placement ${assignment.length}` }
  const out: number[] = []
  for (let p = 0; p < text.length; p++) {
    const b = assignment[p]![INDEX.get(text[p]!) ?? -1]
    if (b === undefined) return { ok: false, message: `the link's packed leaders are damaged at partition ${p} (not one of its replicas)` }
    out.push(b)
  }
  return { ok: true, value: out }
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const whole = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 64 ? v : fallback)

/**
 * In a link's JSON (a scenario's diff from the defaults): the cluster's lists packed into strings.
 * Mutates `json`; only a valid scenario's lists are packed, so every broker number is 1..brokers.
 */
export function packPlacement(json: Obj): void {
  const c = json['cluster']
  if (!isObj(c) || !Array.isArray(c['assignment'])) return
  const a = c['assignment'] as number[][]
  if (Array.isArray(c['leaders'])) c['leaders'] = packLeaders(c['leaders'] as number[], a)
  c['assignment'] = packAssignment(a, whole(c['brokers'], DEFAULT_CLUSTER.brokers))
}

/**
 * The reverse, on the JSON a link held, before validation: packed strings back into lists. A
 * string that does not unpack is an issue under its path. Lists (a pasted JSON scenario) stay.
 */
export function unpackPlacement(json: unknown): { path: string; message: string } | null {
  if (!isObj(json)) return null
  const c = json['cluster']
  if (!isObj(c) || typeof c['assignment'] !== 'string') return null
  const brokers = whole(c['brokers'], DEFAULT_CLUSTER.brokers)
  const a = unpackAssignment(c['assignment'], brokers, whole(c['replication.factor'], DEFAULT_CLUSTER['replication.factor']))
  if (!a.ok) return { path: 'cluster.assignment', message: a.message }
  c['assignment'] = a.value
  if (typeof c['leaders'] !== 'string') return null
  const l = unpackLeaders(c['leaders'], a.value)
  if (!l.ok) return { path: 'cluster.leaders', message: l.message }
  c['leaders'] = l.value
  return null
}
