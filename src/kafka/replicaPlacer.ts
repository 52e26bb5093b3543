// Replica placement as KRaft's controller does it for a new topic or added partitions: the
// `StripedReplicaPlacer` (org.apache.kafka.metadata.placement) with every broker in one rack. Pure:
// the caller passes the seeded random stream and which brokers the controller has fenced.
//
// With one rack the placer walks a sorted broker list from an offset: a partition's replicas are
// the rf brokers after its offset (the first is the preferred leader), and the offset moves on by one
// per partition. After as many partitions as there are unfenced brokers it shuffles the lists (Java's
// Collections.shuffle) so the next stripe pairs brokers differently. Added partitions continue from
// the broker after the last partition's leader (RackList.tryGetPreviousBrokerOffset, KAFKA-15857),
// or from a random one when that broker is fenced now.
//
// Fenced brokers (Rack keeps them in a second BrokerList): the usable brokers are every registered
// broker not in controlled shutdown (BrokerHeartbeatManager.usableBrokers), each marked fenced or
// not. A partition takes unfenced brokers first and a fenced one only when the unfenced ones run
// out (rf > unfenced: Rack.next); its first replica, the leader, is always unfenced
// (Rack.nextUnfenced). Placement fails (InvalidReplicationFactorException) when rf ≤ 0, when every
// broker is fenced, or when rf exceeds the registered brokers, fenced ones included.

/** The random draws the placer makes: Java's Random.nextInt(bound) as `floor(next() × bound)`. */
export interface PlacerRandom {
  next(): number
}

/** Kafka's InvalidReplicationFactorException (error INVALID_REPLICATION_FACTOR), with its message. */
export class InvalidReplicationFactorError extends Error {
  override name = 'InvalidReplicationFactorException'
}

function nextInt(rng: PlacerRandom, bound: number): number {
  return Math.min(bound - 1, Math.floor(rng.next() * bound))
}

/** Collections.shuffle: Fisher–Yates from the end, as the JDK does for a RandomAccess list. */
function shuffle(list: number[], rng: PlacerRandom): void {
  for (let i = list.length; i > 1; i--) {
    const j = nextInt(rng, i)
    const t = list[i - 1]!
    list[i - 1] = list[j]!
    list[j] = t
  }
}

/** StripedReplicaPlacer.BrokerList: brokers handed out round-robin, at most once per iteration epoch. */
interface BrokerList {
  brokers: number[]
  /** Brokers handed out in the current epoch. */
  index: number
  offset: number
  epoch: number
}

function brokerList(ids: number[]): BrokerList {
  return { brokers: ids.sort((a, b) => a - b), index: 0, offset: 0, epoch: 0 }
}

/** BrokerList.next: the next broker of this epoch, or -1 when all were handed out; a new epoch starts one further on. */
function next(l: BrokerList, epoch: number): number {
  const n = l.brokers.length
  if (n === 0) return -1
  if (l.epoch !== epoch) {
    l.epoch = epoch
    l.index = 0
    l.offset = (l.offset + 1) % n
  }
  if (l.index >= n) return -1
  return l.brokers[(l.index++ + l.offset) % n]!
}

/**
 * Places `partitions` new partitions with `rf` replicas each on `brokers` (ids), preferred leader
 * first. `existing` is the topic's current assignment when partitions are added; `fenced` the
 * brokers the controller has fenced (they stay registered). Every partition gets rf distinct
 * brokers and an unfenced leader; a fenced broker only when fewer than rf are unfenced. With none
 * fenced, each full stripe of `brokers.length` partitions leads once on every broker and holds rf
 * replicas on every broker, so leader counts differ by at most one.
 * Throws InvalidReplicationFactorError with Kafka's message when it cannot place.
 */
export function placeReplicas(
  brokers: readonly number[],
  partitions: number,
  rf: number,
  rng: PlacerRandom,
  existing: readonly (readonly number[])[] = [],
  fenced: ReadonlySet<number> = new Set(),
): number[][] {
  const unfenced = brokerList(brokers.filter((b) => !fenced.has(b)))
  const fencedList = brokerList(brokers.filter((b) => fenced.has(b)))
  // RackList's constructor: tryGetPreviousBrokerOffset walks back from the last partition to the
  // first replica on a usable broker of this rack (one rack, every broker usable: the last
  // partition's preferred leader) and continues after it if it is unfenced; a fenced one gives none.
  const lastLeader = existing.length > 0 ? existing[existing.length - 1]![0] : undefined
  const prev = lastLeader === undefined ? -1 : unfenced.brokers.indexOf(lastLeader)
  // Rack.initialize: the fenced list's random offset first, then the unfenced list's (or prev + 1).
  if (fencedList.brokers.length > 0) fencedList.offset = nextInt(rng, fencedList.brokers.length)
  const U = unfenced.brokers.length
  if (U > 0) unfenced.offset = prev >= 0 ? (prev + 1) % U : nextInt(rng, U)
  // tryGetPreviousRackOffset finds the last leader's rack whenever that broker is usable (all are
  // here); a new topic draws RackList's own offset over its single rack (nextInt(1) = 0).
  if (existing.length === 0) nextInt(rng, 1)
  // StripedReplicaPlacer.place checks after building the RackList, in this order.
  if (rf <= 0) throw new InvalidReplicationFactorError(`Invalid replication factor ${rf}: the replication factor must be positive.`)
  if (U === 0) throw new InvalidReplicationFactorError('All brokers are currently fenced.')
  if (rf > brokers.length) {
    throw new InvalidReplicationFactorError(`The target replication factor of ${rf} cannot be reached because only ${brokers.length} broker(s) are registered.`)
  }
  let epoch = 0
  const out: number[][] = []
  for (let k = 0; k < partitions; k++) {
    // RackList.place: after as many partitions as unfenced brokers, shuffle (fenced list, then unfenced).
    if (epoch === U && U > 1) {
      shuffle(fencedList.brokers, rng)
      shuffle(unfenced.brokers, rng)
      epoch = 0
    }
    // The leader from the unfenced list (Rack.nextUnfenced), the rest unfenced first (Rack.next).
    const replicas = [next(unfenced, epoch)]
    while (replicas.length < rf) {
      const b = next(unfenced, epoch)
      replicas.push(b >= 0 ? b : next(fencedList, epoch))
    }
    out.push(replicas)
    epoch++
  }
  return out
}
