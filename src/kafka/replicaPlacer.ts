// Replica placement as KRaft's controller does it for a new topic or added partitions: the
// `StripedReplicaPlacer` (org.apache.kafka.metadata.placement) with every broker in one rack and
// none fenced. Pure: the caller passes the seeded random stream; nothing else is read.
//
// With one rack the placer walks the sorted broker list from an offset: a partition's replicas are
// the rf brokers after its offset (the first is the preferred leader), and the offset moves on by one
// per partition. After as many partitions as there are brokers it shuffles the list (Java's
// Collections.shuffle) so the next stripe pairs brokers differently. Added partitions continue from
// the broker after the last partition's leader (RackList.tryGetPreviousBrokerOffset, KAFKA-15857).

/** The random draws the placer makes: Java's Random.nextInt(bound) as `floor(next() × bound)`. */
export interface PlacerRandom {
  next(): number
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

/**
 * Places `partitions` new partitions with `rf` replicas each on `brokers` (ids), preferred leader
 * first. `existing` is the topic's current assignment when partitions are added. Every partition
 * gets rf distinct brokers; each full stripe of `brokers.length` partitions leads once on every
 * broker and holds rf replicas on every broker, so leader counts differ by at most one.
 * Throws when rf is not in 1..brokers.length (Kafka's InvalidReplicationFactorException): the
 * scenario validator rejects such input before a run starts.
 */
export function placeReplicas(
  brokers: readonly number[],
  partitions: number,
  rf: number,
  rng: PlacerRandom,
  existing: readonly (readonly number[])[] = [],
): number[][] {
  const n = brokers.length
  if (rf <= 0) throw new Error(`Invalid replication factor ${rf}: the replication factor must be positive.`)
  if (rf > n) throw new Error(`The target replication factor of ${rf} cannot be reached because only ${n} broker(s) are registered.`)
  const list = [...brokers].sort((a, b) => a - b)
  // BrokerList.initialize: continue after the last partition's leader, else a random start.
  const lastLeader = existing.length > 0 ? existing[existing.length - 1]![0] : undefined
  const prev = lastLeader === undefined ? -1 : list.indexOf(lastLeader)
  let offset = prev >= 0 ? (prev + 1) % n : nextInt(rng, n)
  // RackList's own random offset over its single rack draws too (nextInt(1) = 0) when the topic is new.
  if (existing.length === 0) nextInt(rng, 1)
  let listEpoch = 0
  let epoch = 0
  const out: number[][] = []
  for (let k = 0; k < partitions; k++) {
    if (epoch === n && n > 1) {
      shuffle(list, rng)
      epoch = 0
    }
    // BrokerList.next: a new iteration epoch moves the start on by one.
    if (listEpoch !== epoch) {
      listEpoch = epoch
      offset = (offset + 1) % n
    }
    const replicas: number[] = []
    for (let r = 0; r < rf; r++) replicas.push(list[(offset + r) % n]!)
    out.push(replicas)
    epoch++
  }
  return out
}
